import {
  flexContainerProblems,
  flexProblemText,
  LINE_TEMPLATE_LIMITS,
  MESSAGE_CHECK_TEXT,
  utf8Bytes,
  type Template,
} from '@tsunagu/contracts';
import { fromFlexContainer, starterCards, toFlexContainer, type CardDraft } from './flex-cards';

/** The flex editor's form: a template of one flex message, its container as JSON text. */
export type Draft = { name: string; group_id: number | null; altText: string; json: string };

/** The form's values for a saved template, or a new one (starter cards) in folder `group`. */
export const draftOf = (template: Template | undefined, group: number | null): Draft => {
  const message = template?.messages[0] as { altText?: string; contents?: unknown } | undefined;
  return {
    name: template?.name ?? '',
    group_id: template ? template.group_id : group,
    altText: message?.altText ?? '',
    json: JSON.stringify(message?.contents ?? toFlexContainer(starterCards()), null, 2),
  };
};

/** What the JSON says, read as the operator types: the container, or why it cannot be one. */
export function readJson(json: string): { container: unknown; problems: string[] } {
  let container: unknown;
  try {
    container = JSON.parse(json);
  } catch {
    return {
      container: undefined,
      problems: ['JSONとして読めません（括弧・カンマ・" の対応を確かめてください）'],
    };
  }
  const bytes = utf8Bytes(container);
  if (bytes > LINE_TEMPLATE_LIMITS.flexBytes)
    return { container, problems: [MESSAGE_CHECK_TEXT.flexTooLarge(bytes)] };
  return { container, problems: flexContainerProblems(container).map(flexProblemText) };
}

/** The builder's cards for the JSON, or null when the builder cannot read it. */
export function cardsOfJson(json: string): CardDraft[] | null {
  try {
    return fromFlexContainer(JSON.parse(json));
  } catch {
    return null;
  }
}

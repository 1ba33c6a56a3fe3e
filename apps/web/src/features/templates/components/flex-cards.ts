import {
  FLEX_LIMITS,
  httpsProblem,
  isLineObject,
  LINE_TEMPLATE_LIMITS,
  lineActionProblems,
  MESSAGE_CHECK_TEXT,
  utf8Bytes,
} from '@tsunagu/contracts';
import { fromLineAction, toLineAction, type ActionDraft } from './message-draft';

/**
 * What the flex builder edits (issue 28, decision 0375): LINE's common card — an image, a title,
 * a text, a price and up to 3 buttons — one card a bubble, 2–12 a carousel. `toFlexContainer`
 * makes the flex JSON that is saved (the same JSON the JSON editor saves); `fromFlexContainer`
 * reads a container back only when rebuilding it gives the very same JSON, so the builder never
 * drops what an operator wrote by hand.
 */
export type CardDraft = {
  imageUrl: string;
  title: string;
  text: string;
  price: string;
  actions: ActionDraft[];
};

export const FLEX_BUILDER_LIMITS = {
  cards: FLEX_LIMITS.carouselBubbles,
  buttons: 3,
} as const;

export const emptyCard = (): CardDraft => ({
  imageUrl: '',
  title: '',
  text: '',
  price: '',
  actions: [],
});

/** A new flex template starts from this card (the JSON editor's former starter, as a card). */
export const starterCards = (): CardDraft[] => [
  {
    ...emptyCard(),
    title: '今月のおすすめ',
    text: 'カット＋トリートメントが10%オフ',
    actions: [{ kind: 'uri', label: '予約する', value: 'https://example.jp/' }],
  },
];

const BUTTON_STYLES = ['primary', 'secondary', 'secondary'] as const;

function bubbleOf(card: CardDraft): Record<string, unknown> {
  const texts = [
    card.title.trim()
      ? { type: 'text', text: card.title, weight: 'bold', size: 'xl', wrap: true }
      : null,
    card.text.trim() ? { type: 'text', text: card.text, size: 'sm', wrap: true } : null,
    card.price.trim()
      ? { type: 'text', text: card.price, weight: 'bold', size: 'lg', color: '#06C755' }
      : null,
  ].filter((node) => node !== null);
  const body = texts.map((node, index) => (index === 0 ? node : { ...node, margin: 'md' }));
  return {
    type: 'bubble',
    ...(card.imageUrl.trim()
      ? {
          hero: {
            type: 'image',
            url: card.imageUrl.trim(),
            size: 'full',
            aspectRatio: '20:13',
            aspectMode: 'cover',
          },
        }
      : {}),
    ...(body.length > 0 ? { body: { type: 'box', layout: 'vertical', contents: body } } : {}),
    ...(card.actions.length > 0
      ? {
          footer: {
            type: 'box',
            layout: 'vertical',
            spacing: 'sm',
            contents: card.actions.map((action, index) => ({
              type: 'button',
              style: BUTTON_STYLES[index] ?? 'secondary',
              action: toLineAction(action),
            })),
          },
        }
      : {}),
  };
}

/** The flex container the cards make: a bubble for one card, a carousel for more. */
export function toFlexContainer(cards: readonly CardDraft[]): Record<string, unknown> {
  if (cards.length === 1) return bubbleOf(cards[0]!);
  return { type: 'carousel', contents: cards.map(bubbleOf) };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const nodes = (box: unknown) =>
  isLineObject(box) && Array.isArray(box.contents) ? box.contents.filter(isLineObject) : [];

function cardOf(bubble: unknown): CardDraft {
  if (!isLineObject(bubble)) return emptyCard();
  const card = emptyCard();
  if (isLineObject(bubble.hero)) card.imageUrl = str(bubble.hero.url);
  for (const node of nodes(bubble.body)) {
    if (node.size === 'xl') card.title = str(node.text);
    else if (node.size === 'lg') card.price = str(node.text);
    else card.text = str(node.text);
  }
  card.actions = nodes(bubble.footer).map((button) => fromLineAction(button.action));
  return card;
}

/** Same JSON value (key order aside)? */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  if (isLineObject(a) && isLineObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => key in b && sameJson(a[key], b[key]))
    );
  }
  return a === b;
}

/**
 * The cards of a container the builder made (or one written exactly like it), else null: the
 * JSON has parts the builder does not know and stays in the JSON editor.
 */
export function fromFlexContainer(container: unknown): CardDraft[] | null {
  if (!isLineObject(container)) return null;
  const bubbles =
    container.type === 'carousel' && Array.isArray(container.contents)
      ? container.contents
      : [container];
  if (bubbles.length === 0 || bubbles.length > FLEX_BUILDER_LIMITS.cards) return null;
  const cards = bubbles.map(cardOf);
  if (cards.some((card) => card.actions.length > FLEX_BUILDER_LIMITS.buttons)) return null;
  return sameJson(toFlexContainer(cards), container) ? cards : null;
}

/**
 * What LINE (and so the server) would refuse in the cards, named by card and button in the
 * builder's words; the container's own check (flexContainerProblems) runs after these.
 */
export function cardProblems(cards: readonly CardDraft[]): string[] {
  const problems: string[] = [];
  cards.forEach((card, index) => {
    const name = `カード${index + 1}`;
    const empty =
      !card.imageUrl.trim() && !card.title.trim() && !card.text.trim() && !card.price.trim();
    if (empty) problems.push(`${name}：画像・タイトル・本文・価格のどれかを入れてください`);
    const image = card.imageUrl.trim()
      ? httpsProblem(card.imageUrl.trim(), '画像のURL', FLEX_LIMITS.urlChars)
      : undefined;
    if (image) problems.push(`${name}：${image}`);
    card.actions.forEach((action, at) => {
      for (const problem of lineActionProblems(toLineAction(action), { labelRequired: true }))
        problems.push(`${name}のボタン${at + 1}：${problem}`);
      if (action.kind === 'postback' && action.value === '')
        problems.push(`${name}のボタン${at + 1}：アクションセットを選んでください`);
    });
  });
  const bytes = utf8Bytes(toFlexContainer(cards));
  if (bytes > LINE_TEMPLATE_LIMITS.flexBytes) problems.push(MESSAGE_CHECK_TEXT.flexTooLarge(bytes));
  return problems;
}

import { JOURNEY_TEXT, MESSAGES, type journeyInputSchema } from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { groupExists } from './folder-repository.js';
import { ownedIds, type ReferenceKind } from './references.js';

type JourneyInput = z.output<typeof journeyInputSchema>;

/** Each id a journey points at, with the field that names it in a 422. */
function referencesOf(input: JourneyInput): { kind: ReferenceKind; id: number; field: string }[] {
  const found: { kind: ReferenceKind; id: number; field: string }[] = [];
  const { entry } = input;
  if (entry.kind === 'segment')
    found.push({ kind: 'segment', id: entry.member_query_id, field: 'entry.member_query_id' });
  if (entry.kind === 'tag_added')
    found.push({ kind: 'tag', id: entry.tag_id, field: 'entry.tag_id' });
  if (entry.kind === 'reservation' && entry.salon_id !== null)
    found.push({ kind: 'salon', id: entry.salon_id, field: 'entry.salon_id' });
  input.steps.forEach((step, index) => {
    const at = (name: string) => `steps.${index}.${name}`;
    if (step.kind === 'send')
      found.push({ kind: 'template', id: step.template_id, field: at('template_id') });
    if (step.kind === 'add_tag' || step.kind === 'remove_tag')
      found.push({ kind: 'tag', id: step.tag_id, field: at('tag_id') });
    if (step.kind === 'add_journey_tag' || step.kind === 'remove_journey_tag')
      found.push({ kind: 'journeyTag', id: step.journey_tag_id, field: at('journey_tag_id') });
    if (step.kind === 'branch')
      found.push({ kind: 'segment', id: step.member_query_id, field: at('member_query_id') });
  });
  return found;
}

const missingText: Record<ReferenceKind, string> = {
  template: JOURNEY_TEXT.templateNotFound,
  tag: JOURNEY_TEXT.friendTagNotFound,
  journeyTag: JOURNEY_TEXT.tagNotFound,
  segment: JOURNEY_TEXT.segmentNotFound,
  salon: JOURNEY_TEXT.salonNotFound,
  journey: JOURNEY_TEXT.notFound,
};

/** Every id the journey names is the account's own; otherwise a 422 naming each field. */
export async function assertJourneyReferences(
  db: Executor,
  accountId: number,
  input: JourneyInput,
) {
  const wanted = referencesOf(input);
  const errors: Record<string, string[]> = {};
  if (input.group_id !== null && !(await groupExists(db, accountId, input.group_id)))
    errors.group_id = [JOURNEY_TEXT.groupNotFound];
  const kinds = [...new Set(wanted.map((ref) => ref.kind))];
  for (const kind of kinds) {
    const ofKind = wanted.filter((ref) => ref.kind === kind);
    const owned = await ownedIds(
      db,
      accountId,
      kind,
      ofKind.map((ref) => ref.id),
    );
    for (const ref of ofKind) if (!owned.has(ref.id)) errors[ref.field] = [missingText[kind]];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(MESSAGES.validationFailed, errors);
}

import {
  FRIEND_EVENT_CHOICE_LIST,
  FUNNEL_TEXT,
  MESSAGES,
  type FunnelDefinition,
} from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { funnelChoices } from './choices.js';

/**
 * Every tag, form, course, event and tracker a funnel names must be the account's (decision
 * 0431): one 422 naming each field (`steps.1.ref_id`, `cohort.tracker_id`), so another
 * account's ids can neither be saved nor counted.
 */
export async function checkFunnelRefs(
  db: Executor,
  accountId: number,
  definition: FunnelDefinition,
): Promise<void> {
  const named =
    definition.cohort.tracker_id !== null || definition.steps.some((step) => step.ref_id !== null);
  if (!named) return;
  const choices = await funnelChoices(db, accountId);
  const has = (list: keyof typeof choices, id: number) =>
    choices[list].some((choice) => choice.id === id);
  const errors: Record<string, string[]> = {};
  definition.steps.forEach((step, index) => {
    if (step.ref_id === null) return;
    const list = FRIEND_EVENT_CHOICE_LIST[step.kind];
    if (!list || !has(list, step.ref_id))
      errors[`steps.${index}.ref_id`] = [FUNNEL_TEXT.refNotFound];
  });
  const tracker = definition.cohort.tracker_id;
  if (tracker !== null && !has('trackers', tracker))
    errors['cohort.tracker_id'] = [FUNNEL_TEXT.trackerNotFound];
  if (Object.keys(errors).length > 0) throw new ValidationError(MESSAGES.validationFailed, errors);
}

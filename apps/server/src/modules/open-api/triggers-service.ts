import {
  MESSAGES,
  TRIGGER_TEXT,
  type Trigger,
  type TriggerAction,
  type TriggerActionType,
  type TriggerInput,
  type triggerActionInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { ownedIds, type ReferenceKind } from '../journeys/index.js';
import * as repository from './triggers-repository.js';
import type { TriggerActionRow, TriggerRow } from './triggers-repository.js';

type ActionInput = z.output<typeof triggerActionInputSchema>;

export const toTriggerAction = (row: TriggerActionRow): TriggerAction => ({
  id: row.id,
  name: row.name,
  trigger_id: row.triggerId,
  action_type: row.actionType as TriggerActionType,
  action_id: row.actionId,
  member_query_id: row.memberQueryId,
  is_active: row.isActive,
});

const toTrigger = (row: TriggerRow, actions: TriggerActionRow[]): Trigger => ({
  id: row.id,
  name: row.name,
  event: row.event,
  open_api_trigger_actions: actions
    .filter((action) => action.triggerId === row.id)
    .map(toTriggerAction),
});

/** What each action type points at. */
export const actionTarget: Record<TriggerActionType, ReferenceKind> = {
  journey: 'journey',
  template: 'template',
  add_tag: 'tag',
  remove_tag: 'tag',
};
const targetMissing: Record<TriggerActionType, string> = {
  journey: TRIGGER_TEXT.journeyNotFound,
  template: TRIGGER_TEXT.templateNotFound,
  add_tag: TRIGGER_TEXT.tagNotFound,
  remove_tag: TRIGGER_TEXT.tagNotFound,
};

/** Triggers and their actions (TRG-01..10, decision 0170). */
export function createTriggersService(deps: { db: Database }) {
  const { db } = deps;

  async function trigger(accountId: number, id: number) {
    const row = await repository.findTrigger(db, accountId, id);
    if (!row) throw new NotFoundError(TRIGGER_TEXT.notFound);
    return row;
  }

  async function get(accountId: number, id: number): Promise<Trigger> {
    const row = await trigger(accountId, id);
    return toTrigger(row, await repository.actionsOf(db, [row.id]));
  }

  /** The action's journey, template or tag and its segment are the account's; else a 422 each. */
  async function assertTargets(accountId: number, input: ActionInput) {
    const errors: Record<string, string[]> = {};
    if (input.action_id !== null) {
      const owned = await ownedIds(db, accountId, actionTarget[input.action_type], [
        input.action_id,
      ]);
      if (!owned.has(input.action_id)) errors.action_id = [targetMissing[input.action_type]];
    }
    if (input.member_query_id !== null) {
      const owned = await ownedIds(db, accountId, 'segment', [input.member_query_id]);
      if (!owned.has(input.member_query_id))
        errors.member_query_id = [TRIGGER_TEXT.segmentNotFound];
    }
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MESSAGES.validationFailed, errors);
  }

  const actionValues = (input: ActionInput): repository.ActionValues => ({
    name: input.name,
    actionType: input.action_type,
    actionId: input.action_id,
    memberQueryId: input.member_query_id,
    isActive: input.is_active,
  });

  async function action(accountId: number, triggerId: number, id: number) {
    await trigger(accountId, triggerId);
    const row = await repository.findAction(db, triggerId, id);
    if (!row) throw new NotFoundError(TRIGGER_TEXT.actionNotFound);
    return row;
  }

  return {
    get,

    /** TRG-03. */
    async list(accountId: number): Promise<Trigger[]> {
      const rows = await repository.listTriggers(db, accountId);
      const actions = await repository.actionsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toTrigger(row, actions));
    },

    /** TRG-04. */
    async create(accountId: number, input: TriggerInput) {
      return get(accountId, await repository.insertTrigger(db, accountId, input));
    },

    /** TRG-05. */
    async update(accountId: number, id: number, input: TriggerInput) {
      if (!(await repository.updateTrigger(db, accountId, id, input)))
        throw new NotFoundError(TRIGGER_TEXT.notFound);
      return get(accountId, id);
    },

    async remove(accountId: number, id: number) {
      if (!(await repository.deleteTrigger(db, accountId, id)))
        throw new NotFoundError(TRIGGER_TEXT.notFound);
    },

    /** TRG-06. */
    async createAction(accountId: number, triggerId: number, input: ActionInput) {
      await trigger(accountId, triggerId);
      await assertTargets(accountId, input);
      const id = await repository.insertAction(db, triggerId, actionValues(input));
      return toTriggerAction((await repository.findAction(db, triggerId, id))!);
    },

    /** TRG-07. */
    async updateAction(accountId: number, triggerId: number, id: number, input: ActionInput) {
      await action(accountId, triggerId, id);
      await assertTargets(accountId, input);
      const row = await repository.updateAction(db, triggerId, id, actionValues(input));
      if (!row) throw new NotFoundError(TRIGGER_TEXT.actionNotFound);
      return toTriggerAction(row);
    },

    /** TRG-08/09: the answer carries the new `is_active`. */
    async setState(accountId: number, triggerId: number, id: number, state: 'active' | 'inactive') {
      await action(accountId, triggerId, id);
      const row = await repository.updateAction(db, triggerId, id, {
        isActive: state === 'active',
      });
      if (!row) throw new NotFoundError(TRIGGER_TEXT.actionNotFound);
      return toTriggerAction(row);
    },

    /** TRG-10. */
    async removeAction(accountId: number, triggerId: number, id: number) {
      await trigger(accountId, triggerId);
      if (!(await repository.deleteAction(db, triggerId, id)))
        throw new NotFoundError(TRIGGER_TEXT.actionNotFound);
    },
  };
}

export type TriggersService = ReturnType<typeof createTriggersService>;

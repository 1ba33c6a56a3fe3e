import {
  OPEN_API_CATEGORY,
  OPEN_API_EVENTS_PAGE,
  TRIGGER_TEXT,
  todayInTokyo,
  type OpenApiActionResult,
  type OpenApiEvent,
  type OpenApiEventOutcome,
  type TriggerActionType,
  type Action,
  type openApiEventInputSchema,
} from '@tsunagu/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { members, openApiEvents, openApiKeys } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { friendByPhone } from '../friends/index.js';
import { runActions } from '../actions/index.js';
import type { JourneyRunner } from '../journeys/index.js';
import type { PushQueue } from '../line-push/index.js';
import type { RenderMessage } from '../message-aliases/index.js';
import { segmentPredicate } from '../member-queries/index.js';
import { activeActionsFor, type TriggerActionRow } from './triggers-repository.js';

type EventInput = z.output<typeof openApiEventInputSchema>;
type Key = { id: number; accountId: number };
type Ran = { result: OpenApiActionResult; runId?: number };

/** A trigger action as an action of the one model. */
function actionOf(type: TriggerActionType, id: number): Action {
  switch (type) {
    case 'journey':
      return { type: 'start_journey', journey_id: id };
    case 'template':
      return { type: 'send_template', template_id: id };
    case 'add_tag':
    case 'remove_tag':
      return { type, tag_id: id };
  }
}

/** Push key of a trigger's template send: once per event and action. */
export const triggerPushKey = (eventId: number, actionId: number) => `trg:${eventId}:${actionId}`;

/** What a repeated Idempotency-Key must repeat for its first answer to be replayed. */
const fingerprintOf = (input: EventInput) =>
  JSON.stringify([
    input.event,
    input.label,
    input.params,
    input.line_user_id ?? null,
    input.tel ?? null,
  ]);

/**
 * Events posted by external systems (TRG-11, decision 0170): the friend is found, each active
 * action of the triggers listening to the event runs for them in one transaction with the
 * event's record (the context store and call log), and journeys started run their first steps
 * at once. A repeated `Idempotency-Key` replays the first answer and runs nothing again.
 */
export function createEventsService(deps: {
  db: Database;
  pushes: PushQueue;
  rendererFor: (executor: Executor) => RenderMessage;
  runner: JourneyRunner;
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function friendOf(accountId: number, input: EventInput) {
    if (input.line_user_id !== undefined) {
      const [row] = await db
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.accountId, accountId),
            eq(members.lineUserId, input.line_user_id),
            // Someone who never followed the account is no friend (decision 0181).
            ne(members.followState, 'not_friend'),
          ),
        );
      return row?.id;
    }
    return friendByPhone(db, accountId, input.tel!);
  }

  async function replay(accountId: number, idempotencyKey: string, input: EventInput) {
    const [row] = await db
      .select({ outcome: openApiEvents.outcome })
      .from(openApiEvents)
      .where(
        and(
          eq(openApiEvents.accountId, accountId),
          eq(openApiEvents.idempotencyKey, idempotencyKey),
        ),
      );
    if (!row) return undefined;
    const stored = row.outcome as {
      fingerprint?: string;
      answer?: OpenApiEventOutcome;
      status?: number;
    };
    if (stored.fingerprint !== fingerprintOf(input))
      throw fieldError('Idempotency-Key', TRIGGER_TEXT.idempotencyMismatch);
    if (!stored.answer) throw new NotFoundError(TRIGGER_TEXT.friendNotFound);
    return stored.answer;
  }

  /** Runs one action for the friend inside the event's transaction. */
  async function run(
    tx: Executor,
    accountId: number,
    memberId: number,
    eventId: number,
    action: TriggerActionRow,
    now: Date,
  ): Promise<Ran> {
    if (action.memberQueryId !== null) {
      const where = await segmentPredicate(tx, accountId, action.memberQueryId, todayInTokyo(now));
      const [found] = where
        ? await tx
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.id, memberId), where))
        : [];
      if (!found) return { result: 'not_in_segment' };
    }
    if (action.actionId === null) return { result: 'recorded' };
    // The trigger's action runs on the one action model (issue 25, decision 0250), once per
    // event and action, with the keys triggers always used (a push `trg:…`, a journey `event:…`).
    const [outcome] = await runActions(tx, deps, {
      accountId,
      memberId,
      cause: `trigger:${eventId}:${action.id}`,
      actions: [actionOf(action.actionType as TriggerActionType, action.actionId)],
      now,
      keys: () => ({
        pushKey: triggerPushKey(eventId, action.id),
        entryKey: `event:${eventId}`,
        noticeKey: `trg:${eventId}:${action.id}`,
      }),
    });
    if (!outcome) return { result: 'already' };
    const result = outcome.result === 'refused' ? 'target_missing' : outcome.result;
    return outcome.journeyRunId === undefined
      ? { result }
      : { result, runId: outcome.journeyRunId };
  }

  return {
    async receive(
      key: Key,
      input: EventInput,
      idempotencyKey: string | undefined,
    ): Promise<{ replayed: boolean; outcome: OpenApiEventOutcome }> {
      const { accountId } = key;
      if (idempotencyKey !== undefined) {
        const answer = await replay(accountId, idempotencyKey, input);
        if (answer) return { replayed: true, outcome: answer };
      }
      const now = clock();
      const memberId = await friendOf(accountId, input);
      const record = {
        accountId,
        keyId: key.id,
        category: OPEN_API_CATEGORY,
        event: input.event,
        label: input.label,
        params: input.params,
        idempotencyKey: idempotencyKey ?? null,
      };
      const fingerprint = fingerprintOf(input);
      try {
        if (memberId === undefined) {
          // Logged for the operator (a wrong id in the external system shows up there).
          await db.insert(openApiEvents).values({ ...record, outcome: { fingerprint } });
          throw new NotFoundError(TRIGGER_TEXT.friendNotFound);
        }
        const { outcome, runIds } = await db.transaction(async (tx) => {
          const [event] = await tx
            .insert(openApiEvents)
            .values({ ...record, memberId, outcome: { fingerprint } })
            .returning({ id: openApiEvents.id });
          const eventId = event!.id;
          const actions: OpenApiEventOutcome['actions'] = [];
          const started: number[] = [];
          for (const action of await activeActionsFor(tx, accountId, input.event)) {
            const ran = await run(tx, accountId, memberId, eventId, action, now);
            if (ran.runId !== undefined) started.push(ran.runId);
            actions.push({ trigger_action_id: action.id, name: action.name, result: ran.result });
          }
          const answer: OpenApiEventOutcome = { id: eventId, friend_id: memberId, actions };
          await tx
            .update(openApiEvents)
            .set({ outcome: { fingerprint, answer } })
            .where(eq(openApiEvents.id, eventId));
          return { outcome: answer, runIds: started };
        });
        // The journeys' first steps go now, not at the scheduler's next pass.
        if (runIds.length > 0) await deps.runner.advance(runIds);
        return { replayed: false, outcome };
      } catch (error) {
        // The same key posted twice at once: the second waits for the first, then replays it.
        if (
          idempotencyKey !== undefined &&
          isViolationOf(error, '23505', 'open_api_events_idempotency')
        ) {
          const answer = await replay(accountId, idempotencyKey, input);
          if (answer) return { replayed: true, outcome: answer };
        }
        throw error;
      }
    },

    /** TRG-11: the newest events of the account, as the console's call log. */
    async list(accountId: number): Promise<OpenApiEvent[]> {
      const rows = await db
        .select({
          event: openApiEvents,
          friendName: members.displayName,
          keyName: openApiKeys.name,
        })
        .from(openApiEvents)
        .leftJoin(members, eq(members.id, openApiEvents.memberId))
        .leftJoin(openApiKeys, eq(openApiKeys.id, openApiEvents.keyId))
        .where(eq(openApiEvents.accountId, accountId))
        .orderBy(desc(openApiEvents.id))
        .limit(OPEN_API_EVENTS_PAGE);
      return rows.map(({ event, friendName, keyName }) => ({
        id: event.id,
        category: event.category,
        event: event.event,
        label: event.label,
        params: event.params,
        friend_id: event.memberId,
        friend_name: friendName,
        key_name: keyName,
        actions: (event.outcome as { answer?: OpenApiEventOutcome }).answer?.actions ?? [],
        received_at: event.receivedAt.toISOString(),
      }));
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

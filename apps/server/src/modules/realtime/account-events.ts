import { accountEventSchema, type AccountEvent } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.js';

/** The PostgreSQL channel of account-wide events (decision 0241). */
export const ACCOUNT_EVENTS_CHANNEL = 'tsunagu_account_events';

type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;
type Listener = (event: AccountEvent) => void;

/** What a service says about a change; the publisher adds the id and the time. */
export type AccountEventDraft = { account_id: number; kind: string } & Record<string, unknown>;
export type PublishAccountEvent = (draft: AccountEventDraft) => Promise<void>;

let sequence = 0;

/**
 * The `pg_notify(…)` call announcing an event (it adds the id and the time), to put in a
 * statement of the transaction that makes the change — a NOTIFY is delivered at commit and
 * never for a rollback (decision 0236) — e.g. in an upsert's RETURNING, one round trip less.
 */
export function accountNotifyCall(draft: AccountEventDraft) {
  sequence = (sequence + 1) % 1000;
  const event = {
    ...draft,
    id: Date.now() * 1000 + sequence,
    occurred_at: new Date().toISOString(),
  };
  return sql`pg_notify(${ACCOUNT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`;
}

/** Announces an event inside the caller's transaction: heard when, and only if, it commits. */
export async function announceAccountEvent(tx: Executor, draft: AccountEventDraft): Promise<void> {
  await tx.execute(sql`SELECT ${accountNotifyCall(draft)}`);
}

/**
 * Account-wide live events (decisions 0241, 0236): the one LISTEN of the process on the one
 * channel, fanning the events out to the open streams of their account only. A service announces
 * inside its transaction (`announceAccountEvent`, `accountNotifyCall`) or, after its write has
 * committed, with `publish`, whose failure is logged and swallowed (the change has succeeded).
 * Nothing is stored: a stream that reconnects reads the screen's data again.
 */
export function createAccountEvents(deps: {
  db: Database;
  listen: Listen;
  log: { warn(o: unknown, m: string): void; error(o: unknown, m: string): void };
}) {
  const listeners = new Map<number, Set<Listener>>();
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let event: AccountEvent;
    try {
      event = accountEventSchema.parse(JSON.parse(payload));
    } catch (error) {
      deps.log.warn({ err: error }, 'ignored a malformed account event');
      return;
    }
    for (const listener of listeners.get(event.account_id) ?? []) listener(event);
  }

  const publish: PublishAccountEvent = async (draft) => {
    try {
      await announceAccountEvent(deps.db, draft);
    } catch (error) {
      deps.log.error({ err: error }, 'account event could not be published');
    }
  };

  return {
    publish,

    async start() {
      unlisten ??= await deps.listen(ACCOUNT_EVENTS_CHANNEL, deliver);
    },

    subscribe(accountId: number, listener: Listener): () => void {
      const set = listeners.get(accountId) ?? new Set();
      set.add(listener);
      listeners.set(accountId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(accountId);
      };
    },

    async close() {
      listeners.clear();
      const stop = unlisten;
      unlisten = undefined;
      await stop?.();
    },
  };
}

export type AccountEvents = ReturnType<typeof createAccountEvents>;

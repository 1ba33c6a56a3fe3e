import { accountEventSchema, type AccountEvent } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.js';

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

/**
 * Account-wide live events (decision 0241): a service publishes after its write has committed
 * (pg_notify, so every process hears it); each process fans the events out to the open streams
 * of that account. Nothing is stored: a stream that reconnects reads the screen's data again.
 * A failure to publish is logged and swallowed: the change itself has already succeeded.
 */
export function createAccountEvents(deps: {
  db: Database;
  listen: Listen;
  log: { warn(o: unknown, m: string): void; error(o: unknown, m: string): void };
}) {
  const listeners = new Map<number, Set<Listener>>();
  let unlisten: (() => Promise<void>) | undefined;
  let sequence = 0;

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
    sequence = (sequence + 1) % 1000;
    const event = {
      ...draft,
      id: Date.now() * 1000 + sequence,
      occurred_at: new Date().toISOString(),
    };
    try {
      await deps.db.execute(
        sql`SELECT pg_notify(${ACCOUNT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`,
      );
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

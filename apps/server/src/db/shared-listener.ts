import pg from 'pg';

type OnPayload = (payload: string) => void;

/** The LISTEN connection lent to the pool: pg-pool's client shape (`release` ends the loan). */
export type LentClient = pg.Client & { release: (error?: Error | boolean) => void };

/**
 * LISTEN for every channel of a process over ONE dedicated connection. Each PostgreSQL
 * connection is a process of several MB, so one per channel would cost the embedded default its
 * memory budget (decision 0205). After a connection error it reconnects (every second) and
 * listens to every channel again.
 *
 * Between its own statements the connection is lent to the pool for queries (`borrow`, decision
 * 0515): the one-second polls of an idle server then run on it and no pooled backend stays open.
 * PostgreSQL delivers a NOTIFY to a connection between transactions, so a loan delays a
 * notification at most until its transaction ends. A loan returned inside a transaction, or on a
 * broken connection, retires the connection: the next one listens to every channel again.
 */
export function createSharedListener(connectionString: string) {
  const handlers = new Map<string, Set<OnPayload>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  /** The connection is lent (to the pool, or to this listener's own statement). */
  let lent = false;
  /** This listener's statements waiting for the loan to end (they go before the next loan). */
  const waiting: Array<() => void> = [];
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  /** Borrowers waiting a moment for the connection (`borrowWithin`), after `waiting`. */
  const borrowers: Array<(loan: LentClient | undefined) => void> = [];

  /** Ends the current loan: a waiting statement, else a waiting borrower, else it is free. */
  const giveBack = () => {
    const next = waiting.shift();
    if (next) return next();
    const borrower = borrowers.shift();
    if (borrower && client && !closed) return borrower(lend(client));
    lent = false;
    for (const other of borrowers.splice(0)) other(undefined);
    borrower?.(undefined);
  };

  /** The connection as a pool client: `release()` ends the loan (lent is already true). */
  const lend = (target: pg.Client): LentClient => {
    let returned = false;
    const loan = target as LentClient;
    loan.release = () => {
      if (returned) return;
      returned = true;
      // A loan must leave the connection as it found it: outside a transaction, usable.
      if (client === target && target.getTransactionStatus() !== 'I') retire(target);
      giveBack();
    };
    return loan;
  };

  /** One statement of the listener's own, alone on the connection (never inside a loan). */
  const send = async (target: pg.Client, text: string) => {
    if (lent) await new Promise<void>((resolve) => waiting.push(resolve));
    else lent = true;
    try {
      return await target.query(text);
    } finally {
      giveBack();
    }
  };

  const retire = (target: pg.Client) => {
    target.end().catch(() => {});
    if (client !== target) return;
    client = undefined;
    connecting = undefined;
    if (!closed && handlers.size > 0) {
      retry = setTimeout(() => void connect().catch(() => {}), 1000);
    }
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.payload === undefined) return;
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
      });
      next.on('error', () => retire(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await send(next, `LISTEN ${quote(channel)}`);
      } catch (error) {
        connecting = undefined;
        await next.end().catch(() => {});
        throw error;
      }
      client = next;
      return next;
    })();
    return connecting;
  };

  return {
    async listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
      const existing = handlers.get(channel);
      if (existing) existing.add(onPayload);
      else handlers.set(channel, new Set([onPayload]));
      const connected = client ?? (await connect());
      if (!existing) await send(connected, `LISTEN ${quote(channel)}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(onPayload);
        if (set && set.size === 0) {
          handlers.delete(channel);
          if (client) await send(client, `UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    /**
     * The LISTEN connection for one pooled use, when it is connected and free; undefined
     * otherwise (the pool then uses a connection of its own). `release()` ends the loan.
     */
    borrow(): LentClient | undefined {
      const target = client;
      if (!target || lent || closed) return undefined;
      lent = true;
      return lend(target);
    },
    /**
     * Like `borrow`, but waits up to `ms` for a loan in progress to end (the LISTEN statements
     * go first); undefined when it did not, or when another caller is already waiting.
     */
    borrowWithin(ms: number): Promise<LentClient | undefined> {
      const now = this.borrow();
      // One waiter at most: a second caller meanwhile is a burst, for the pool's connections.
      if (now || !client || closed || borrowers.length > 0) return Promise.resolve(now);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          const index = borrowers.indexOf(take);
          if (index >= 0) borrowers.splice(index, 1);
          resolve(undefined);
        }, ms);
        const take = (loan: LentClient | undefined) => {
          clearTimeout(timer);
          resolve(loan);
        };
        borrowers.push(take);
      });
    },
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

export type SharedListener = ReturnType<typeof createSharedListener>;

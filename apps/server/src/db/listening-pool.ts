import pg from 'pg';
import type { SharedListener } from './shared-listener.js';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** How long a query waits for the busy LISTEN connection before opening a pooled one. */
export const OVERLAP_WAIT_MS = 50;

/**
 * A pg.Pool that first borrows the process's LISTEN connection (decision 0515): a query or a
 * transaction runs there when that connection is free, and on a pooled connection of its own
 * only when it is busy. An idle server's polls (one a second: tel, LINE push, rich menus…) then
 * keep no pooled backend open besides the LISTEN one — a PostgreSQL backend holds its catalog
 * caches and every shared buffer it touched, about 26 MB RSS after the polls. `pool.query` and
 * Drizzle's transactions both check out through `connect`, so both take the same path.
 */
export class ListeningPool extends pg.Pool {
  readonly #listener: SharedListener;
  readonly #overlapWaitMs: number;

  constructor(config: pg.PoolConfig, listener: SharedListener, overlapWaitMs = OVERLAP_WAIT_MS) {
    super(config);
    this.#listener = listener;
    this.#overlapWaitMs = overlapWaitMs;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const checkout = this.#checkout();
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (error) => client.release(Boolean(error))),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  /**
   * The LISTEN connection when free. When it is busy and the pool holds no connection yet (an
   * idle server: two polls at once), wait a moment for it rather than start a backend that
   * the next overlap would keep alive; otherwise (a burst) a pooled connection at once.
   */
  async #checkout(): Promise<pg.PoolClient> {
    if (!this.ending) {
      const lent =
        this.#listener.borrow() ??
        (this.totalCount === 0
          ? await this.#listener.borrowWithin(this.#overlapWaitMs)
          : undefined);
      if (lent) return lent as unknown as pg.PoolClient;
    }
    return super.connect();
  }
}

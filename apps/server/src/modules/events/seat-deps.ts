import type { Database } from '../../db/types.js';
import type { ActionDeps } from '../actions/index.js';
import type { PushQueue } from '../line-push/index.js';

/** What the seat code needs from the app (decision 0311). */
export interface SeatDeps {
  db: Database;
  pushes: PushQueue;
  actions: ActionDeps;
  /** The console's public origin (PUBLIC_ORIGIN) for links in messages; '' for none. */
  origin: string;
  clock: () => Date;
}

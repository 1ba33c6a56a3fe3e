import type { PublishAccountEvent } from '../realtime/index.js';

export interface BoardChange {
  change: 'card' | 'columns';
  friend_id?: number;
  column_id?: number;
  version?: number;
}

/** Tells every open board of the account what changed, and who changed it. */
export function boardAnnouncer(publish: PublishAccountEvent) {
  return (accountId: number, actorId: number | null, change: BoardChange) =>
    publish({
      account_id: accountId,
      kind: 'board',
      change: change.change,
      friend_id: change.friend_id ?? null,
      column_id: change.column_id ?? null,
      version: change.version ?? null,
      actor_id: actorId,
    });
}

export type BoardAnnounce = ReturnType<typeof boardAnnouncer>;

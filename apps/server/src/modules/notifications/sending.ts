import { NOTIFICATION_TEXT, type NotificationAudience } from '@tsunagu/contracts';
import type { Database } from '../../db/types.js';
import { ConflictError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { PushQueue } from '../line-push/index.js';
import { contentOfRow } from './content.js';
import type { Estimator } from './estimate.js';
import { queueNotification } from './queue.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';

/**
 * 配信 and 予約の取り消し: the state changes of a saved お知らせ. The caller reads the お知らせ
 * (404 when it is not the account's) and answers its view afterwards.
 */
export function createNotificationSending(deps: {
  db: Database;
  pushes: PushQueue;
  estimate: Estimator;
  clock: () => Date;
}) {
  const { db } = deps;
  return {
    /**
     * With a send time still ahead it is scheduled, otherwise queued now. LINE's month quota is
     * read first: passing it is refused (409) unless confirmed.
     */
    async send(found: NotificationRow, confirmOverQuota: boolean) {
      const { accountId, id } = found;
      if (found.state !== 'draft' && found.state !== 'scheduled')
        throw new ConflictError(NOTIFICATION_TEXT.notSendable);
      const estimate = await deps.estimate(
        accountId,
        contentOfRow(found),
        found.audience as NotificationAudience,
      );
      if (estimate.friends === 0) throw fieldError('audience', NOTIFICATION_TEXT.nobody);
      if (estimate.over_quota && !confirmOverQuota) {
        const quota = estimate.quota!;
        throw new ConflictError(
          NOTIFICATION_TEXT.overQuota(estimate.friends, Math.max(0, quota.limit! - quota.used)),
        );
      }
      const now = deps.clock();
      if (found.sendAt && found.sendAt > now) {
        const moved = await repository.moveState(db, accountId, id, ['draft'], 'scheduled');
        if (!moved && found.state !== 'scheduled')
          throw new ConflictError(NOTIFICATION_TEXT.notSendable);
        return;
      }
      await db.transaction(async (tx) => {
        const claimed = await repository.moveState(
          tx,
          accountId,
          id,
          ['draft', 'scheduled'],
          'sending',
        );
        if (!claimed) throw new ConflictError(NOTIFICATION_TEXT.notSendable);
        const queued = await queueNotification(tx, deps.pushes, claimed, now);
        if (queued === 0) throw fieldError('audience', NOTIFICATION_TEXT.nobody);
      });
    },

    /** A scheduled one goes back to 下書き. */
    async cancel(found: NotificationRow) {
      if (!(await repository.moveState(db, found.accountId, found.id, ['scheduled'], 'draft')))
        throw new ConflictError(NOTIFICATION_TEXT.notCancellable);
    },
  };
}

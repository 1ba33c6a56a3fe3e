import { NOTIFICATION_TEXT, type NotificationAudience } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import type { PushQueue } from '../line-push/index.js';
import { audiencePredicate, countFollowing } from './audience.js';
import { isPersonal, pathOf } from './paths.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';

/**
 * Queues a claimed お知らせ's pushes (its template's messages as they are now) in the caller's
 * transaction, each carrying its id; answers the friends queued. Nobody left: it is 失敗.
 */
export async function queueNotification(
  tx: Executor,
  pushes: PushQueue,
  found: NotificationRow,
  now: Date,
): Promise<number> {
  const template =
    found.templateId === null
      ? undefined
      : await repository.templateOf(tx, found.accountId, found.templateId);
  const messages = template?.messages ?? found.messages;
  const where = await audiencePredicate(
    tx,
    found.accountId,
    found.audience as NotificationAudience,
    now,
  ).catch(() => null);
  const personal = isPersonal(messages);
  const path = pathOf(found.audience as NotificationAudience, personal);
  const queued =
    where && messages.length > 0
      ? path === 'narrowcast'
        ? await queueNarrowcast(tx, pushes, found, where, messages)
        : await pushes.enqueueToMany(tx, found.accountId, where, messages, {
            personal,
            notificationId: found.id,
          })
      : { friends: 0, requests: 0 };
  if (queued.friends === 0) {
    await repository.moveState(tx, found.accountId, found.id, ['sending'], 'failed', {
      reason:
        messages.length === 0 ? NOTIFICATION_TEXT.failedNoContent : NOTIFICATION_TEXT.failedNobody,
      queuedAt: now,
    });
    return 0;
  }
  await repository.setQueued(tx, found.id, {
    queuedAt: now,
    path,
    friends: queued.friends,
  });
  return queued.friends;
}

/**
 * All friends, nothing personalised: one narrowcast (decision 0227). `friends` is those following
 * now, shown as pending until LINE's progress gives its own counts.
 */
async function queueNarrowcast(
  tx: Executor,
  pushes: PushQueue,
  found: NotificationRow,
  where: Awaited<ReturnType<typeof audiencePredicate>>,
  messages: unknown[],
) {
  const friends = await countFollowing(tx, found.accountId, where);
  if (friends === 0) return { friends: 0, requests: 0 };
  await pushes.enqueueNarrowcast(tx, found.accountId, messages, found.id);
  return { friends, requests: 1 };
}

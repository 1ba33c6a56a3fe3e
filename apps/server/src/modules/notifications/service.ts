import {
  aliasesIn,
  friendRecipient,
  NOTIFICATION_TEXT,
  renderedCheckFailure,
  sendableMessagesProblems,
  TEMPLATE_TEXT,
  type Notification,
  type NotificationEstimate,
  type NotificationInsight,
  type NotificationList,
  type notificationContentSchema,
  type notificationInputSchema,
  type LinePushResult,
  type NotificationAudience,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/index.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import { findPushResult, MULTICAST_MAX, type PushQueue } from '../line-push/index.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { audienceLabel, audienceLabels, audiencePredicate, countFollowing } from './audience.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';
import { notificationOf, summaryOf } from './view.js';

type NotificationInput = z.output<typeof notificationInputSchema>;
type NotificationContent = z.output<typeof notificationContentSchema>;

/** This month's quota as LINE counts it; null when LINE cannot be asked now. */
export type QuotaLookup = (
  accountId: number,
) => Promise<{ limit: number | null; used: number } | null>;
/** LINE's statistics of one request; null when LINE could not be asked. */
export type InsightLookup = (
  accountId: number,
  requestId: string,
) => Promise<{
  delivered: number | null;
  uniqueImpression: number | null;
  uniqueClick: number | null;
} | null>;

const isPersonal = (messages: readonly unknown[]) => aliasesIn(JSON.stringify(messages)).length > 0;

/**
 * How a お知らせ goes (decision 0227): one narrowcast when it is for all friends and nothing is
 * personalised; multicasts of 500 for a segment or tags; one push per friend when personalised.
 */
const pathOf = (audience: NotificationAudience, personal: boolean) =>
  personal ? 'push' : audience.kind === 'all' ? 'narrowcast' : 'multicast';

/**
 * お知らせ (issue 24, decision 0220): drafts, scheduled and sent broadcasts of an account. Sending
 * queues line_pushes in SQL (multicasts of 500, or one per friend when personalised) in the same
 * transaction as the state change, each carrying the お知らせ's id (decision 0221).
 */
export function createNotificationsService(deps: {
  db: Database;
  pushes: PushQueue;
  renderMessage: RenderMessage;
  quota: QuotaLookup;
  insight: InsightLookup;
  /** LINE requests per second the dispatcher sends (the estimate's duration). */
  ratePerSecond: number;
  clock?: () => Date;
}) {
  const { db, pushes } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function row(accountId: number, id: number) {
    const found = await repository.findNotification(db, accountId, id);
    if (!found) throw new NotFoundError(NOTIFICATION_TEXT.notFound);
    return found;
  }

  /** The messages it sends: its template's now, or its own. */
  async function messagesOf(executor: Executor, accountId: number, content: NotificationContent) {
    if (content.template_id === null) return content.messages;
    const template = await repository.templateOf(executor, accountId, content.template_id);
    if (!template) throw fieldError('content.template_id', NOTIFICATION_TEXT.templateNotFound);
    return template.messages;
  }

  const contentOfRow = (found: NotificationRow): NotificationContent => ({
    template_id: found.templateId,
    kind: found.kind as NotificationContent['kind'],
    messages: found.messages,
  });

  async function valuesOf(accountId: number, input: NotificationInput) {
    await messagesOf(db, accountId, input.content);
    await audiencePredicate(db, accountId, input.audience, clock());
    const sendAt = input.send_at === null ? null : new Date(`${input.send_at}:00+09:00`);
    if (sendAt && sendAt <= clock()) throw fieldError('send_at', NOTIFICATION_TEXT.sendAtPast);
    return {
      title: input.title,
      templateId: input.content.template_id,
      kind: input.content.kind,
      messages:
        input.content.template_id === null
          ? (input.content.messages as Record<string, unknown>[])
          : [],
      audience: input.audience as Record<string, unknown>,
      sendAt,
    };
  }

  async function view(accountId: number, found: NotificationRow): Promise<Notification> {
    const tallies = await repository.pushTallies(db, [found.id]);
    const template =
      found.templateId === null
        ? undefined
        : await repository.templateOf(db, accountId, found.templateId);
    const messages = template?.messages ?? found.messages;
    const label = await audienceLabel(db, accountId, found.audience as NotificationAudience);
    return notificationOf(summaryOf(found, tallies, label, messages), found, template);
  }

  async function estimateFor(
    accountId: number,
    content: NotificationContent,
    audience: NotificationAudience,
  ) {
    const messages = await messagesOf(db, accountId, content);
    const where = await audiencePredicate(db, accountId, audience, clock());
    const friends = await countFollowing(db, accountId, where);
    const path = pathOf(audience, isPersonal(messages));
    const requests =
      path === 'push' ? friends : path === 'narrowcast' ? 1 : Math.ceil(friends / MULTICAST_MAX);
    const quota = await deps.quota(accountId).catch(() => null);
    const over = quota !== null && quota.limit !== null && quota.used + friends > quota.limit;
    const estimate: NotificationEstimate = {
      friends,
      path,
      requests,
      seconds: Math.max(1, Math.ceil(requests / deps.ratePerSecond)),
      quota,
      over_quota: over,
    };
    return estimate;
  }

  return {
    /** Every お知らせ with its counts: four reads whatever their number (decision 0225). */
    async list(accountId: number): Promise<NotificationList> {
      const rows = await repository.listNotifications(db, accountId);
      const ids = rows.map((found) => found.id);
      const [tallies, templates, labels] = await Promise.all([
        repository.pushTallies(db, ids),
        repository.templatesOf(db, accountId, [
          ...new Set(
            rows.flatMap((found) => (found.templateId === null ? [] : [found.templateId])),
          ),
        ]),
        audienceLabels(
          db,
          accountId,
          rows.map((found) => found.audience as NotificationAudience),
        ),
      ]);
      const items = rows.map((found, index) =>
        summaryOf(
          found,
          tallies.filter((tally) => tally.notificationId === found.id),
          labels[index]!,
          (found.templateId === null ? undefined : templates.get(found.templateId))?.messages ??
            found.messages,
        ),
      );
      return { items };
    },

    get: async (accountId: number, id: number) => view(accountId, await row(accountId, id)),

    async create(accountId: number, input: NotificationInput) {
      return repository.insertNotification(db, accountId, await valuesOf(accountId, input));
    },

    /**
     * A draft is rewritten as a draft. A scheduled one stays scheduled (decision 0224), checked
     * again as a send is: its time still ahead, its content, someone in its audience; 下書きに戻す
     * (`cancel`) unschedules it. Once the scheduler has claimed it, 409.
     */
    async update(accountId: number, id: number, input: NotificationInput) {
      const found = await row(accountId, id);
      if (found.state !== 'draft' && found.state !== 'scheduled')
        throw new ConflictError(NOTIFICATION_TEXT.notEditable);
      const values = await valuesOf(accountId, input);
      if (found.state === 'scheduled') {
        if (values.sendAt === null)
          throw fieldError('send_at', NOTIFICATION_TEXT.scheduledNeedsSendAt);
        const where = await audiencePredicate(db, accountId, input.audience, clock());
        if ((await countFollowing(db, accountId, where)) === 0)
          throw fieldError('audience', NOTIFICATION_TEXT.nobody);
      }
      const state = found.state as 'draft' | 'scheduled';
      if (!(await repository.updateUnsent(db, accountId, id, state, values)))
        throw new ConflictError(NOTIFICATION_TEXT.notEditable);
      return view(accountId, await row(accountId, id));
    },

    async remove(accountId: number, id: number) {
      await row(accountId, id);
      if (!(await repository.deleteDraft(db, accountId, id)))
        throw new ConflictError(NOTIFICATION_TEXT.notDeletable);
    },

    estimate: (accountId: number, content: NotificationContent, audience: NotificationAudience) =>
      estimateFor(accountId, content, audience),

    /**
     * 配信: with a send time still ahead it is scheduled, otherwise queued now. LINE's month
     * quota is read first: passing it is refused (409) unless confirmed.
     */
    async send(accountId: number, id: number, confirmOverQuota: boolean) {
      const found = await row(accountId, id);
      if (found.state !== 'draft' && found.state !== 'scheduled')
        throw new ConflictError(NOTIFICATION_TEXT.notSendable);
      const estimate = await estimateFor(
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
      const now = clock();
      if (found.sendAt && found.sendAt > now) {
        const moved = await repository.moveState(db, accountId, id, ['draft'], 'scheduled');
        if (!moved && found.state !== 'scheduled')
          throw new ConflictError(NOTIFICATION_TEXT.notSendable);
        return view(accountId, await row(accountId, id));
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
        const queued = await queueNotification(tx, pushes, claimed, now);
        if (queued === 0) throw fieldError('audience', NOTIFICATION_TEXT.nobody);
      });
      return view(accountId, await row(accountId, id));
    },

    /** A scheduled one goes back to 下書き. */
    async cancel(accountId: number, id: number) {
      await row(accountId, id);
      if (!(await repository.moveState(db, accountId, id, ['scheduled'], 'draft')))
        throw new ConflictError(NOTIFICATION_TEXT.notCancellable);
      return view(accountId, await row(accountId, id));
    },

    /**
     * テスト送信 like a template's (decision 0162): to one friend chosen by the operator, rendered
     * with their values, through the push queue; every call sends again.
     */
    async testSend(accountId: number, content: NotificationContent, friendId: number) {
      const messages = await messagesOf(db, accountId, content);
      const [friend] = await db
        .select({ id: members.id, followState: members.followState, name: members.displayName })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
      if (!friend) throw fieldError('friend_id', TEMPLATE_TEXT.friendNotFound);
      if (friend.followState !== 'following')
        throw fieldError('friend_id', TEMPLATE_TEXT.friendBlocked);
      const rendered = await renderMessages(deps.renderMessage, accountId, friendId, messages);
      const problems = sendableMessagesProblems(rendered);
      if (problems.length > 0)
        throw fieldError('friend_id', renderedCheckFailure(friendRecipient(friend.name), problems));
      return { push_id: (await pushes.enqueue(db, accountId, friendId, rendered))! };
    },

    async testSendResult(accountId: number, pushId: number): Promise<LinePushResult> {
      const found = await findPushResult(db, accountId, pushId);
      if (!found) throw new NotFoundError(TEMPLATE_TEXT.testSendNotFound);
      return {
        state: found.state as LinePushResult['state'],
        reason: found.reason,
        details: found.details,
      };
    },

    /** LINE's statistics of the お知らせ's multicasts, summed; a note when LINE gives none. */
    async insight(accountId: number, id: number): Promise<NotificationInsight> {
      const found = await row(accountId, id);
      if (found.path === 'push')
        return { requests: 0, overview: null, note: NOTIFICATION_TEXT.insightPush };
      const requestIds = await repository.multicastRequestIds(db, accountId, id);
      const answers = await Promise.all(
        requestIds.map((requestId) => deps.insight(accountId, requestId).catch(() => null)),
      );
      const sum = (pick: (a: NonNullable<(typeof answers)[number]>) => number | null) => {
        const values = answers.map((a) => (a ? pick(a) : null)).filter((v) => v !== null);
        return values.length === 0 ? null : values.reduce((total, value) => total + value, 0);
      };
      const overview = {
        delivered: sum((a) => a.delivered),
        unique_impression: sum((a) => a.uniqueImpression),
        unique_click: sum((a) => a.uniqueClick),
      };
      const none = Object.values(overview).every((value) => value === null);
      return {
        requests: requestIds.length,
        overview: none ? null : overview,
        note: none ? NOTIFICATION_TEXT.insightNone : '',
      };
    },
  };
}

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

export type NotificationsService = ReturnType<typeof createNotificationsService>;

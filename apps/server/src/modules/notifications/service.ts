import {
  NOTIFICATION_TEXT,
  type Notification,
  type NotificationAudience,
  type NotificationList,
  type notificationInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { PushQueue } from '../line-push/index.js';
import type { RenderMessage } from '../message-aliases/index.js';
import { audienceLabel, audienceLabels, audiencePredicate, countFollowing } from './audience.js';
import { messagesOf, type NotificationContent } from './content.js';
import { createEstimator, type QuotaLookup } from './estimate.js';
import { notificationInsight, type InsightLookup } from './insight.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';
import { createNotificationSending } from './sending.js';
import { createTestSender } from './test-send.js';
import { notificationOf, summaryOf } from './view.js';

export type { QuotaLookup } from './estimate.js';
export type { InsightLookup } from './insight.js';
export { queueNotification } from './queue.js';

type NotificationInput = z.output<typeof notificationInputSchema>;

/**
 * お知らせ (issue 24, decision 0220): drafts, scheduled and sent broadcasts of an account. This
 * file reads and edits them; the estimate (estimate.ts), 配信 (sending.ts, queue.ts), テスト送信
 * (test-send.ts) and LINE's statistics (insight.ts) each have their own file.
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
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const estimate = createEstimator({ ...deps, clock });
  const sending = createNotificationSending({ ...deps, estimate, clock });

  async function row(accountId: number, id: number) {
    const found = await repository.findNotification(db, accountId, id);
    if (!found) throw new NotFoundError(NOTIFICATION_TEXT.notFound);
    return found;
  }

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

  const fresh = async (accountId: number, id: number) => view(accountId, await row(accountId, id));

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

    get: fresh,

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
      return fresh(accountId, id);
    },

    async remove(accountId: number, id: number) {
      await row(accountId, id);
      if (!(await repository.deleteDraft(db, accountId, id)))
        throw new ConflictError(NOTIFICATION_TEXT.notDeletable);
    },

    estimate: (accountId: number, content: NotificationContent, audience: NotificationAudience) =>
      estimate(accountId, content, audience),

    async send(accountId: number, id: number, confirmOverQuota: boolean) {
      await sending.send(await row(accountId, id), confirmOverQuota);
      return fresh(accountId, id);
    },

    async cancel(accountId: number, id: number) {
      await sending.cancel(await row(accountId, id));
      return fresh(accountId, id);
    },

    ...createTestSender(deps),

    insight: async (accountId: number, id: number) =>
      notificationInsight(db, deps.insight, await row(accountId, id)),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

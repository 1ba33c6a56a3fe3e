import { and, inArray, sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import { aiSettings } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { AccountWebhookEvent, LineWebhookBatchHandler } from '../line/index.js';
import { salonOpenAt } from './opening-hours.js';
import { firstSalon } from './repository.js';

/** Wakes the automatic answer workers of every process (the webhook queued a question). */
export const AUTO_REPLY_CHANNEL = 'tsunagu_ai_auto_reply';

/** A friend's text in a one-to-one chat of an active channel: LINE's message id. */
function textOf({ accountId, event }: AccountWebhookEvent) {
  if (event.type !== 'message' || event.mode !== 'active') return null;
  const source = event.source as { type?: unknown } | undefined;
  const message = event.message as { type?: unknown; id?: unknown };
  if (source?.type !== 'user' || message.type !== 'text') return null;
  return { accountId, lineMessageId: String(message.id) };
}

/** The accounts whose automatic answers are on now (always, or outside the salon's hours). */
async function answeringAccounts(tx: Executor, accountIds: number[], now: Date) {
  const rows = await tx
    .select({ accountId: aiSettings.accountId, when: aiSettings.autoReplyWhen })
    .from(aiSettings)
    .where(
      and(
        inArray(aiSettings.accountId, accountIds),
        sql`(${aiSettings.features}->>'auto_reply')::boolean`,
      ),
    );
  const answering: number[] = [];
  for (const row of rows) {
    if (row.when === 'always') {
      answering.push(row.accountId);
      continue;
    }
    // Outside opening hours only: without a salon there are no hours to be outside of.
    const salon = await firstSalon(tx, row.accountId);
    if (salon && !(await salonOpenAt(tx, salon.id, now))) answering.push(row.accountId);
  }
  return answering;
}

/**
 * The automatic answers' part of the webhook (issue 31, decision 0356), after the chat stored
 * the batch's messages, in the same transaction: each friend's text stored by this transaction
 * (a redelivered message was stored before and is not) of an account whose automatic answers
 * are on now — always, or outside the salon's opening hours (Tokyo time; a closed day is
 * outside) — is queued once (`ai_auto_replies` is unique per message), and the workers woken.
 */
export function autoReplyWebhookHandler(options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const handler: LineWebhookBatchHandler = {
    async batch(tx, events) {
      const texts = events.map(textOf).filter((text) => text !== null);
      if (texts.length === 0) return;
      const accounts = [...new Set(texts.map((text) => text.accountId))];
      const answering = new Set(await answeringAccounts(tx, accounts, clock()));
      const queued = texts.filter((text) => answering.has(text.accountId));
      if (queued.length === 0) return;
      const keys = queued.map((text) => sql`(${text.accountId}::int, ${text.lineMessageId}::text)`);
      // `created_at = now()`: stored by this transaction (now() is the transaction's start).
      const inserted = await selectRows<{ id: number }>(
        tx,
        sql`insert into ai_auto_replies (account_id, member_id, message_id)
          select m.account_id, m.member_id, m.id from chat_messages m
          where (m.account_id, m.line_message_id) in (values ${sql.join(keys, sql`, `)})
            and m.direction = 'in' and m.kind = 'text' and m.created_at = now()
          order by m.id
          on conflict (message_id) do nothing
          returning id`,
      );
      if (inserted.length > 0) await tx.execute(sql`select pg_notify(${AUTO_REPLY_CHANNEL}, '')`);
    },
  };
  return handler;
}

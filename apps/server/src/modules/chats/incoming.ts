import { sql } from 'drizzle-orm';
import type { ChatMessageKind } from '@tsunagu/contracts';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { recordChatNotices } from '../staff-notify/index.js';
import { followReopenedThreads } from './board-link.js';
import { chatNotifyCall } from './events.js';
import { CHAT_MEDIA_CHANNEL } from './media-fetcher.js';

/** A friend's message of a webhook event, as stored (chats/webhook.ts reads it off the event). */
export interface IncomingMessage {
  accountId: number;
  lineUserId: string;
  kind: ChatMessageKind;
  lineMessageId: string;
  webhookEventId: string;
  text: string | null;
  payload: Record<string, unknown>;
  quoteToken: string | null;
  quotedMessageId: string | null;
  replyToken: string | null;
  markAsReadToken: string | null;
  mediaState: 'pending' | 'external' | null;
  at: Date;
  preview: string;
}

/**
 * Stores a webhook batch's messages from friends in one statement (decision 0245): each message
 * once (LINE's message id is unique per account: a redelivery stores nothing), and each thread
 * moved in the same statement — made if new, unread counted, its last message moving forward only
 * (a late, older event never hides a newer one), a 対応済み thread reopened as 未対応. A CTE reads
 * each thread's state before the change (locked), so the board follows a reopened thread
 * (decision 0243). Then one statement announces the stored messages on the account's stream and
 * wakes the media fetcher. The friends handler ran before: every friend exists.
 */
export async function storeIncomingMessages(
  tx: Executor,
  batch: readonly IncomingMessage[],
): Promise<void> {
  // The same message twice in one batch (a redelivery beside the first): the first is kept.
  const seen = new Set<string>();
  const messages = batch.filter((message) => {
    const key = `${message.accountId} ${message.lineMessageId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (messages.length === 0) return;
  const values = messages.map(
    (m, ord) => sql`(${m.accountId}::int, ${m.lineUserId}::text, ${m.kind}::text,
      ${m.lineMessageId}::text, ${m.webhookEventId}::text, ${m.text}::text,
      ${JSON.stringify(m.payload)}::jsonb, ${m.quoteToken}::text, ${m.quotedMessageId}::text,
      ${m.replyToken}::text, ${m.markAsReadToken}::text, ${m.mediaState}::text,
      ${m.at.toISOString()}::timestamptz, ${m.preview}::text, ${ord}::int)`,
  );
  const stored = await selectRows<{
    id: string | number;
    account_id: number;
    member_id: number;
    ord: number;
    reopened: boolean;
  }>(
    tx,
    sql`
    with v (account_id, line_user_id, kind, line_message_id, webhook_event_id, text, payload,
            quote_token, quoted_message_id, reply_token, mark_as_read_token, media_state,
            sent_at, preview, ord) as (values ${sql.join(values, sql`, `)}),
    inserted as (
      insert into chat_messages (account_id, member_id, direction, kind, line_message_id,
        webhook_event_id, text, payload, quote_token, quoted_message_id, reply_token,
        mark_as_read_token, media_state, media_next_attempt_at, sender, sent_at)
      select v.account_id, m.id, 'in', v.kind, v.line_message_id, v.webhook_event_id, v.text,
        v.payload, v.quote_token, v.quoted_message_id, v.reply_token, v.mark_as_read_token,
        v.media_state, case when v.media_state = 'pending' then now() end, 'friend', v.sent_at
      from v join members m on m.account_id = v.account_id and m.line_user_id = v.line_user_id
      order by v.ord
      on conflict (account_id, line_message_id) do nothing
      returning id, account_id, member_id, line_message_id
    ),
    fresh as (
      select i.id, i.account_id, i.member_id, v.sent_at, v.kind, v.preview, v.ord
      from inserted i join v on v.account_id = i.account_id and v.line_message_id = i.line_message_id
    ),
    per_thread as (
      select distinct on (member_id) member_id, account_id, sent_at, kind, preview,
        count(*) over (partition by member_id) as n,
        max(sent_at) over (partition by member_id) as newest
      from fresh
      order by member_id, sent_at desc, ord desc
    ),
    before as materialized (
      select t.member_id, t.state from chat_threads t
      where t.member_id in (select member_id from per_thread)
      for update
    ),
    threads as (
      insert into chat_threads as t (account_id, member_id, unread_count, last_message_at,
        last_message_preview, last_message_kind, last_message_direction, last_incoming_at)
      select account_id, member_id, n, newest, preview, kind, 'in', newest from per_thread
      on conflict (member_id) do update set
        unread_count = t.unread_count + excluded.unread_count,
        last_message_preview = case when t.last_message_at <= excluded.last_message_at
          then excluded.last_message_preview else t.last_message_preview end,
        last_message_kind = case when t.last_message_at <= excluded.last_message_at
          then excluded.last_message_kind else t.last_message_kind end,
        last_message_direction = case when t.last_message_at <= excluded.last_message_at
          then 'in' else t.last_message_direction end,
        last_message_at = greatest(t.last_message_at, excluded.last_message_at),
        last_incoming_at = greatest(t.last_incoming_at, excluded.last_incoming_at),
        state = case when t.state = 'resolved' then 'unhandled' else t.state end,
        updated_at = now()
      returning t.member_id
    )
    select f.id, f.account_id, f.member_id, f.ord,
      coalesce((select b.state = 'resolved' from before b where b.member_id = f.member_id), false)
        as reopened
    from fresh f
    order by f.ord`,
  );
  if (stored.length === 0) return;
  const calls = stored.map((row) =>
    chatNotifyCall(row.account_id, {
      type: 'message',
      friendId: row.member_id,
      messageId: `m${row.id}`,
    }),
  );
  const media = messages.some((m) => m.mediaState === 'pending')
    ? [sql`pg_notify(${CHAT_MEDIA_CHANNEL}, '')`]
    : [];
  await tx.execute(sql`select ${sql.join([...calls, ...media], sql`, `)}`);
  // 対応済み threads reopened as 未対応: the board follows (decision 0243), all in one statement.
  const reopened = new Map<number, number>();
  for (const row of stored) if (row.reopened) reopened.set(row.member_id, row.account_id);
  await followReopenedThreads(
    tx,
    [...reopened].map(([friendId, accountId]) => ({ accountId, friendId })),
  );
  // Staff hear of each stored message (issue 26, decision 0280).
  await recordChatNotices(
    tx,
    stored.map((row) => ({
      accountId: row.account_id,
      memberId: row.member_id,
      messageId: Number(row.id),
      text: messages[row.ord]?.text ?? null,
      preview: messages[row.ord]?.preview ?? '',
    })),
  );
}

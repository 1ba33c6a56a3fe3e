import type { ChatMessageKind } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { chatThreads } from '../../db/schema/index.js';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { FAN_OUT_KEY_PREFIX } from '../line-push/index.js';
import { chatNotifyCall } from './events.js';
import { kindOf, previewOf } from './preview.js';

/** The upsert's rules for a message the shop sent: the last message moves forward only. */
const newer = sql`${chatThreads.lastMessageAt} <= excluded.last_message_at`;
const forward = {
  lastMessagePreview: sql`case when ${newer} then excluded.last_message_preview else ${chatThreads.lastMessagePreview} end`,
  lastMessageKind: sql`case when ${newer} then excluded.last_message_kind else ${chatThreads.lastMessageKind} end`,
  lastMessageDirection: sql`case when ${newer} then 'out' else ${chatThreads.lastMessageDirection} end`,
  lastMessageAt: sql`greatest(${chatThreads.lastMessageAt}, excluded.last_message_at)`,
  updatedAt: sql`now()`,
};

/**
 * The shop sent a message in a friend's thread from the chat (decision 0230): the thread is made
 * if new; its last message moves forward only (a late, older one never hides a newer one). A
 * friend's messages come in through chats/incoming.ts (set-based, decision 0245).
 */
export async function touchThread(
  tx: Executor,
  accountId: number,
  memberId: number,
  message: { at: Date; kind: ChatMessageKind; preview: string },
): Promise<void> {
  await tx
    .insert(chatThreads)
    .values({
      accountId,
      memberId,
      unreadCount: 0,
      lastMessageAt: message.at,
      lastMessagePreview: message.preview,
      lastMessageKind: message.kind,
      lastMessageDirection: 'out',
    })
    .onConflictDoUpdate({ target: chatThreads.memberId, set: forward });
}

/** What the inbox shows of a push: its last message. */
function previewOfPush(messages: unknown): { kind: ChatMessageKind; preview: string } {
  const list = Array.isArray(messages) ? (messages as Record<string, unknown>[]) : [];
  const last = list[list.length - 1] ?? {};
  const kind = kindOf(last.type);
  return { kind, preview: previewOf(kind, typeof last.text === 'string' ? last.text : null) };
}

/**
 * Pushes LINE accepted (journeys, episodes, triggers, online actions, reminders, test sends,
 * broadcasts, お知らせ; decision 0246) move their friends' inbox entries like a chat reply, in two
 * statements for a dispatcher round however many: the pushes are read, then every thread
 * upserted at once — a push to one friend makes the thread if new and is announced on the
 * account's stream; a multicast moves only the threads that exist (a broadcast to 100,000 friends
 * makes no 100,000 inbox entries, nor 100,000 events), and so does a personalised broadcast's
 * per-friend push expanded from a fan-out row (`fan:` keys, decision 0226). The chat's own pushes (`chat:` keys)
 * touched their thread when written.
 */
export async function touchThreadsOfPushes(db: Executor, pushIds: readonly number[]) {
  if (pushIds.length === 0) return;
  const pushes = await selectRows<{ id: string | number; messages: unknown }>(
    db,
    sql`select id, messages from line_pushes
        where id = any(${`{${pushIds.join(',')}}`}::bigint[]) and state = 'sent'
          and (dedupe_key is null or dedupe_key not like 'chat:%')`,
  );
  if (pushes.length === 0) return;
  const values = pushes.map((push) => {
    const { kind, preview } = previewOfPush(push.messages);
    return sql`(${Number(push.id)}::bigint, ${kind}::text, ${preview}::text)`;
  });
  const touched = await selectRows<{ account_id: number; member_id: number }>(
    db,
    sql`
    with v (push_id, kind, preview) as (values ${sql.join(values, sql`, `)}),
    targets as (
      select distinct on (member_id) member_id, account_id, sent_at, kind, preview, one
      from (
        select p.member_id, p.account_id, p.sent_at, v.kind, v.preview,
          p.dedupe_key is null or p.dedupe_key not like ${FAN_OUT_KEY_PREFIX + '%'} as one
        from v join line_pushes p on p.id = v.push_id where p.member_id is not null
        union all
        select u.member_id, p.account_id, p.sent_at, v.kind, v.preview, false
        from v join line_pushes p on p.id = v.push_id, unnest(p.member_ids) u(member_id)
        where p.member_ids is not null
      ) sent
      order by member_id, sent_at desc
    ),
    created as (
      insert into chat_threads as t (account_id, member_id, unread_count, last_message_at,
        last_message_preview, last_message_kind, last_message_direction)
      select account_id, member_id, 0, coalesce(sent_at, now()), preview, kind, 'out'
      from targets where one
      on conflict (member_id) do update set
        last_message_preview = case when t.last_message_at <= excluded.last_message_at
          then excluded.last_message_preview else t.last_message_preview end,
        last_message_kind = case when t.last_message_at <= excluded.last_message_at
          then excluded.last_message_kind else t.last_message_kind end,
        last_message_direction = case when t.last_message_at <= excluded.last_message_at
          then 'out' else t.last_message_direction end,
        last_message_at = greatest(t.last_message_at, excluded.last_message_at),
        updated_at = now()
      returning t.account_id, t.member_id
    ),
    moved as (
      update chat_threads t set
        last_message_preview = case when t.last_message_at <= g.sent_at
          then g.preview else t.last_message_preview end,
        last_message_kind = case when t.last_message_at <= g.sent_at
          then g.kind else t.last_message_kind end,
        last_message_direction = case when t.last_message_at <= g.sent_at
          then 'out' else t.last_message_direction end,
        last_message_at = greatest(t.last_message_at, g.sent_at),
        updated_at = now()
      from targets g
      where not g.one and t.member_id = g.member_id and t.account_id = g.account_id
        and g.sent_at is not null
    )
    select account_id, member_id from created`,
  );
  if (touched.length === 0) return;
  const calls = touched.map((row) =>
    chatNotifyCall(row.account_id, { type: 'message', friendId: row.member_id }),
  );
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

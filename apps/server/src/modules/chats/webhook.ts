import { and, eq, sql } from 'drizzle-orm';
import { chatMedia, chatMessages, chatThreads, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { LineWebhookEvent } from '../line/index.js';
import { announceChat } from './events.js';
import { CHAT_MEDIA_CHANNEL } from './media-fetcher.js';
import { kindOf, previewOf } from './preview.js';
import { touchThread } from './threads.js';

/** LINE user ids are "U" and 32 hex characters (webhook.yml, `source.userId`). */
const LINE_USER_ID = /^U[0-9a-f]{32}$/;
const MEDIA_KINDS: ReadonlySet<string> = new Set(['image', 'video', 'audio', 'file']);

function userOf(event: LineWebhookEvent): string | null {
  const source = event.source as { type?: unknown; userId?: unknown } | undefined;
  if (source?.type !== 'user' || typeof source.userId !== 'string') return null;
  return LINE_USER_ID.test(source.userId) ? source.userId : null;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function timeOf(event: LineWebhookEvent): Date {
  const at = event.timestamp;
  return Number.isFinite(at) && at > 0 && at < 8.64e15 ? new Date(at) : new Date();
}

async function memberIdOf(tx: Executor, accountId: number, lineUserId: string) {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.lineUserId, lineUserId)));
  return row?.id ?? null;
}

/**
 * The chat's part of the webhook (issue 24, decision 0230), run after the friends handler (the
 * friend exists by then), in the transaction that marks the event handled: a friend's message
 * is stored once (LINE's message id is unique per account), its thread counts it unread, and
 * media is left for the fetcher; `unsend` hides the message. Groups and rooms are not chats.
 */
export async function recordChatEvent(
  tx: Executor,
  accountId: number,
  event: LineWebhookEvent,
): Promise<void> {
  if (event.type !== 'message' && event.type !== 'unsend') return;
  const user = userOf(event);
  if (user === null) return;
  const memberId = await memberIdOf(tx, accountId, user);
  if (memberId === null) return;
  if (event.type === 'unsend') return hideMessage(tx, accountId, memberId, event.unsend.messageId);

  const message = event.message as unknown as Record<string, unknown>;
  const kind = kindOf(message.type);
  const text = kind === 'text' ? str(message.text) : null;
  const provider = message.contentProvider as { type?: unknown } | undefined;
  const mediaState = !MEDIA_KINDS.has(kind)
    ? null
    : provider?.type === 'external'
      ? 'external'
      : 'pending';
  const at = timeOf(event);
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      accountId,
      memberId,
      direction: 'in',
      kind,
      lineMessageId: String(message.id),
      webhookEventId: event.webhookEventId,
      text,
      payload: message,
      quoteToken: str(message.quoteToken),
      quotedMessageId: str(message.quotedMessageId),
      replyToken: str((event as { replyToken?: unknown }).replyToken),
      markAsReadToken: str(message.markAsReadToken),
      mediaState,
      mediaNextAttemptAt: mediaState === 'pending' ? new Date() : null,
      sender: 'friend',
      sentAt: at,
    })
    .onConflictDoNothing({ target: [chatMessages.accountId, chatMessages.lineMessageId] })
    .returning({ id: chatMessages.id });
  if (!inserted) return;
  await touchThread(tx, accountId, memberId, {
    at,
    kind,
    preview: previewOf(kind, text),
    direction: 'in',
  });
  if (mediaState === 'pending') await tx.execute(sql`select pg_notify(${CHAT_MEDIA_CHANNEL}, '')`);
  await announceChat(tx, accountId, {
    type: 'message',
    friendId: memberId,
    messageId: `m${inserted.id}`,
  });
}

/** `unsend`: the message's content is dropped and no longer shown (its row stays, marked). */
async function hideMessage(
  tx: Executor,
  accountId: number,
  memberId: number,
  lineMessageId: string,
) {
  const [hidden] = await tx
    .update(chatMessages)
    .set({
      unsentAt: sql`now()`,
      text: null,
      payload: sql`jsonb_build_object('type', ${chatMessages.payload}->>'type')`,
      quoteToken: null,
      mediaState: sql`case when ${chatMessages.mediaState} is null then null else 'failed' end`,
    })
    .where(
      and(
        eq(chatMessages.accountId, accountId),
        eq(chatMessages.memberId, memberId),
        eq(chatMessages.lineMessageId, lineMessageId),
      ),
    )
    .returning({ id: chatMessages.id, sentAt: chatMessages.sentAt, kind: chatMessages.kind });
  if (!hidden) return;
  await tx.delete(chatMedia).where(eq(chatMedia.messageId, hidden.id));
  await tx
    .update(chatThreads)
    .set({ lastMessagePreview: previewOf(kindOf(hidden.kind), null, true) })
    .where(and(eq(chatThreads.memberId, memberId), eq(chatThreads.lastMessageAt, hidden.sentAt)));
  await announceChat(tx, accountId, {
    type: 'unsent',
    friendId: memberId,
    messageId: `m${hidden.id}`,
  });
}

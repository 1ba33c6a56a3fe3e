import { and, eq, sql } from 'drizzle-orm';
import { chatMedia, chatMessages, chatThreads, members } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type {
  AccountWebhookEvent,
  LineWebhookBatchHandler,
  LineWebhookEvent,
} from '../line/index.js';
import { announceChat } from './events.js';
import { storeIncomingMessages, type IncomingMessage } from './incoming.js';
import { kindOf, previewOf } from './preview.js';

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

/** A friend's message event as it is stored; null when it names no friend (a group, a room). */
function incomingOf(accountId: number, event: LineWebhookEvent): IncomingMessage | null {
  if (event.type !== 'message') return null;
  const user = userOf(event);
  if (user === null) return null;
  const message = event.message as unknown as Record<string, unknown>;
  const kind = kindOf(message.type);
  const text = kind === 'text' ? str(message.text) : null;
  const provider = message.contentProvider as { type?: unknown } | undefined;
  return {
    accountId,
    lineUserId: user,
    kind,
    lineMessageId: String(message.id),
    webhookEventId: event.webhookEventId,
    text,
    payload: message,
    quoteToken: str(message.quoteToken),
    quotedMessageId: str(message.quotedMessageId),
    replyToken: str((event as { replyToken?: unknown }).replyToken),
    markAsReadToken: str(message.markAsReadToken),
    mediaState: !MEDIA_KINDS.has(kind)
      ? null
      : provider?.type === 'external'
        ? 'external'
        : 'pending',
    at: timeOf(event),
    preview: previewOf(kind, text),
  };
}

/**
 * The chat's part of the webhook (issue 24, decisions 0230, 0245), run after the friends handler
 * (the friend exists by then), in the transaction that marks the events handled: a batch's
 * messages from friends are stored once, set-based (chats/incoming.ts); an `unsend` hides its
 * message — after the messages before it in the batch are stored, so the order holds. Groups and
 * rooms are not chats.
 */
export const recordChatEvents: LineWebhookBatchHandler = {
  async batch(tx: Executor, events: readonly AccountWebhookEvent[]): Promise<void> {
    let run: IncomingMessage[] = [];
    for (const { accountId, event } of events) {
      const incoming = incomingOf(accountId, event);
      if (incoming) {
        run.push(incoming);
        continue;
      }
      if (event.type !== 'unsend') continue;
      const user = userOf(event);
      if (user === null) continue;
      await storeIncomingMessages(tx, run);
      run = [];
      const memberId = await memberIdOf(tx, accountId, user);
      if (memberId !== null) await hideMessage(tx, accountId, memberId, event.unsend.messageId);
    }
    await storeIncomingMessages(tx, run);
  },
};

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

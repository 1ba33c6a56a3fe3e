import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_TEXT,
  type ChatDeliveryState,
  type ChatMessage,
  type ChatSender,
} from '@tsunagu/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { chatMessages, linePushes, operators } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { kindOf } from './preview.js';
import { pushMessages, pushStateOf } from './push-messages.js';

/** A thread's order key: time, then chat messages after pushes of the same time, then id. */
interface Cursor {
  at: string;
  src: 0 | 1;
  id: number;
}

const encode = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.src, cursor.id])).toString('base64url');

function decode(text: string): Cursor {
  try {
    const [at, src, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      (src === 0 || src === 1) &&
      typeof id === 'number' &&
      Number.isInteger(id)
    )
      return { at, src, id };
  } catch {
    // Falls through to the refusal.
  }
  throw new ValidationError(CHAT_TEXT.cursorInvalid, { before: [CHAT_TEXT.cursorInvalid] });
}

type Row = typeof chatMessages.$inferSelect & {
  operatorName: string | null;
  /** The line_pushes row's state and reason when it went as a push. */
  pushState?: string | null;
  pushReason?: string | null;
};

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored chat message as the thread shows it. */
export function chatMessageOf(row: Row, friendId: number): ChatMessage {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const kind = kindOf(row.kind);
  const unsent = row.unsentAt !== null;
  const provider = payload.contentProvider as { originalContentUrl?: unknown } | undefined;
  const media =
    row.mediaState === null || unsent
      ? null
      : {
          state: row.mediaState as NonNullable<ChatMessage['media']>['state'],
          url:
            row.mediaState === 'ready'
              ? `/api/line/chats/${friendId}/messages/${row.id}/content`
              : row.mediaState === 'external'
                ? (str(provider?.originalContentUrl) ?? str(payload.originalContentUrl))
                : null,
          content_type: null,
          size: typeof payload.fileSize === 'number' ? payload.fileSize : null,
          file_name: str(payload.fileName),
          duration_ms: typeof payload.duration === 'number' ? payload.duration : null,
        };
  return {
    id: `m${row.id}`,
    direction: row.direction as 'in' | 'out',
    kind,
    text: unsent ? null : row.text,
    unsent,
    sticker:
      kind === 'sticker' && !unsent
        ? {
            package_id: String(payload.packageId ?? ''),
            sticker_id: String(payload.stickerId ?? ''),
          }
        : null,
    location:
      kind === 'location' && !unsent
        ? {
            title: str(payload.title) ?? '',
            address: str(payload.address) ?? '',
            latitude: Number(payload.latitude) || 0,
            longitude: Number(payload.longitude) || 0,
          }
        : null,
    media,
    quote_token: unsent ? null : row.quoteToken,
    sender: row.sender as ChatSender,
    operator: row.operatorId !== null ? { id: row.operatorId, name: row.operatorName ?? '' } : null,
    delivery:
      row.direction === 'out'
        ? {
            via: (row.via as 'reply' | 'push' | null) ?? 'push',
            state: row.pushState
              ? pushStateOf(row.pushState)
              : ((row.deliveryState as ChatDeliveryState | null) ?? 'sending'),
            reason: row.pushState ? (row.pushReason ?? '') : row.deliveryReason,
          }
        : null,
    sent_at: row.sentAt.toISOString(),
  };
}

/**
 * A page of a friend's thread, newest last (decision 0230): the chat messages and the friend's
 * pushes and multicasts (not the chat's own pushes, `chat:` keys), merged by time; `before` is
 * the previous page's `next_cursor`.
 */
export async function threadPage(
  db: Executor,
  accountId: number,
  friendId: number,
  before: string | undefined,
): Promise<{ messages: ChatMessage[]; next_cursor: string | null }> {
  const cursor = before ? decode(before) : null;
  const limit = CHAT_MESSAGES_PAGE_SIZE + 1;
  const messageWhere: SQL[] = [
    eq(chatMessages.memberId, friendId),
    eq(chatMessages.accountId, accountId),
  ];
  if (cursor)
    messageWhere.push(
      sql`(${chatMessages.sentAt}, 1, ${chatMessages.id}) < (${cursor.at}::timestamptz, ${cursor.src}, ${cursor.id})`,
    );
  const pushAt = sql<Date>`coalesce(${linePushes.sentAt}, ${linePushes.createdAt})`;
  const pushWhere: SQL[] = [
    eq(linePushes.accountId, accountId),
    sql`(${linePushes.memberId} = ${friendId} or ${linePushes.memberIds} @> array[${friendId}]::integer[])`,
    sql`(${linePushes.dedupeKey} is null or ${linePushes.dedupeKey} not like 'chat:%')`,
    // A fan-out row is not a message: its per-friend pushes are (decision 0226).
    sql`${linePushes.state} <> 'expanded'`,
  ];
  if (cursor)
    pushWhere.push(
      sql`(date_trunc('milliseconds', ${pushAt}), 0, ${linePushes.id}) < (${cursor.at}::timestamptz, ${cursor.src}, ${cursor.id})`,
    );
  const [ownRows, pushRows] = await Promise.all([
    db
      .select({
        message: chatMessages,
        operatorName: operators.displayName,
        pushState: linePushes.state,
        pushReason: linePushes.reason,
      })
      .from(chatMessages)
      .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
      .leftJoin(linePushes, eq(linePushes.id, chatMessages.pushId))
      .where(and(...messageWhere))
      .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
      .limit(limit),
    db
      .select({
        id: linePushes.id,
        memberId: linePushes.memberId,
        messages: linePushes.messages,
        renderAliases: linePushes.renderAliases,
        dedupeKey: linePushes.dedupeKey,
        state: linePushes.state,
        reason: linePushes.reason,
        at: sql<Date>`${pushAt}`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(linePushes)
      .where(and(...pushWhere))
      .orderBy(desc(pushAt), desc(linePushes.id))
      .limit(limit),
  ]);
  type Item = { key: Cursor; messages: ChatMessage[] };
  const items: Item[] = [
    ...ownRows.map((row) => ({
      key: { at: row.message.sentAt.toISOString(), src: 1 as const, id: row.message.id },
      messages: [
        chatMessageOf(
          {
            ...row.message,
            operatorName: row.operatorName,
            pushState: row.pushState,
            pushReason: row.pushReason,
          },
          friendId,
        ),
      ],
    })),
    ...pushRows.map((row) => ({
      key: { at: row.at.toISOString(), src: 0 as const, id: row.id },
      messages: pushMessages(row),
    })),
  ];
  // Newest first by (time, src, id), as the queries ordered them.
  items.sort((a, b) =>
    a.key.at !== b.key.at
      ? b.key.at.localeCompare(a.key.at)
      : a.key.src !== b.key.src
        ? b.key.src - a.key.src
        : b.key.id - a.key.id,
  );
  const page = items.slice(0, CHAT_MESSAGES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    messages: page.reverse().flatMap((item) => item.messages),
    next_cursor: items.length > CHAT_MESSAGES_PAGE_SIZE && last ? encode(last.key) : null,
  };
}

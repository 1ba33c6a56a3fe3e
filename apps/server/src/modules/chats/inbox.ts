import {
  CHAT_PAGE_SIZE,
  type ChatInbox,
  type ChatInboxEntry,
  type ChatInboxQuery,
  type ChatMessageKind,
  type ChatState,
} from '@tsunagu/contracts';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { chatMarks, chatThreads, members, memberTags, operators } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { tagsOfFriends } from '../tags/index.js';
import { likePattern, matchedTexts, searchCondition } from './inbox-search.js';

/** The inbox order's key of a thread: unread first, newest message, then friend id. */
interface Cursor {
  unread: boolean;
  at: string;
  id: number;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.unread ? 1 : 0, cursor.at, cursor.id])).toString('base64url');

function decodeCursor(text: string, message: string): Cursor {
  try {
    const [unread, at, id] = JSON.parse(
      Buffer.from(text, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      (unread === 0 || unread === 1) &&
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'number' &&
      Number.isInteger(id)
    )
      return { unread: unread === 1, at, id };
  } catch {
    // Falls through to the refusal.
  }
  throw new ValidationError(message, { cursor: [message] });
}

const threadColumns = {
  friendId: chatThreads.memberId,
  displayName: members.displayName,
  iconUrl: members.iconUrl,
  followState: members.followState,
  unreadCount: chatThreads.unreadCount,
  state: chatThreads.state,
  assigneeId: chatThreads.assigneeId,
  assigneeName: operators.displayName,
  markId: chatThreads.markId,
  markName: chatMarks.name,
  markColour: chatMarks.colour,
  preview: chatThreads.lastMessagePreview,
  kind: chatThreads.lastMessageKind,
  direction: chatThreads.lastMessageDirection,
  lastMessageAt: chatThreads.lastMessageAt,
};

type ThreadRow = {
  friendId: number;
  displayName: string;
  iconUrl: string;
  followState: string;
  unreadCount: number;
  state: string;
  assigneeId: number | null;
  assigneeName: string | null;
  markId: number | null;
  markName: string | null;
  markColour: string | null;
  preview: string;
  kind: string | null;
  direction: string | null;
  lastMessageAt: Date;
};

function entryOf(
  row: ThreadRow,
  tags: { id: number; name: string }[],
  matchedText: string | null,
): ChatInboxEntry {
  return {
    friend_id: row.friendId,
    display_name: row.displayName,
    icon_url: row.iconUrl,
    follow_state: row.followState as ChatInboxEntry['follow_state'],
    unread_count: row.unreadCount,
    state: row.state as ChatState,
    assignee: row.assigneeId !== null ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
    mark:
      row.markId !== null
        ? { id: row.markId, name: row.markName ?? '', colour: row.markColour ?? '' }
        : null,
    tags,
    last_message_preview: row.preview,
    last_message_kind: (row.kind as ChatMessageKind | null) ?? null,
    last_message_direction: (row.direction as 'in' | 'out' | null) ?? null,
    last_message_at: row.lastMessageAt.toISOString(),
    matched_text: matchedText,
  };
}

/** The threads' rows (friend, assignee) of an account matching `where`. */
function threadRows(db: Executor, where: SQL | undefined) {
  return db
    .select(threadColumns)
    .from(chatThreads)
    .innerJoin(members, eq(members.id, chatThreads.memberId))
    .leftJoin(operators, eq(operators.id, chatThreads.assigneeId))
    .leftJoin(chatMarks, eq(chatMarks.id, chatThreads.markId))
    .where(where);
}

/**
 * `GET /api/line/chats` (decision 0233): a page of the account's threads in the inbox's order,
 * read off `chat_threads_inbox`; filters by state, the shop's mark, assignee, tag and unread; `q` finds threads
 * whose friend's name or any message's text holds it (the text through pg_trgm).
 */
export async function listInbox(
  db: Executor,
  accountId: number,
  query: ChatInboxQuery,
  cursorMessage: string,
): Promise<ChatInbox> {
  const conditions: SQL[] = [eq(chatThreads.accountId, accountId)];
  if (query.state) conditions.push(eq(chatThreads.state, query.state));
  if (query.mark_id !== undefined) conditions.push(eq(chatThreads.markId, query.mark_id));
  if (query.assignee === 'none') conditions.push(isNull(chatThreads.assigneeId));
  else if (query.assignee !== undefined)
    conditions.push(eq(chatThreads.assigneeId, query.assignee));
  if (query.tag_id !== undefined)
    conditions.push(
      sql`exists (select 1 from ${memberTags} where ${memberTags.memberId} = ${chatThreads.memberId} and ${memberTags.tagId} = ${query.tag_id})`,
    );
  if (query.unread === 'true') conditions.push(sql`${chatThreads.unreadCount} > 0`);
  if (query.unread === 'false') conditions.push(sql`${chatThreads.unreadCount} = 0`);
  const search = query.q?.trim() ?? '';
  const q = search ? likePattern(search) : null;
  if (q) conditions.push(await searchCondition(db, accountId, search, q));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, cursorMessage);
    conditions.push(
      sql`((${chatThreads.unreadCount} > 0), ${chatThreads.lastMessageAt}, ${chatThreads.memberId}) < (${cursor.unread}, ${cursor.at}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await threadRows(db, and(...conditions))
    .orderBy(
      sql`(${chatThreads.unreadCount} > 0) desc`,
      desc(chatThreads.lastMessageAt),
      desc(chatThreads.memberId),
    )
    .limit(CHAT_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_PAGE_SIZE);
  const ids = page.map((row) => row.friendId);
  const [tags, matches] = await Promise.all([
    tagsOfFriends(db, ids),
    q ? matchedTexts(db, accountId, ids, q) : Promise.resolve(new Map<number, string>()),
  ]);
  const last = page.at(-1);
  return {
    entries: page.map((row) =>
      entryOf(row, tags.get(row.friendId) ?? [], matches.get(row.friendId) ?? null),
    ),
    next_cursor:
      rows.length > CHAT_PAGE_SIZE && last
        ? encodeCursor({
            unread: last.unreadCount > 0,
            at: last.lastMessageAt.toISOString(),
            id: last.friendId,
          })
        : null,
  };
}

/** One friend's inbox entry (the thread page's header); null when the friend has no thread yet. */
export async function inboxEntry(
  db: Executor,
  accountId: number,
  friendId: number,
): Promise<ChatInboxEntry | null> {
  const [row] = await threadRows(
    db,
    and(eq(chatThreads.accountId, accountId), eq(chatThreads.memberId, friendId)),
  );
  if (!row) return null;
  const tags = await tagsOfFriends(db, [friendId]);
  return entryOf(row, tags.get(friendId) ?? [], null);
}

/** `GET /api/line/chats/unread`: threads with unread messages and their sum, for the menu. */
export async function unreadSummary(db: Executor, accountId: number) {
  const [row] = await db
    .select({
      threads: sql<number>`count(*)::int`,
      messages: sql<number>`coalesce(sum(${chatThreads.unreadCount}), 0)::int`,
    })
    .from(chatThreads)
    .where(and(eq(chatThreads.accountId, accountId), sql`${chatThreads.unreadCount} > 0`));
  return { threads: row?.threads ?? 0, messages: row?.messages ?? 0 };
}

import {
  CHAT_TEXT,
  type ChatInboxEntry,
  type ChatInboxQuery,
  type ChatSendInput,
  type ChatStateInput,
  type ChatThread,
} from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { chatMedia, chatMessages, members, operators } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { SendCredentials, LineClient } from '../line/index.js';
import { inboxEntry, listInbox, unreadSummary } from './inbox.js';
import { replyTokenValid, type ChatSender } from './send.js';
import {
  chatSettings,
  markThreadRead,
  requireFriend,
  saveChatSettings,
  setThreadState,
} from './state.js';
import { chatMessageOf, threadPage } from './thread-messages.js';

interface Log {
  warn(entry: Record<string, unknown>, message: string): void;
}

/** The chat's calls (issue 24), each for one account (tenancy: every read names it). */
export function createChatService(deps: {
  db: Database;
  sender: ChatSender;
  client: LineClient;
  credentials: { forSending(accountId: number): Promise<SendCredentials> };
  log: Log;
}) {
  const { db } = deps;

  /** The friend's entry, or an empty one for a friend without a thread. */
  async function entryOf(accountId: number, friendId: number): Promise<ChatInboxEntry> {
    const entry = await inboxEntry(db, accountId, friendId);
    if (entry) return entry;
    const [friend] = await db
      .select({
        displayName: members.displayName,
        iconUrl: members.iconUrl,
        followState: members.followState,
      })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.id, friendId)));
    if (!friend) throw new NotFoundError(CHAT_TEXT.friendNotFound);
    return {
      friend_id: friendId,
      display_name: friend.displayName,
      icon_url: friend.iconUrl,
      follow_state: friend.followState as ChatInboxEntry['follow_state'],
      unread_count: 0,
      state: 'unhandled',
      assignee: null,
      mark: null,
      tags: [],
      last_message_preview: '',
      last_message_kind: null,
      last_message_direction: null,
      last_message_at: null,
      matched_text: null,
    };
  }

  return {
    inbox: (accountId: number, query: ChatInboxQuery) =>
      listInbox(db, accountId, query, CHAT_TEXT.cursorInvalid),

    unread: (accountId: number) => unreadSummary(db, accountId),

    async thread(accountId: number, friendId: number, before?: string): Promise<ChatThread> {
      const friend = await entryOf(accountId, friendId);
      const [page, replyValid] = await Promise.all([
        threadPage(db, accountId, friendId, before),
        replyTokenValid(db, accountId, friendId),
      ]);
      return { friend, ...page, reply_token_valid: replyValid };
    },

    async send(
      accountId: number,
      operatorId: number,
      friendId: number,
      input: ChatSendInput,
      origin: string,
    ) {
      const { ids, result } = await deps.sender.send(
        accountId,
        { sender: 'operator', operatorId },
        friendId,
        input,
        origin,
      );
      const rows = await db
        .select({ message: chatMessages, operatorName: operators.displayName })
        .from(chatMessages)
        .leftJoin(operators, eq(operators.id, chatMessages.operatorId))
        .where(and(eq(chatMessages.accountId, accountId), inArray(chatMessages.id, ids)));
      rows.sort((a, b) => a.message.id - b.message.id);
      return {
        ...result,
        messages: rows.map((row) =>
          chatMessageOf({ ...row.message, operatorName: row.operatorName }, friendId),
        ),
      };
    },

    /** Marks the thread read; on LINE too when the channel says so (a failure there is logged). */
    async markRead(accountId: number, friendId: number) {
      await requireFriend(db, accountId, friendId);
      const token = await markThreadRead(db, accountId, friendId);
      if (!token) return;
      const sending = await deps.credentials.forSending(accountId);
      if (sending.kind !== 'ready') return;
      await deps.client
        .markAsRead(sending.token, token)
        .catch((error: unknown) =>
          deps.log.warn({ err: error, accountId, friendId }, 'LINE markAsRead failed'),
        );
    },

    async setState(accountId: number, friendId: number, input: ChatStateInput) {
      await setThreadState(db, accountId, friendId, input);
      return entryOf(accountId, friendId);
    },

    async settings(accountId: number) {
      return (await chatSettings(db, accountId)) ?? { mark_as_read: false };
    },

    async saveSettings(accountId: number, markAsRead: boolean) {
      const saved = await saveChatSettings(db, accountId, markAsRead);
      if (!saved) throw fieldError('mark_as_read', CHAT_TEXT.notConnectedSettings);
      return saved;
    },

    /** A friend's media, only to operators of the account the friend belongs to. */
    async content(accountId: number, friendId: number, messageId: number) {
      const [media] = await db
        .select({ contentType: chatMedia.contentType, bytes: chatMedia.bytes })
        .from(chatMedia)
        .innerJoin(chatMessages, eq(chatMessages.id, chatMedia.messageId))
        .where(
          and(
            eq(chatMedia.messageId, messageId),
            eq(chatMessages.accountId, accountId),
            eq(chatMessages.memberId, friendId),
          ),
        );
      if (!media) throw new NotFoundError(CHAT_TEXT.messageNotFound);
      return media;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { linkByCode, linkCodeIn } from './line-link.js';
import { recordStaffNotice } from './record.js';

export interface StoredFriendMessage {
  accountId: number;
  memberId: number;
  /** The stored chat message's id. */
  messageId: number;
  text: string | null;
  preview: string;
}

/**
 * Staff notices of friends' messages (decision 0280), in the webhook's transaction where the
 * messages were stored once each: a message that is an operator's link code links their LINE
 * (decision 0283) and is no notice; any other is one notice, keyed by the message.
 */
export async function recordChatNotices(
  tx: Executor,
  messages: readonly StoredFriendMessage[],
  now = new Date(),
): Promise<void> {
  if (messages.length === 0) return;
  const ids = [...new Set(messages.map((m) => m.memberId))];
  const names = new Map(
    (
      await selectRows<{ id: number; display_name: string }>(
        tx,
        sql`select id, display_name from members
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )
    ).map((row) => [row.id, row.display_name]),
  );
  for (const message of messages) {
    const code = linkCodeIn(message.text);
    if (
      code &&
      (await linkByCode(tx, { ...message, code, messageKey: `m${message.messageId}` }, now))
    )
      continue;
    await recordStaffNotice(tx, {
      accountId: message.accountId,
      key: `chat:m${message.messageId}`,
      kind: 'message',
      text: `${names.get(message.memberId) ?? '友だち'} さんからメッセージ：${message.preview}`,
      memberId: message.memberId,
      link: `/line/chat?friend=${message.memberId}`,
    });
  }
}

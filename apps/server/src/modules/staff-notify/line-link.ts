import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { createPushQueue, textMessage } from '../line-push/index.js';

/** A link code lives this long (decision 0283). */
export const LINK_CODE_MINUTES = 30;
/** What an operator sends to the shop's account: 「連携 123456」 or the six digits alone. */
const LINK_MESSAGE = /^(?:連携\s*)?(\d{6})$/;

export const LINKED_REPLY = (operatorName: string) =>
  `${operatorName} さんのスタッフ通知をこのLINEで受け取る設定にしました。`;

/** A fresh six-digit code, unique among the account's live codes (retried on a clash). */
export function newLinkCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code in a friend's message, if the message is one. */
export function linkCodeIn(text: string | null): string | null {
  if (!text) return null;
  const match = LINK_MESSAGE.exec(text.trim().normalize('NFKC'));
  return match?.[1] ?? null;
}

/**
 * Links the operator whose live code a friend sent (decision 0283): the friend becomes that
 * operator's LINE for staff notices (and LINE is switched on for them), the code is spent, and
 * the friend is told through the push pipeline. Answers whether the message was a link code.
 */
export async function linkByCode(
  tx: Executor,
  message: { accountId: number; memberId: number; code: string; messageKey: string },
  now: Date,
): Promise<boolean> {
  const [linked] = await selectRows<{ operator_id: number; display_name: string }>(
    tx,
    sql`update staff_notify_settings s set line_member_id = ${message.memberId},
        link_code = null, link_code_expires_at = null, updated_at = now(),
        channels = case when 'line' = any (s.channels) then s.channels
          else array_append(s.channels, 'line') end
      from operators o
      where o.id = s.operator_id and s.account_id = ${message.accountId}
        and s.link_code = ${message.code} and s.link_code_expires_at > ${now.toISOString()}
      returning s.operator_id, o.display_name`,
  );
  if (!linked) return false;
  await createPushQueue().enqueue(
    tx,
    message.accountId,
    message.memberId,
    [textMessage(LINKED_REPLY(linked.display_name))],
    `staff-link:${message.messageKey}`,
  );
  return true;
}

import type { StaffNoticeKind } from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';
import { announceAccountEvent } from '../realtime/index.js';

export interface StaffNoticeInput {
  accountId: number;
  /** What caused it, unique per account: a second record of the same cause is a no-op. */
  key: string;
  kind: StaffNoticeKind;
  text: string;
  memberId: number | null;
  link: string | null;
}

/** The kind of account event that tells a console its operators' bells changed. */
export const STAFF_NOTICE_EVENT = 'staff_notice';

/**
 * Records a staff notice (an `operator_notices` row, decision 0252) and its deliveries, in the
 * caller's transaction. Answers the notice id, or null when its key was recorded before.
 */
export async function recordStaffNotice(
  tx: Executor,
  input: StaffNoticeInput,
): Promise<number | null> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into operator_notices (account_id, member_id, text, key, kind, link)
      values (${input.accountId}, ${input.memberId}, ${input.text.slice(0, 500)}, ${input.key},
        ${input.kind}, ${input.link})
      on conflict (account_id, key) do nothing
      returning id`,
  );
  if (!row) return null;
  await fanOutStaffNotice(tx, input.accountId, row.id, input.kind);
  return row.id;
}

/**
 * The outbox rows of a notice (decision 0280): one per operator of the account and channel they
 * take this kind on — the console at once (`sent`), e-mail and LINE `pending` for the dispatcher.
 * No settings row: the console only, for every kind. Unique per notice × operator × channel, so
 * a second fan-out adds nothing. The account's consoles hear which operators' bells changed.
 */
export async function fanOutStaffNotice(
  tx: Executor,
  accountId: number,
  noticeId: number,
  kind: StaffNoticeKind,
): Promise<void> {
  const rows = await selectRows<{ operator_id: number }>(
    tx,
    sql`insert into staff_deliveries (account_id, notice_id, operator_id, channel, state, sent_at)
      select o.account_id, ${noticeId}, o.id, c.channel,
        case when c.channel = 'console' then 'sent' else 'pending' end,
        case when c.channel = 'console' then now() end
      from operators o
      left join staff_notify_settings s on s.operator_id = o.id
      cross join unnest(array['console', 'email', 'line']::text[]) as c (channel)
      where o.account_id = ${accountId}
        -- A deactivated operator (decision 0288) has left: no new notice reaches them.
        and o.active
        and (s.operator_id is null or ${kind} = any (s.kinds))
        and case c.channel
          when 'console' then s.operator_id is null or 'console' = any (s.channels)
          when 'email' then s.email is not null and 'email' = any (s.channels)
          else s.line_member_id is not null and 'line' = any (s.channels)
        end
      on conflict (notice_id, operator_id, channel) do nothing
      returning operator_id`,
  );
  const operatorIds = [...new Set(rows.map((row) => row.operator_id))];
  if (operatorIds.length === 0) return;
  await announceAccountEvent(tx, {
    account_id: accountId,
    kind: STAFF_NOTICE_EVENT,
    operator_ids: operatorIds,
  });
}

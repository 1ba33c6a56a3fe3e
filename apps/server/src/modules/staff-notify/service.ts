import {
  STAFF_BELL_PAGE,
  STAFF_CHANNELS,
  STAFF_NOTICE_KINDS,
  type StaffBell,
  type StaffChannel,
  type StaffLineLink,
  type StaffNoticeKind,
  type StaffNotifySettings,
} from '@tsunagu/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Database } from '../../db/types.js';
import { LINK_CODE_MINUTES, newLinkCode } from './line-link.js';

export interface Operator {
  accountId: number;
  operatorId: number;
}

interface SettingsRow {
  kinds: StaffNoticeKind[];
  channels: StaffChannel[];
  quiet_from: string | null;
  quiet_until: string | null;
  email: string | null;
  line_name: string | null;
}

/**
 * An operator's own staff notices (issue 26): the bell (console deliveries, newest first, read
 * or not), their settings and their LINE link. Every query is the signed-in operator's, in
 * their account: nobody reads or changes another operator's.
 */
export function createStaffNotifyService(deps: { db: Database; emailAvailable: boolean }) {
  const { db } = deps;

  async function unreadCount(op: Operator) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from staff_deliveries
        where operator_id = ${op.operatorId} and account_id = ${op.accountId}
          and channel = 'console' and read_at is null`,
    );
    return row?.n ?? 0;
  }

  async function settingsRow(op: Operator): Promise<SettingsRow | undefined> {
    const [row] = await selectRows<SettingsRow>(
      db,
      sql`select s.kinds, s.channels, s.quiet_from, s.quiet_until, s.email,
          m.display_name as line_name
        from staff_notify_settings s
        left join members m on m.id = s.line_member_id and m.account_id = s.account_id
        where s.operator_id = ${op.operatorId} and s.account_id = ${op.accountId}`,
    );
    return row;
  }

  async function settings(op: Operator): Promise<StaffNotifySettings> {
    const row = await settingsRow(op);
    return {
      kinds: row?.kinds ?? [...STAFF_NOTICE_KINDS],
      channels: row?.channels ?? ['console'],
      quiet_from: row?.quiet_from ?? null,
      quiet_until: row?.quiet_until ?? null,
      email: row?.email ?? null,
      email_available: deps.emailAvailable,
      line_linked_name: row?.line_name ?? null,
    };
  }

  /** The settings row, made with the defaults when the operator has none yet. */
  async function ensureRow(op: Operator) {
    await db.execute(sql`insert into staff_notify_settings (operator_id, account_id, kinds, channels)
      values (${op.operatorId}, ${op.accountId}, ${sql.raw(
        `array[${STAFF_NOTICE_KINDS.map((k) => `'${k}'`).join(',')}]::text[]`,
      )}, array['console']::text[])
      on conflict (operator_id) do nothing`);
  }

  const textArray = (values: readonly string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;

  return {
    async bell(op: Operator): Promise<StaffBell> {
      const items = await selectRows<{
        id: number;
        kind: StaffNoticeKind;
        text: string;
        friend_id: number | null;
        friend_name: string | null;
        link: string | null;
        read: boolean;
        created_at: Date | string;
      }>(
        db,
        sql`select d.id, n.kind, n.text, n.member_id as friend_id, m.display_name as friend_name,
            n.link, d.read_at is not null as read, n.created_at
          from staff_deliveries d
          join operator_notices n on n.id = d.notice_id
          left join members m on m.id = n.member_id
          where d.operator_id = ${op.operatorId} and d.account_id = ${op.accountId}
            and d.channel = 'console'
          order by d.id desc
          limit ${STAFF_BELL_PAGE}`,
      );
      return {
        unread_count: await unreadCount(op),
        items: items.map((item) => ({
          ...item,
          created_at: new Date(item.created_at).toISOString(),
        })),
      };
    },

    /** Marks the given console notices (or all) read; ids not the operator's change nothing. */
    async markRead(op: Operator, ids: number[] | undefined) {
      const only =
        ids === undefined
          ? sql``
          : ids.length === 0
            ? sql`and false`
            : sql`and id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      await db.execute(sql`update staff_deliveries set read_at = now()
        where operator_id = ${op.operatorId} and account_id = ${op.accountId}
          and channel = 'console' and read_at is null ${only}`);
      return { unread_count: await unreadCount(op) };
    },

    settings,

    async saveSettings(
      op: Operator,
      input: {
        kinds: StaffNoticeKind[];
        channels: StaffChannel[];
        quiet_from: string | null;
        quiet_until: string | null;
        email: string | null;
      },
    ): Promise<StaffNotifySettings> {
      const kinds = STAFF_NOTICE_KINDS.filter((k) => input.kinds.includes(k));
      const channels = STAFF_CHANNELS.filter((c) => input.channels.includes(c));
      await db.execute(sql`insert into staff_notify_settings
          (operator_id, account_id, kinds, channels, quiet_from, quiet_until, email)
        values (${op.operatorId}, ${op.accountId}, ${textArray(kinds)}, ${textArray(channels)},
          ${input.quiet_from}, ${input.quiet_until}, ${input.email})
        on conflict (operator_id) do update set kinds = excluded.kinds,
          channels = excluded.channels, quiet_from = excluded.quiet_from,
          quiet_until = excluded.quiet_until, email = excluded.email, updated_at = now()`);
      return settings(op);
    },

    /** A fresh one-time code for the operator to send to the shop's LINE account. */
    async issueLineLink(op: Operator, now = new Date()): Promise<StaffLineLink> {
      await ensureRow(op);
      const expires = new Date(now.getTime() + LINK_CODE_MINUTES * 60_000);
      for (let attempt = 0; ; attempt += 1) {
        const code = newLinkCode();
        try {
          await db.execute(sql`update staff_notify_settings
            set link_code = ${code}, link_code_expires_at = ${expires.toISOString()}
            where operator_id = ${op.operatorId} and account_id = ${op.accountId}`);
        } catch (error) {
          if (attempt < 5) continue; // another operator's live code: draw again
          throw error;
        }
        const [channel] = await selectRows<{ basic_id: string }>(
          db,
          sql`select basic_id from line_channels where account_id = ${op.accountId} limit 1`,
        );
        return {
          code,
          expires_at: expires.toISOString(),
          friend_url: channel?.basic_id
            ? `https://line.me/R/ti/p/${encodeURIComponent(channel.basic_id)}`
            : null,
        };
      }
    },

    /** Unlinks the operator's LINE: no more LINE deliveries, pending ones dropped when due. */
    async unlinkLine(op: Operator): Promise<StaffNotifySettings> {
      await db.execute(sql`update staff_notify_settings
        set line_member_id = null, link_code = null, link_code_expires_at = null,
          channels = array_remove(channels, 'line'), updated_at = now()
        where operator_id = ${op.operatorId} and account_id = ${op.accountId}`);
      return settings(op);
    },
  };
}

export type StaffNotifyService = ReturnType<typeof createStaffNotifyService>;

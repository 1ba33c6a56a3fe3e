import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/raw.js';
import type { Executor } from '../../db/types.js';

/**
 * Our own count of rich menu taps (decision 0262): a postback whose signed data names a menu's
 * area is recorded once per webhook event, for the account's own menu only (a menu deleted
 * since records nothing).
 */
export async function recordRichMenuTap(
  tx: Executor,
  tap: {
    accountId: number;
    richMenuId: number;
    area: number;
    memberId: number | null;
    eventKey: string;
    at: Date;
  },
) {
  await tx.execute(
    sql`insert into rich_menu_taps (account_id, rich_menu_id, area, member_id, event_key, tapped_at)
      select ${tap.accountId}, m.id, ${tap.area}, ${tap.memberId}, ${tap.eventKey}, ${tap.at.toISOString()}
      from rich_menus m where m.id = ${tap.richMenuId} and m.account_id = ${tap.accountId}
      on conflict (account_id, event_key) do nothing`,
  );
}

/** Taps per area of a menu (all time): area index → taps and distinct friends. */
export async function tapCounts(db: Executor, accountId: number, richMenuId: number) {
  return selectRows<{ area: number; taps: number; friends: number }>(
    db,
    sql`select area, count(*)::int as taps, count(distinct member_id)::int as friends
      from rich_menu_taps where account_id = ${accountId} and rich_menu_id = ${richMenuId}
      group by area order by area`,
  );
}

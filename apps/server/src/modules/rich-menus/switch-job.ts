import { and, eq, sql } from 'drizzle-orm';
import { richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The NOTIFY channel that wakes the rich menu publisher (a job was queued). */
export const RICH_MENU_CHANNEL = 'tsunagu_rich_menus';

/**
 * The action `switch_rich_menu` (decision 0263): queues the link of one friend to one of the
 * account's menus, once per cause, in the caller's transaction; the publisher links the friend
 * on LINE after the commit (no network call inside a transaction). `target_missing`: not the
 * account's menu; `inactive`: never published (nothing on LINE to link to).
 */
export async function queueRichMenuSwitch(
  tx: Executor,
  input: { accountId: number; memberId: number; richMenuId: number; causeKey: string },
): Promise<'ran' | 'already' | 'target_missing' | 'inactive'> {
  const [menu] = await tx
    .select({ state: richMenus.state, lineRichMenuId: richMenus.lineRichMenuId })
    .from(richMenus)
    .where(and(eq(richMenus.accountId, input.accountId), eq(richMenus.id, input.richMenuId)));
  if (!menu) return 'target_missing';
  if (menu.lineRichMenuId === null && menu.state !== 'publishing') return 'inactive';
  const inserted = await tx
    .insert(richMenuJobs)
    .values({
      accountId: input.accountId,
      richMenuId: input.richMenuId,
      kind: 'switch',
      memberId: input.memberId,
      causeKey: input.causeKey,
      step: 'link',
    })
    .onConflictDoNothing()
    .returning({ id: richMenuJobs.id });
  if (inserted.length === 0) return 'already';
  await tx.execute(sql`select pg_notify(${RICH_MENU_CHANNEL}, '')`);
  return 'ran';
}

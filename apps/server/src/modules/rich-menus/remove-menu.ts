import { RICH_MENU_TEXT } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { AppError, ConflictError, TooManyRequestsError } from '../../lib/errors.js';
import { budgetFreeAt, budgetWaitReason, spend } from './budget.js';
import type { LineRichMenuClient } from './line-rich-menu-client.js';
import { readMenu } from './menu-rows.js';
import { tabGroupOf } from './publish-plan.js';

/**
 * `DELETE …/{id}` (decision 0261): off LINE first, then our row. Tabs are published together
 * and leave LINE together: every menu of the tab group that is on LINE loses its alias and its
 * LINE menu (LINE unlinks its friends and drops it as the default); the other tabs stay as
 * drafts. One being published is a 409; LINE's hourly budget spent a 429 saying when.
 */
export async function removeMenu(
  deps: {
    db: Database;
    client: LineRichMenuClient;
    clock: () => Date;
    tokenOf: (accountId: number) => Promise<string>;
  },
  accountId: number,
  id: number,
) {
  const { db, clock, tokenOf } = deps;
  const menu = await readMenu(db, accountId, id);
  if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_TEXT.busy);
  const group = await tabGroupOf(db, accountId, id);
  const rows = await db
    .select({
      id: richMenus.id,
      state: richMenus.state,
      lineId: richMenus.lineRichMenuId,
      aliasId: richMenus.lineAliasId,
    })
    .from(richMenus)
    .where(and(eq(richMenus.accountId, accountId), inArray(richMenus.id, group)));
  if (rows.some((row) => row.state === 'publishing')) throw new ConflictError(RICH_MENU_TEXT.busy);
  const live = rows.filter((row) => row.lineId !== null);
  if (live.length > 0) {
    const token = await tokenOf(accountId);
    for (const row of live) {
      if (row.aliasId !== null) {
        const call = await deps.client.deleteAlias(token, row.aliasId);
        if (call.kind === 'retry' || call.kind === 'limited') throw new AppError(502, call.reason);
      }
      const free = await budgetFreeAt(db, accountId, 'menu', clock());
      if (free !== null) throw new TooManyRequestsError(budgetWaitReason('menu', free));
      const call = await deps.client.deleteMenu(token, row.lineId!);
      if (call.kind !== 'refused') await spend(db, accountId, 'menu', clock());
      if (call.kind !== 'ok' && !(call.kind === 'refused' && call.status === 404))
        throw new AppError(502, call.reason);
      // Off LINE: a tab left behind is a draft again (no LINE id, no progress).
      await db
        .update(richMenus)
        .set({ state: 'draft', lineRichMenuId: null, publish: null, updatedAt: clock() })
        .where(eq(richMenus.id, row.id));
    }
  }
  await db.delete(richMenus).where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
}

import type { RichMenuAudience, RichMenuPublishProgress } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { richMenus, type richMenuJobs } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** One menu of a publish (the menu itself first, then the tabs it switches to). */
export interface PlanEntry {
  menuId: number;
  /** Our menu's LINE id when the publish began (a live menu): moved from, then deleted. */
  oldLineId: string | null;
  /** The new LINE menu made by this publish. */
  newLineId: string | null;
  image: boolean;
  alias: boolean;
  oldDeleted: boolean;
}

export interface Plan {
  entries: PlanEntry[];
  /** Tabs: aliases are made (a single menu needs none). */
  aliases: boolean;
  /** Friends of a tag or segment are linked in bulk (a first publish, or a new audience). */
  bulk: boolean;
  /** The batch moving the old menus' users has succeeded. */
  batched: boolean;
  /** The default menu was set. */
  defaulted: boolean;
}

export type Job = typeof richMenuJobs.$inferSelect;

/** The most menus a group of tabs may hold (LINE's tabs are 2–4; a loop of switches stops). */
export const GROUP_MAX = 10;

/**
 * A menu and, through their `richmenuswitch` areas, every menu it reaches (tabs switch both
 * ways): the menus published together, the menu itself first. Only the account's own.
 */
export async function tabGroupOf(db: Executor, accountId: number, menuId: number) {
  const order: number[] = [menuId];
  const rows = new Map<number, { id: number; areas: unknown; name: string }>();
  for (let i = 0; i < order.length && order.length <= GROUP_MAX; i += 1) {
    const pending = order.filter((id) => !rows.has(id));
    if (pending.length === 0) continue;
    const found = await db
      .select({ id: richMenus.id, areas: richMenus.areas, name: richMenus.name })
      .from(richMenus)
      .where(and(eq(richMenus.accountId, accountId), inArray(richMenus.id, pending)));
    for (const row of found) rows.set(row.id, row);
    const row = rows.get(order[i]!);
    for (const area of (row?.areas ?? []) as { action: { type: string; rich_menu_id?: number } }[])
      if (area.action.type === 'richmenuswitch' && area.action.rich_menu_id !== undefined)
        if (!order.includes(area.action.rich_menu_id)) order.push(area.action.rich_menu_id);
  }
  return order.filter((id) => rows.has(id)).slice(0, GROUP_MAX);
}

/** The read shape's `publish` of a publish job (contracts' RichMenuPublishProgress). */
export function progressOf(job: Job): RichMenuPublishProgress {
  return {
    step: job.step as RichMenuPublishProgress['step'],
    audience: job.audience as RichMenuAudience,
    total: job.total,
    linked: job.linked,
    waiting_until: job.waitingUntil?.toISOString() ?? null,
    error: job.error,
    waiting_reason: job.waitReason,
    updated_at: job.updatedAt.toISOString(),
  };
}

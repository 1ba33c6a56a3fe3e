import type { RichMenuAudience, RichMenuRule } from '@tsunagu/contracts';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { members, richMenus, richMenuUserLinks } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { audienceWhere } from './audience.js';

/** A menu live on LINE and shown now (its schedule allows it). */
export interface LiveMenu {
  id: number;
  name: string;
  lineId: string;
  audience: RichMenuAudience;
}

export interface MenuPick {
  menu: LiveMenu;
  rule: Exclude<RichMenuRule, 'default' | 'none'>;
}

/**
 * The account's menus that apply now (decision 0300): live on LINE, with the audience of their
 * live version, inside their schedule; newest publish first (the order tag and segment menus
 * win in). `default` is the newest default-audience one.
 */
export async function liveMenus(db: Executor, accountId: number, now: Date) {
  const rows = await db
    .select({
      id: richMenus.id,
      name: richMenus.name,
      lineId: richMenus.lineRichMenuId,
      audience: richMenus.liveAudience,
    })
    .from(richMenus)
    .where(
      and(
        eq(richMenus.accountId, accountId),
        isNotNull(richMenus.lineRichMenuId),
        isNotNull(richMenus.liveAudience),
        or(isNull(richMenus.showFrom), lte(richMenus.showFrom, now)),
        or(isNull(richMenus.showUntil), gt(richMenus.showUntil, now)),
      ),
    )
    .orderBy(desc(richMenus.publishedAt), desc(richMenus.id));
  const menus = rows.map((row) => ({
    ...row,
    lineId: row.lineId!,
    audience: row.audience as RichMenuAudience,
  }));
  return {
    byId: new Map(menus.map((menu) => [menu.id, menu])),
    targeted: menus.filter((menu) => menu.audience.type !== 'default'),
    default: menus.find((menu) => menu.audience.type === 'default') ?? null,
  };
}
export type LiveMenus = Awaited<ReturnType<typeof liveMenus>>;

/**
 * The per-friend menu each following friend should have now, by the rules in order: set by an
 * action (while that menu is shown) > a tag or segment menu (newest publish first). A friend
 * not in the answer shows the default menu. `only` limits it to one friend.
 */
export async function wantedLinks(
  db: Executor,
  accountId: number,
  live: LiveMenus,
  now: Date,
  only?: number,
): Promise<Map<number, MenuPick>> {
  const wanted = new Map<number, MenuPick>();
  const one = (where: SQL | undefined) =>
    only === undefined ? where : and(where, eq(members.id, only));
  const byAction = await db
    .select({ memberId: richMenuUserLinks.memberId, menuId: richMenuUserLinks.richMenuId })
    .from(richMenuUserLinks)
    .innerJoin(members, eq(members.id, richMenuUserLinks.memberId))
    .where(
      one(
        and(
          eq(richMenuUserLinks.accountId, accountId),
          eq(richMenuUserLinks.rule, 'action'),
          eq(members.followState, 'following'),
        ),
      ),
    );
  for (const row of byAction) {
    const menu = live.byId.get(row.menuId);
    if (menu) wanted.set(row.memberId, { menu, rule: 'action' });
  }
  for (const menu of live.targeted) {
    const where = await audienceWhere(db, accountId, menu.audience, now);
    if (!where) continue;
    const found = await db.select({ id: members.id }).from(members).where(one(where));
    const rule = menu.audience.type === 'tag' ? 'tag' : 'segment';
    for (const { id } of found) if (!wanted.has(id)) wanted.set(id, { menu, rule });
  }
  return wanted;
}

import {
  RICH_MENU_RULE_ORDER_TEXT,
  type FriendRichMenu,
  type RichMenuScheduleInput,
} from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import {
  memberQueries,
  members,
  richMenuDefaults,
  richMenus,
  richMenuUserLinks,
  tags,
} from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';
import { readMenu } from './menu-rows.js';
import { liveMenus, wantedLinks, type MenuPick } from './menu-rules.js';

/** Why the rule gave this menu, in the owner's words. */
async function reasonOf(db: Database, accountId: number, pick: MenuPick) {
  const name = `「${pick.menu.name}」`;
  if (pick.rule === 'action') return `アクションで${name}に切り替えられました`;
  const audience = pick.menu.audience;
  if (audience.type === 'tag') {
    const [tag] = await db
      .select({ name: tags.name })
      .from(tags)
      .where(and(eq(tags.accountId, accountId), eq(tags.id, audience.tag_id)));
    return `タグ「${tag?.name ?? '?'}」の友だちに公開した${name}`;
  }
  if (audience.type === 'segment') {
    const [segment] = await db
      .select({ name: memberQueries.name })
      .from(memberQueries)
      .where(
        and(eq(memberQueries.accountId, accountId), eq(memberQueries.id, audience.member_query_id)),
      );
    return `セグメント「${segment?.name ?? '?'}」の友だちに公開した${name}`;
  }
  return `すべての友だちに公開したデフォルトの${name}`;
}

/**
 * `GET /api/line/friends/{id}/rich_menu` (decision 0300): the menu the rules give the friend now
 * and which rule, and whether LINE shows it yet (the audience worker links within a minute).
 * Another account's friend is a 404.
 */
export async function friendRichMenu(
  db: Database,
  accountId: number,
  memberId: number,
  now: Date,
): Promise<FriendRichMenu> {
  const [friend] = await db
    .select({ following: sql<boolean>`${members.followState} = 'following'` })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  if (!friend) throw new NotFoundError('友だちが見つかりません');
  const order = RICH_MENU_RULE_ORDER_TEXT;
  if (!friend.following)
    return {
      rich_menu: null,
      rule: 'none',
      reason: 'ブロック中（フォロー解除）のため、リッチメニューは表示されません',
      on_line: true,
      order,
    };
  const live = await liveMenus(db, accountId, now);
  const pick = (await wantedLinks(db, accountId, live, now, memberId)).get(memberId);
  const [link] = await db
    .select({ lineId: richMenuUserLinks.lineRichMenuId })
    .from(richMenuUserLinks)
    .where(eq(richMenuUserLinks.memberId, memberId));
  if (pick)
    return {
      rich_menu: { id: pick.menu.id, name: pick.menu.name },
      rule: pick.rule,
      reason: await reasonOf(db, accountId, pick),
      on_line: link?.lineId === pick.menu.lineId,
      order,
    };
  const [stored] = await db
    .select({ lineId: richMenuDefaults.lineRichMenuId })
    .from(richMenuDefaults)
    .where(eq(richMenuDefaults.accountId, accountId));
  const menu = live.default;
  if (menu)
    return {
      rich_menu: { id: menu.id, name: menu.name },
      rule: 'default',
      reason: `すべての友だちに公開したデフォルトの「${menu.name}」`,
      on_line: !link && stored?.lineId === menu.lineId,
      order,
    };
  return {
    rich_menu: null,
    rule: 'none',
    reason:
      'このツールで公開中のメニューはありません（LINE公式アカウントマネージャーで設定したメニューが表示されます）',
    on_line: !link,
    order,
  };
}

/**
 * `PUT /api/line/rich_menus/{id}/schedule` (decision 0300): when the menu is shown; the audience
 * worker switches at the time
 * (its pass runs once a minute).
 */
export async function setSchedule(
  db: Database,
  accountId: number,
  id: number,
  input: RichMenuScheduleInput,
  now: Date,
) {
  await readMenu(db, accountId, id);
  await db
    .update(richMenus)
    .set({
      showFrom: input.show_from ? new Date(input.show_from) : null,
      showUntil: input.show_until ? new Date(input.show_until) : null,
      updatedAt: now,
    })
    .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
  return readMenu(db, accountId, id);
}

import { memberTags, tagGroups, tags } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The demo salon's friend tags: folders of visits and menus, and two tags outside any folder. */
const DEMO_TAG_GROUPS = [
  { name: '来店状況', tags: ['新規', 'リピーター', '休眠'] },
  { name: 'メニュー', tags: ['カット', 'カラー', 'パーマ', 'ヘッドスパ', 'トリートメント'] },
  { name: null, tags: ['冬のキャンペーン参加', '学割'] },
] as const;

export type DemoTagName = (typeof DEMO_TAG_GROUPS)[number]['tags'][number];

/** Which demo tags the friend at `index` (in the order they were added) has. */
function tagsOfFriend(index: number): DemoTagName[] {
  const visit: DemoTagName = index % 7 === 6 ? '休眠' : index % 3 === 0 ? '新規' : 'リピーター';
  const menus: DemoTagName[] = ['カット'];
  if (index % 2 === 0) menus.push('カラー');
  if (index % 5 === 1) menus.push('パーマ');
  if (index % 4 === 3) menus.push('ヘッドスパ');
  if (index % 6 === 2) menus.push('トリートメント');
  const more: DemoTagName[] = [];
  if (index % 4 === 0) more.push('冬のキャンペーン参加');
  if (index % 9 === 4) more.push('学割');
  return index % 10 === 9 ? [] : [visit, ...menus, ...more];
}

/**
 * The demo's tags, and most friends tagged (one insert per table): every tenth friend has no tag,
 * so the friends list shows both. Answers each tag's id by name.
 */
export async function seedDemoTags(
  tx: Executor,
  accountId: number,
  memberIds: readonly number[],
): Promise<Record<DemoTagName, number>> {
  const groups = await tx
    .insert(tagGroups)
    .values(
      DEMO_TAG_GROUPS.filter((group) => group.name !== null).map((group, index) => ({
        accountId,
        name: group.name!,
        order: index + 1,
      })),
    )
    .returning({ id: tagGroups.id, name: tagGroups.name });
  const groupId = new Map(groups.map((group) => [group.name, group.id]));
  const rows = await tx
    .insert(tags)
    .values(
      DEMO_TAG_GROUPS.flatMap((group) =>
        group.tags.map((name, index) => ({
          accountId,
          groupId: group.name === null ? null : (groupId.get(group.name) ?? null),
          name,
          order: index + 1,
        })),
      ),
    )
    .returning({ id: tags.id, name: tags.name });
  const ids = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<
    DemoTagName,
    number
  >;
  const links = memberIds.flatMap((memberId, index) =>
    tagsOfFriend(index).map((name) => ({ memberId, tagId: ids[name] })),
  );
  if (links.length > 0) await tx.insert(memberTags).values(links);
  return ids;
}

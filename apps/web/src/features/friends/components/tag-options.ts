import type { TagList } from '@tsunagu/contracts';
import type { SelectOption } from '@/ui/select';

/** Every tag as a select option, named with its group ("グループ / タグ") so equal names differ. */
export function tagOptions(list: TagList | undefined): SelectOption<number>[] {
  if (!list) return [];
  const groupName = new Map(list.groups.map((group) => [group.id, group.name]));
  return list.tags.map((tag) => {
    const group = tag.group_id === null ? undefined : groupName.get(tag.group_id);
    return { value: tag.id, name: group ? `${group} / ${tag.name}` : tag.name };
  });
}

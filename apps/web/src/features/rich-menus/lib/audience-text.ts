import type { RichMenuAudience } from '@tsunagu/contracts';

type Names = { tags?: ReadonlyMap<number, string>; segments?: ReadonlyMap<number, string> };

/** Who a published menu is for, in words (the list and the progress say it the same way). */
export function audienceText(audience: RichMenuAudience | null, names: Names = {}): string {
  if (!audience) return '—';
  if (audience.type === 'default') return 'すべての友だち（デフォルト）';
  if (audience.type === 'tag')
    return `タグ：${names.tags?.get(audience.tag_id) ?? `#${audience.tag_id}`}`;
  return `セグメント：${names.segments?.get(audience.member_query_id) ?? `#${audience.member_query_id}`}`;
}

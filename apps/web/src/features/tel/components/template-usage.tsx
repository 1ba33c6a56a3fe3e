import type { TelTemplateUsage } from '@tsunagu/contracts';

const count = (n: number) => n.toLocaleString('ja-JP');

/** 「下書き2件・発注済み1件」, or なし: the unsent messages using a template. */
export function templateUsageText(usage: TelTemplateUsage): string {
  const parts = [
    usage.draft_messages > 0 ? `下書き${count(usage.draft_messages)}件` : '',
    usage.ordered_messages > 0 ? `発注済み${count(usage.ordered_messages)}件` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('・') : 'なし';
}

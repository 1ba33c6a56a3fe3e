import {
  RICH_MENU_TEXT,
  todayInTokyo,
  type RichMenu,
  type RichMenuInsight,
} from '@tsunagu/contracts';
import type { LineRichMenuClient } from './line-rich-menu-client.js';

const DAY_MS = 86_400_000;

/**
 * LINE's rich menu insight (insight.yml `GET /v2/bot/insight/richmenu/{id}/summary`, 60 an
 * hour): impressions and taps per area over Tokyo dates (default the last 30 days). Below
 * LINE's privacy threshold it answers only the id: no counts, and `line_note` says why. A menu
 * not on LINE has none either. LINE's clicks are matched to our areas by their bounds.
 */
export async function lineInsight(input: {
  menu: RichMenu;
  range: { from?: string | undefined; to?: string | undefined };
  now: Date;
  token: () => Promise<string>;
  client: LineRichMenuClient;
}): Promise<Omit<RichMenuInsight, 'ours'>> {
  const to = input.range.to ?? todayInTokyo(input.now);
  const from =
    input.range.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const lineId = input.menu.line_rich_menu_id;
  if (lineId === null)
    return { from, to, line: null, line_note: RICH_MENU_TEXT.insightNotPublished };
  const compact = (date: string) => date.replaceAll('-', '');
  const call = await input.client.insightSummary(
    await input.token(),
    lineId,
    compact(from),
    compact(to),
  );
  if (call.kind !== 'ok') return { from, to, line: null, line_note: call.reason };
  const summary = call.body;
  if (!summary.impression || !summary.clicks)
    return { from, to, line: null, line_note: RICH_MENU_TEXT.insightBelowThreshold };
  const areas = input.menu.areas.map((area, index) => {
    const b = area.bounds;
    const click = summary.clicks!.find(
      (c) =>
        c.bounds.x === b.x &&
        c.bounds.y === b.y &&
        c.bounds.width === b.width &&
        c.bounds.height === b.height,
    );
    return { area: index, taps: click?.metrics.count ?? 0, users: click?.metrics.uniqueUsers ?? 0 };
  });
  return {
    from,
    to,
    line: {
      impressions: summary.impression.metrics.count,
      impression_users: summary.impression.metrics.uniqueUsers,
      areas,
    },
    line_note: null,
  };
}

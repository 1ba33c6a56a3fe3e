import {
  RICH_MENU_TEXT,
  type RichMenu,
  type RichMenuArea,
  type RichMenuAudience,
  type RichMenuPublishProgress,
  type RichMenuState,
} from '@tsunagu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { richMenus } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { NotFoundError } from '../../lib/errors.js';

type Row = typeof richMenus.$inferSelect;

/** Every column but the image's bytes (a list never reads them). */
const columns = {
  id: richMenus.id,
  name: richMenus.name,
  chatBarText: richMenus.chatBarText,
  selected: richMenus.selected,
  width: richMenus.width,
  height: richMenus.height,
  areas: richMenus.areas,
  state: richMenus.state,
  imageContentType: richMenus.imageContentType,
  lineRichMenuId: richMenus.lineRichMenuId,
  publish: richMenus.publish,
  showFrom: richMenus.showFrom,
  showUntil: richMenus.showUntil,
  publishedAt: richMenus.publishedAt,
  liveAudience: richMenus.liveAudience,
  updatedAt: richMenus.updatedAt,
};

export const toApi = (
  row: Omit<Row, 'image' | 'accountId' | 'createdAt' | 'lineAliasId'>,
): RichMenu => ({
  id: row.id,
  name: row.name,
  chat_bar_text: row.chatBarText,
  selected: row.selected,
  size: { width: row.width, height: row.height },
  areas: row.areas as RichMenuArea[],
  state: row.state as RichMenuState,
  has_image: row.imageContentType !== null,
  line_rich_menu_id: row.lineRichMenuId,
  publish: row.publish as RichMenuPublishProgress | null,
  live_audience: row.liveAudience as RichMenuAudience | null,
  published_at: row.publishedAt?.toISOString() ?? null,
  show_from: row.showFrom?.toISOString() ?? null,
  show_until: row.showUntil?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

/** One menu of the account as the API shows it; 404 when the account has no such menu. */
export async function readMenu(db: Executor, accountId: number, id: number): Promise<RichMenu> {
  const [row] = await db
    .select(columns)
    .from(richMenus)
    .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
  if (!row) throw new NotFoundError(RICH_MENU_TEXT.notFound);
  return toApi(row);
}

/** The account's menus, oldest first. */
export async function listMenus(db: Executor, accountId: number): Promise<RichMenu[]> {
  const rows = await db
    .select(columns)
    .from(richMenus)
    .where(eq(richMenus.accountId, accountId))
    .orderBy(asc(richMenus.id));
  return rows.map(toApi);
}

import {
  ACTION_TEXT,
  RICH_MENU_TEXT,
  type RichMenu,
  type RichMenuArea,
  type RichMenuInput,
  type RichMenuPublishProgress,
  type RichMenuState,
} from '@tsunagu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { actionSets, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { prepareRichMenuImage } from './rich-menu-image.js';

type Row = typeof richMenus.$inferSelect;

export const RICH_MENU_EDIT_TEXT = {
  publishing: '公開処理中のリッチメニューは編集できません。公開が終わってから保存してください',
  noImage: 'このリッチメニューにはまだ画像がありません',
} as const;
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
  updatedAt: richMenus.updatedAt,
};

const toApi = (row: Omit<Row, 'image' | 'accountId' | 'createdAt' | 'lineAliasId'>): RichMenu => ({
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
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Rich menus of an account (issue 25, decision 0258): drafts made, read and given their image.
 * Every read and write is scoped to the account; an area may name only the account's own action
 * sets and menus (a 422 naming `areas.N.action.…`).
 */
export function createRichMenusService(deps: { db: Database }) {
  const { db } = deps;

  async function assertReferences(accountId: number, areas: readonly RichMenuArea[]) {
    const sets = areas.flatMap((a) =>
      'action_set_id' in a.action ? [a.action.action_set_id] : [],
    );
    const menus = areas.flatMap((a) =>
      a.action.type === 'richmenuswitch' ? [a.action.rich_menu_id] : [],
    );
    const owned = async (table: typeof actionSets | typeof richMenus, ids: number[]) =>
      ids.length === 0
        ? new Set<number>()
        : new Set(
            (
              await db
                .select({ id: table.id })
                .from(table)
                .where(and(eq(table.accountId, accountId), inArray(table.id, ids)))
            ).map((r) => r.id),
          );
    const [ownSets, ownMenus] = await Promise.all([
      owned(actionSets, sets),
      owned(richMenus, menus),
    ]);
    const errors: Record<string, string[]> = {};
    areas.forEach((area, i) => {
      const action = area.action;
      if ('action_set_id' in action && !ownSets.has(action.action_set_id))
        errors[`areas.${i}.action.action_set_id`] = [ACTION_TEXT.notFound];
      if (action.type === 'richmenuswitch' && !ownMenus.has(action.rich_menu_id))
        errors[`areas.${i}.action.rich_menu_id`] = [RICH_MENU_TEXT.notFound];
    });
    if (Object.keys(errors).length > 0)
      throw new ValidationError('入力内容に誤りがあります', errors);
  }

  async function get(accountId: number, id: number): Promise<RichMenu> {
    const [row] = await db
      .select(columns)
      .from(richMenus)
      .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
    if (!row) throw new NotFoundError(RICH_MENU_TEXT.notFound);
    return toApi(row);
  }

  return {
    async list(accountId: number): Promise<RichMenu[]> {
      const rows = await db
        .select(columns)
        .from(richMenus)
        .where(eq(richMenus.accountId, accountId))
        .orderBy(asc(richMenus.id));
      return rows.map(toApi);
    },
    get,
    async create(accountId: number, input: RichMenuInput & { areas: RichMenuArea[] }) {
      await assertReferences(accountId, input.areas);
      const [row] = await db
        .insert(richMenus)
        .values({
          accountId,
          name: input.name,
          chatBarText: input.chat_bar_text,
          selected: input.selected,
          width: input.size.width,
          height: input.size.height,
          areas: input.areas,
        })
        .returning({ id: richMenus.id });
      return get(accountId, row!.id);
    },
    /** Prepares the owner's picture for the menu's size (decision 0257) and keeps it. */
    async putImage(accountId: number, id: number, input: Buffer) {
      const menu = await get(accountId, id);
      const image = await prepareRichMenuImage(input, menu.size);
      await db
        .update(richMenus)
        .set({ image: image.bytes, imageContentType: image.contentType, updatedAt: new Date() })
        .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
      return get(accountId, id);
    },
    /**
     * The editor's save of a menu it made (decision 0268): its fields and areas replace the
     * stored ones. Another size drops the image (it was prepared for the old size). A menu the
     * publish job is working on cannot change under it (409).
     */
    async update(accountId: number, id: number, input: RichMenuInput & { areas: RichMenuArea[] }) {
      const menu = await get(accountId, id);
      if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_EDIT_TEXT.publishing);
      await assertReferences(accountId, input.areas);
      const resized =
        menu.size.width !== input.size.width || menu.size.height !== input.size.height;
      await db
        .update(richMenus)
        .set({
          name: input.name,
          chatBarText: input.chat_bar_text,
          selected: input.selected,
          width: input.size.width,
          height: input.size.height,
          areas: input.areas,
          ...(resized ? { image: null, imageContentType: null } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
      return get(accountId, id);
    },
    /** The prepared picture, for the editor and the preview (a 404 before one is uploaded). */
    async image(accountId: number, id: number) {
      const [row] = await db
        .select({ image: richMenus.image, contentType: richMenus.imageContentType })
        .from(richMenus)
        .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
      if (!row) throw new NotFoundError(RICH_MENU_TEXT.notFound);
      if (!row.image || !row.contentType) throw new NotFoundError(RICH_MENU_EDIT_TEXT.noImage);
      return { bytes: Buffer.from(row.image), contentType: row.contentType };
    },
  };
}
export type RichMenusService = ReturnType<typeof createRichMenusService>;

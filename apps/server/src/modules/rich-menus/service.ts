import {
  RICH_MENU_TEXT,
  TEL_MESSAGES,
  type RichMenuArea,
  type RichMenuAudience,
  type RichMenuInput,
  type RichMenuInsight,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { CredentialSource } from '../tel/index.js';
import { assertAreaReferences } from './area-references.js';
import { lineInsight } from './insight.js';
import type { LineRichMenuClient } from './line-rich-menu-client.js';
import { listMenus, readMenu } from './menu-rows.js';
import { requestPublish } from './publish-request.js';
import { removeMenu } from './remove-menu.js';
import { prepareRichMenuImage } from './rich-menu-image.js';
import { tapCounts } from './taps.js';

export const RICH_MENU_EDIT_TEXT = {
  noImage: 'このリッチメニューにはまだ画像がありません',
} as const;
/**
 * Rich menus of an account (issue 25, decision 0258): drafts made, read and given their image.
 * Every read and write is scoped to the account; an area may name only the account's own action
 * sets and menus (a 422 naming `areas.N.action.…`).
 */
export function createRichMenusService(deps: {
  db: Database;
  client: LineRichMenuClient;
  credentials: Pick<CredentialSource, 'forSending'>;
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function tokenOf(accountId: number) {
    const creds = await deps.credentials.forSending(accountId);
    if (creds.kind === 'ready') return creds.token;
    throw new ConflictError(
      creds.kind === 'none' ? TEL_MESSAGES.channelNotConnected : creds.reason,
    );
  }
  const get = (accountId: number, id: number) => readMenu(db, accountId, id);
  const assertReferences = (accountId: number, areas: readonly RichMenuArea[]) =>
    assertAreaReferences(db, accountId, areas);

  /** `GET …/{id}/insight` (decision 0262): LINE's summary and our taps per area. */
  async function insight(
    accountId: number,
    id: number,
    range: { from?: string | undefined; to?: string | undefined },
  ): Promise<RichMenuInsight> {
    const menu = await get(accountId, id);
    const ours = await tapCounts(db, accountId, id);
    const line = await lineInsight({
      menu,
      range,
      now: clock(),
      token: () => tokenOf(accountId),
      client: deps.client,
    });
    return { ...line, ours };
  }

  return {
    publish: (accountId: number, id: number, audience: RichMenuAudience) =>
      requestPublish({ db, clock }, accountId, id, audience),
    remove: (accountId: number, id: number) =>
      removeMenu({ db, client: deps.client, clock, tokenOf }, accountId, id),
    insight,
    list: (accountId: number) => listMenus(db, accountId),
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
    /**
     * `PUT …/{id}`: the edit of a menu (decision 0261). A live menu stays as it is on LINE until
     * it is published again, which makes a new LINE menu (LINE's menus cannot be changed).
     */
    async update(accountId: number, id: number, input: RichMenuInput & { areas: RichMenuArea[] }) {
      const menu = await get(accountId, id);
      if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_TEXT.busy);
      const sizeChanged =
        menu.size.width !== input.size.width || menu.size.height !== input.size.height;
      await assertReferences(accountId, input.areas);
      await db
        .update(richMenus)
        .set({
          name: input.name,
          chatBarText: input.chat_bar_text,
          selected: input.selected,
          width: input.size.width,
          height: input.size.height,
          areas: input.areas,
          // An image of another size no longer fits: the owner gives one again.
          ...(sizeChanged ? { image: null, imageContentType: null } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
      return get(accountId, id);
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

import {
  ACTION_TEXT,
  RICH_MENU_TEXT,
  TEL_MESSAGES,
  type RichMenu,
  type RichMenuAudience,
  type RichMenuInsight,
  type RichMenuArea,
  type RichMenuInput,
  type RichMenuPublishProgress,
  type RichMenuState,
} from '@tsunagu/contracts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { actionSets, richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '../../lib/errors.js';
import type { CredentialSource } from '../tel/index.js';
import { audienceWhere } from './audience.js';
import { budgetFreeAt, budgetWaitReason, spend } from './budget.js';
import { aliasIdOf } from './line-menu-body.js';
import type { LineRichMenuClient } from './line-rich-menu-client.js';
import { tabGroupOf, type Plan } from './publish-plan.js';
import { lineInsight } from './insight.js';
import { prepareRichMenuImage } from './rich-menu-image.js';
import { RICH_MENU_CHANNEL } from './switch-job.js';
import { tapCounts } from './taps.js';

type Row = typeof richMenus.$inferSelect;

export const RICH_MENU_EDIT_TEXT = {
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
  /** A LINE refusal the operator can read: 502 with LINE's reason in Japanese. */
  const lineError = (reason: string) => new AppError(502, reason);

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

  /**
   * `POST …/publish` (decision 0260): the menu and the tabs it switches to go to LINE as one
   * job; the answer is the menu 公開処理中 with the job's first progress. A menu already being
   * published is a 409; a tag or segment not the account's a 422 naming it.
   */
  async function publish(accountId: number, id: number, audience: RichMenuAudience) {
    const menu = await get(accountId, id);
    if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_TEXT.busy);
    if (audience.type !== 'default' && !(await audienceWhere(db, accountId, audience, clock())))
      throw new ValidationError('入力内容に誤りがあります', {
        [audience.type === 'tag' ? 'audience.tag_id' : 'audience.member_query_id']: [
          audience.type === 'tag' ? RICH_MENU_TEXT.tagMissing : RICH_MENU_TEXT.segmentMissing,
        ],
      });
    const group = await tabGroupOf(db, accountId, id);
    // A tab switching to a menu deleted since names it (`areas.N.action.rich_menu_id`).
    await assertReferences(accountId, menu.areas);
    const rows = await db
      .select({
        id: richMenus.id,
        name: richMenus.name,
        lineId: richMenus.lineRichMenuId,
        type: richMenus.imageContentType,
      })
      .from(richMenus)
      .where(inArray(richMenus.id, group));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = group.map((g) => byId.get(g)!).filter((row) => row.type === null);
    if (missing.length > 0)
      throw new ValidationError('入力内容に誤りがあります', {
        image: missing.map((row) => RICH_MENU_TEXT.imageMissing(row.name)),
      });
    const previous = menu.publish?.audience;
    const plan: Plan = {
      entries: group.map((menuId) => ({
        menuId,
        oldLineId: byId.get(menuId)!.lineId,
        newLineId: null,
        image: false,
        alias: false,
        oldDeleted: false,
      })),
      aliases: group.length > 1,
      bulk:
        audience.type !== 'default' &&
        (menu.line_rich_menu_id === null || JSON.stringify(previous) !== JSON.stringify(audience)),
      batched: false,
      defaulted: false,
    };
    const now = clock();
    await db.transaction(async (tx) => {
      if (plan.aliases)
        for (const menuId of group)
          await tx
            .update(richMenus)
            .set({ lineAliasId: aliasIdOf(accountId, menuId) })
            .where(and(eq(richMenus.id, menuId), sql`${richMenus.lineAliasId} is null`));
      const inserted = await tx
        .insert(richMenuJobs)
        .values({
          accountId,
          richMenuId: id,
          kind: 'publish',
          audience,
          plan,
          batchKey: `rm${randomUUID().replaceAll('-', '')}`,
          runAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      const job = inserted[0];
      if (!job) throw new ConflictError(RICH_MENU_TEXT.busy);
      await tx
        .update(richMenus)
        .set({
          state: 'publishing',
          updatedAt: now,
          publish: {
            step: 'validate',
            audience,
            total: 0,
            linked: 0,
            waiting_until: null,
            error: null,
            waiting_reason: null,
            updated_at: now.toISOString(),
          },
        })
        .where(eq(richMenus.id, id));
      await tx.execute(sql`select pg_notify(${RICH_MENU_CHANNEL}, '')`);
    });
    return get(accountId, id);
  }

  /**
   * `DELETE …/{id}` (decision 0261): off LINE first, then our row. Tabs are published together
   * and leave LINE together: every menu of the tab group that is on LINE loses its alias and its
   * LINE menu (LINE unlinks its friends and drops it as the default); the other tabs stay as
   * drafts. One being published is a 409; LINE's hourly budget spent a 429 saying when.
   */
  async function remove(accountId: number, id: number) {
    const menu = await get(accountId, id);
    if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_TEXT.busy);
    const group = await tabGroupOf(db, accountId, id);
    const rows = await db
      .select({
        id: richMenus.id,
        state: richMenus.state,
        lineId: richMenus.lineRichMenuId,
        aliasId: richMenus.lineAliasId,
      })
      .from(richMenus)
      .where(and(eq(richMenus.accountId, accountId), inArray(richMenus.id, group)));
    if (rows.some((row) => row.state === 'publishing'))
      throw new ConflictError(RICH_MENU_TEXT.busy);
    const live = rows.filter((row) => row.lineId !== null);
    if (live.length > 0) {
      const token = await tokenOf(accountId);
      for (const row of live) {
        if (row.aliasId !== null) {
          const call = await deps.client.deleteAlias(token, row.aliasId);
          if (call.kind === 'retry' || call.kind === 'limited') throw lineError(call.reason);
        }
        const free = await budgetFreeAt(db, accountId, 'menu', clock());
        if (free !== null) throw new TooManyRequestsError(budgetWaitReason('menu', free));
        const call = await deps.client.deleteMenu(token, row.lineId!);
        if (call.kind !== 'refused') await spend(db, accountId, 'menu', clock());
        if (call.kind !== 'ok' && !(call.kind === 'refused' && call.status === 404))
          throw lineError(call.reason);
        // Off LINE: a tab left behind is a draft again (no LINE id, no progress).
        await db
          .update(richMenus)
          .set({ state: 'draft', lineRichMenuId: null, publish: null, updatedAt: clock() })
          .where(eq(richMenus.id, row.id));
      }
    }
    await db.delete(richMenus).where(and(eq(richMenus.accountId, accountId), eq(richMenus.id, id)));
  }

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
    publish,
    remove,
    insight,
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

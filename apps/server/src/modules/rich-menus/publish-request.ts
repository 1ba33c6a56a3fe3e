import { RICH_MENU_TEXT, type RichMenu, type RichMenuAudience } from '@tsunagu/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { richMenuJobs, richMenus } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { assertAreaReferences } from './area-references.js';
import { audienceWhere } from './audience.js';
import { aliasIdOf } from './line-menu-body.js';
import { readMenu } from './menu-rows.js';
import { tabGroupOf, type Plan } from './publish-plan.js';
import { RICH_MENU_CHANNEL } from './switch-job.js';

/**
 * `POST …/publish` (decision 0260): the menu and the tabs it switches to go to LINE as one
 * job; the answer is the menu 公開処理中 with the job's first progress. A menu already being
 * published is a 409; a tag or segment not the account's a 422 naming it.
 */
export async function requestPublish(
  deps: { db: Database; clock: () => Date },
  accountId: number,
  id: number,
  audience: RichMenuAudience,
): Promise<RichMenu> {
  const { db, clock } = deps;
  const menu = await readMenu(db, accountId, id);
  if (menu.state === 'publishing') throw new ConflictError(RICH_MENU_TEXT.busy);
  if (audience.type !== 'default' && !(await audienceWhere(db, accountId, audience, clock())))
    throw new ValidationError('入力内容に誤りがあります', {
      [audience.type === 'tag' ? 'audience.tag_id' : 'audience.member_query_id']: [
        audience.type === 'tag' ? RICH_MENU_TEXT.tagMissing : RICH_MENU_TEXT.segmentMissing,
      ],
    });
  const group = await tabGroupOf(db, accountId, id);
  // A tab switching to a menu deleted since names it (`areas.N.action.rich_menu_id`).
  await assertAreaReferences(db, accountId, menu.areas);
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
  return readMenu(db, accountId, id);
}

import { ACTION_TEXT, RICH_MENU_TEXT, type RichMenuArea } from '@tsunagu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { actionSets, richMenus } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';

/**
 * An area may name only the account's own action sets and menus: otherwise a 422 naming
 * `areas.N.action.…`.
 */
export async function assertAreaReferences(
  db: Executor,
  accountId: number,
  areas: readonly RichMenuArea[],
) {
  const sets = areas.flatMap((a) => ('action_set_id' in a.action ? [a.action.action_set_id] : []));
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
  const [ownSets, ownMenus] = await Promise.all([owned(actionSets, sets), owned(richMenus, menus)]);
  const errors: Record<string, string[]> = {};
  areas.forEach((area, i) => {
    const action = area.action;
    if ('action_set_id' in action && !ownSets.has(action.action_set_id))
      errors[`areas.${i}.action.action_set_id`] = [ACTION_TEXT.notFound];
    if (action.type === 'richmenuswitch' && !ownMenus.has(action.rich_menu_id))
      errors[`areas.${i}.action.rich_menu_id`] = [RICH_MENU_TEXT.notFound];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError('入力内容に誤りがあります', errors);
}

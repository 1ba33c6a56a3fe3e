import { and, eq, inArray, sql } from 'drizzle-orm';
import { richMenuDefaults, richMenuUserLinks } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * Our record of what LINE shows (decision 0300), written only after LINE took the call: the
 * friends linked to a menu by a rule, and the account's default menu.
 */
export async function recordLinks(
  db: Executor,
  accountId: number,
  memberIds: number[],
  link: { richMenuId: number; lineRichMenuId: string; rule: 'action' | 'tag' | 'segment' },
  now: Date,
) {
  if (memberIds.length === 0) return;
  await db
    .insert(richMenuUserLinks)
    .values(memberIds.map((memberId) => ({ memberId, accountId, ...link, updatedAt: now })))
    .onConflictDoUpdate({
      target: richMenuUserLinks.memberId,
      set: {
        richMenuId: sql`excluded.rich_menu_id`,
        lineRichMenuId: sql`excluded.line_rich_menu_id`,
        rule: sql`excluded.rule`,
        updatedAt: now,
      },
    });
}

export async function forgetLinks(db: Executor, accountId: number, memberIds: number[]) {
  if (memberIds.length === 0) return;
  await db
    .delete(richMenuUserLinks)
    .where(
      and(
        eq(richMenuUserLinks.accountId, accountId),
        inArray(richMenuUserLinks.memberId, memberIds),
      ),
    );
}

export async function recordDefault(
  db: Executor,
  accountId: number,
  lineRichMenuId: string | null,
  now: Date,
) {
  await db
    .insert(richMenuDefaults)
    .values({ accountId, lineRichMenuId, updatedAt: now })
    .onConflictDoUpdate({
      target: richMenuDefaults.accountId,
      set: { lineRichMenuId, updatedAt: now },
    });
}

/** A republish moved the old LINE menu's friends (and the default) to the new one. */
export async function recordMove(db: Executor, accountId: number, from: string, to: string) {
  await db
    .update(richMenuUserLinks)
    .set({ lineRichMenuId: to })
    .where(
      and(eq(richMenuUserLinks.accountId, accountId), eq(richMenuUserLinks.lineRichMenuId, from)),
    );
  await db
    .update(richMenuDefaults)
    .set({ lineRichMenuId: to })
    .where(
      and(eq(richMenuDefaults.accountId, accountId), eq(richMenuDefaults.lineRichMenuId, from)),
    );
}

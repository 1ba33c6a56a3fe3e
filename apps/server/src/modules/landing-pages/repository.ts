import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { forms, landingPages, messageImages, salons, trackers } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type LandingRow = typeof landingPages.$inferSelect;
export type LandingValues = Omit<
  typeof landingPages.$inferInsert,
  'id' | 'accountId' | 'createdAt' | 'published' | 'publishedAt' | 'views'
>;

export async function listPages(db: Executor, accountId: number): Promise<LandingRow[]> {
  return db
    .select()
    .from(landingPages)
    .where(eq(landingPages.accountId, accountId))
    .orderBy(desc(landingPages.updatedAt), desc(landingPages.id));
}

/** The account's page (tenancy: another account's id is not found). */
export async function pageOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(landingPages)
    .where(and(eq(landingPages.accountId, accountId), eq(landingPages.id, id)));
  return row;
}

export async function insertPage(db: Executor, accountId: number, values: LandingValues) {
  const [row] = await db
    .insert(landingPages)
    .values({ ...values, accountId })
    .returning();
  return row!;
}

export async function updatePage(
  db: Executor,
  accountId: number,
  id: number,
  values: Partial<typeof landingPages.$inferInsert>,
) {
  const [row] = await db
    .update(landingPages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(landingPages.accountId, accountId), eq(landingPages.id, id)))
    .returning();
  return row;
}

export async function deletePage(db: Executor, accountId: number, id: number) {
  const rows = await db
    .delete(landingPages)
    .where(and(eq(landingPages.accountId, accountId), eq(landingPages.id, id)))
    .returning({ id: landingPages.id });
  return rows.length > 0;
}

/** The published page at `slug`, counting the view (no cookie, no person: a bare count). */
export async function viewPublished(db: Executor, slug: string) {
  const [row] = await db
    .update(landingPages)
    .set({ views: sql`${landingPages.views} + 1` })
    .where(and(eq(landingPages.slug, slug), sql`${landingPages.published} is not null`))
    .returning();
  return row;
}

/** Which of `ids` are the account's images, forms and salons, with what their links need. */
export async function imagesOf(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: messageImages.id, key: messageImages.key })
    .from(messageImages)
    .where(and(eq(messageImages.accountId, accountId), inArray(messageImages.id, ids)));
}
export async function formsOf(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: forms.id, publicKey: forms.publicKey })
    .from(forms)
    .where(and(eq(forms.accountId, accountId), inArray(forms.id, ids)));
}
export async function salonsOf(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: salons.id, publicKey: salons.publicKey })
    .from(salons)
    .where(and(eq(salons.accountId, accountId), inArray(salons.id, ids)));
}

/**
 * What the editor offers a page's blocks (decision 0423): the account's images (newest first,
 * at most 200), forms, salons and trackers, by name.
 */
export async function landingChoicesOf(db: Executor, accountId: number) {
  const [images, formRows, salonRows, trackerRows] = await Promise.all([
    db
      .select({
        id: messageImages.id,
        key: messageImages.key,
        width: messageImages.width,
        height: messageImages.height,
        createdAt: messageImages.createdAt,
      })
      .from(messageImages)
      .where(eq(messageImages.accountId, accountId))
      .orderBy(desc(messageImages.id))
      .limit(200),
    db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(eq(forms.accountId, accountId))
      .orderBy(forms.id),
    db
      .select({ id: salons.id, name: salons.name })
      .from(salons)
      .where(eq(salons.accountId, accountId))
      .orderBy(salons.id),
    db
      .select({ id: trackers.id, name: trackers.name })
      .from(trackers)
      .where(eq(trackers.accountId, accountId))
      .orderBy(trackers.id),
  ]);
  return { images, forms: formRows, salons: salonRows, trackers: trackerRows };
}

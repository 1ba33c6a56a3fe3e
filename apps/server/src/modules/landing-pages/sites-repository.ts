import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  salonCourses,
  salonOpeningConfigs,
  salonResources,
  salons,
  sitePages,
  sites,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

export type SiteRow = typeof sites.$inferSelect;
export type SitePageRow = typeof sitePages.$inferSelect;

export const listSites = (db: Executor, accountId: number) =>
  db.select().from(sites).where(eq(sites.accountId, accountId)).orderBy(asc(sites.id));

export async function siteOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.accountId, accountId), eq(sites.id, id)));
  return row;
}
export async function siteBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(sites).where(eq(sites.slug, slug));
  return row;
}
export const pagesOfSites = (db: Executor, siteIds: number[]) =>
  siteIds.length === 0
    ? Promise.resolve([] as SitePageRow[])
    : db
        .select()
        .from(sitePages)
        .where(inArray(sitePages.siteId, siteIds))
        .orderBy(asc(sitePages.id));

/** A site page with its site, the account's only (tenancy). */
export async function sitePageOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ page: sitePages, site: sites })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .where(and(eq(sites.accountId, accountId), eq(sitePages.id, id)));
  return row;
}
export async function pageAtPath(db: Executor, siteId: number, path: string) {
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.siteId, siteId), eq(sitePages.path, path)));
  return row;
}
export async function salonOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({ id: salons.id, name: salons.name, publicKey: salons.publicKey })
    .from(salons)
    .where(and(eq(salons.accountId, accountId), eq(salons.id, id)));
  return row;
}

/** The salon's public courses and staff, and its opening hours of `year`, as they are now. */
export async function shopData(db: Executor, salonId: number, year: number) {
  const [courses, staff, [opening]] = await Promise.all([
    db
      .select({
        name: salonCourses.name,
        description: salonCourses.description,
        minutes: salonCourses.durationMinutes,
        price: salonCourses.price,
      })
      .from(salonCourses)
      .where(and(eq(salonCourses.salonId, salonId), eq(salonCourses.isPublic, true)))
      .orderBy(asc(salonCourses.order)),
    db
      .select({ name: salonResources.name, description: salonResources.description })
      .from(salonResources)
      .where(
        and(
          eq(salonResources.salonId, salonId),
          eq(salonResources.isPublic, true),
          eq(salonResources.kind, 'staff'),
          isNull(salonResources.deletedAt),
        ),
      )
      .orderBy(asc(salonResources.order)),
    db
      .select({ weekdays: salonOpeningConfigs.weekdays, dates: salonOpeningConfigs.dates })
      .from(salonOpeningConfigs)
      .where(and(eq(salonOpeningConfigs.salonId, salonId), eq(salonOpeningConfigs.year, year))),
  ]);
  return { courses, staff, opening };
}

import {
  openingFor,
  SITE_RESERVED_PATHS,
  SITE_TEXT,
  type Site,
  type SitePage,
  type siteInputSchema,
  type sitePageInputSchema,
} from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { sitePages, sites } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import { isViolationOf } from '../../lib/db-errors.js';
import { NotFoundError } from '../../lib/errors.js';
import { toTokyoIso } from '../../lib/tokyo-time.js';
import { fieldError } from '../../lib/validate.js';
import { contentGroupExists } from '../content-groups/index.js';
import { sanitizePageHtml } from './sanitize.js';
import {
  listSites,
  pageAtPath,
  pagesOfSites,
  salonOf,
  shopData,
  siteBySlug,
  siteOf,
  sitePageOf,
  type SitePageRow,
  type SiteRow,
} from './sites-repository.js';

type SiteInput = z.output<typeof siteInputSchema>;
type PageInput = z.output<typeof sitePageInputSchema>;

/** What a public site page shows (decision 0343). */
export type SiteView =
  | {
      kind: 'top' | 'menu' | 'staff' | 'hours';
      site: SiteRow;
      shop: ShopView | null;
      pages: SitePageRow[];
    }
  | { kind: 'html'; site: SiteRow; page: SitePageRow; pages: SitePageRow[] };
export interface ShopView {
  name: string;
  bookingPath: string;
  courses: Awaited<ReturnType<typeof shopData>>['courses'];
  staff: Awaited<ReturnType<typeof shopData>>['staff'];
  /** The next 7 days (Tokyo) with their hours, from the calendar (date overrides first). */
  week: { date: string; open: { from: string; to: string } | null }[];
}

export function createSites(db: Database) {
  const pageToApi = (row: SitePageRow, site: SiteRow, origin: string): SitePage => ({
    id: row.id,
    site_id: row.siteId,
    title: row.title,
    path: row.path,
    html: row.html,
    url: `${origin}/s/${site.slug}/${row.path}`,
    updated_at: row.updatedAt.toISOString(),
  });
  const toApi = (row: SiteRow, pages: SitePageRow[], origin: string): Site => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    salon_id: row.salonId,
    group_id: row.groupId,
    url: `${origin}/s/${row.slug}`,
    pages: pages
      .filter((page) => page.siteId === row.id)
      .map(({ html: _html, ...page }) => {
        const { html: _h, ...rest } = pageToApi({ ...page, html: '' }, row, origin);
        return rest;
      }),
  });
  const guard = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isViolationOf(error, '23505', 'sites_slug'))
        throw fieldError('slug', 'この URL はすでに使われています');
      if (isViolationOf(error, '23505', 'site_pages_path'))
        throw fieldError('path', SITE_TEXT.pathTaken);
      throw error;
    }
  };
  const checkSalon = async (accountId: number, input: SiteInput) => {
    if (input.salon_id !== null && !(await salonOf(db, accountId, input.salon_id)))
      throw fieldError('salon_id', SITE_TEXT.salonNotFound);
    // Filed in a folder of the account's own content groups, as pages and trackers are.
    if (input.group_id !== null && !(await contentGroupExists(db, accountId, input.group_id)))
      throw fieldError('group_id', SITE_TEXT.groupNotFound);
  };
  const foundSite = async (accountId: number, id: number) => {
    const site = await siteOf(db, accountId, id);
    if (!site) throw new NotFoundError(SITE_TEXT.notFound);
    return site;
  };
  const checkPath = (input: PageInput) => {
    if ((SITE_RESERVED_PATHS as readonly string[]).includes(input.path))
      throw fieldError('path', SITE_TEXT.pathReserved);
  };

  return {
    async list(accountId: number, origin: string) {
      const rows = await listSites(db, accountId);
      const pages = await pagesOfSites(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toApi(row, pages, origin));
    },
    async create(accountId: number, input: SiteInput, origin: string) {
      await checkSalon(accountId, input);
      const [row] = await guard(() =>
        db
          .insert(sites)
          .values({
            accountId,
            name: input.name,
            slug: input.slug,
            salonId: input.salon_id,
            groupId: input.group_id,
          })
          .returning(),
      );
      return toApi(row!, [], origin);
    },
    async update(accountId: number, id: number, input: SiteInput, origin: string) {
      await foundSite(accountId, id);
      await checkSalon(accountId, input);
      const [row] = await guard(() =>
        db
          .update(sites)
          .set({
            name: input.name,
            slug: input.slug,
            salonId: input.salon_id,
            groupId: input.group_id,
          })
          .where(and(eq(sites.accountId, accountId), eq(sites.id, id)))
          .returning(),
      );
      return toApi(row!, await pagesOfSites(db, [id]), origin);
    },
    async remove(accountId: number, id: number) {
      await foundSite(accountId, id);
      await db.delete(sites).where(and(eq(sites.accountId, accountId), eq(sites.id, id)));
    },
    /** A raw-HTML page (PureEdit), sanitised before it is stored. */
    async createPage(accountId: number, siteId: number, input: PageInput, origin: string) {
      const site = await foundSite(accountId, siteId);
      checkPath(input);
      const html = await sanitizePageHtml(input.html);
      const [row] = await guard(() =>
        db
          .insert(sitePages)
          .values({
            siteId,
            path: input.path,
            title: input.title,
            html,
          })
          .returning(),
      );
      return pageToApi(row!, site, origin);
    },
    async getPage(accountId: number, id: number, origin: string) {
      const found = await sitePageOf(db, accountId, id);
      if (!found) throw new NotFoundError(SITE_TEXT.pageNotFound);
      return pageToApi(found.page, found.site, origin);
    },
    async updatePage(accountId: number, id: number, input: PageInput, origin: string) {
      const found = await sitePageOf(db, accountId, id);
      if (!found) throw new NotFoundError(SITE_TEXT.pageNotFound);
      checkPath(input);
      const html = await sanitizePageHtml(input.html);
      const [row] = await guard(() =>
        db
          .update(sitePages)
          .set({
            path: input.path,
            title: input.title,
            html,
            updatedAt: new Date(),
          })
          .where(eq(sitePages.id, id))
          .returning(),
      );
      return pageToApi(row!, found.site, origin);
    },
    async removePage(accountId: number, id: number) {
      const found = await sitePageOf(db, accountId, id);
      if (!found) throw new NotFoundError(SITE_TEXT.pageNotFound);
      await db.delete(sitePages).where(eq(sitePages.id, id));
    },
    /** The public page at `/s/{slug}/{path?}`, read live (courses, staff, hours as they are now). */
    async view(slug: string, path: string | undefined, now: Date): Promise<SiteView | undefined> {
      const site = await siteBySlug(db, slug);
      if (!site) return undefined;
      const pages = await pagesOfSites(db, [site.id]);
      const kind =
        path === undefined
          ? 'top'
          : (SITE_RESERVED_PATHS as readonly string[]).includes(path)
            ? path
            : 'html';
      if (kind === 'html') {
        const page = await pageAtPath(db, site.id, path!);
        return page ? { kind, site, page, pages } : undefined;
      }
      const salon =
        site.salonId === null ? undefined : await salonOf(db, site.accountId, site.salonId);
      if (!salon) return { kind: kind as 'top', site, shop: null, pages };
      const today = toTokyoIso(now).slice(0, 10);
      const data = await shopData(db, salon.id, Number(today.slice(0, 4)));
      const week = Array.from({ length: 7 }, (_, offset) => {
        const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const day = data.opening
          ? openingFor(data.opening as Parameters<typeof openingFor>[0], date)
          : undefined;
        return { date, open: day?.is_open ? { from: day.from, to: day.to } : null };
      });
      return {
        kind: kind as 'top',
        site,
        pages,
        shop: {
          name: salon.name,
          bookingPath: `/r/${salon.publicKey}`,
          courses: data.courses,
          staff: data.staff,
          week,
        },
      };
    },
  };
}
export type Sites = ReturnType<typeof createSites>;

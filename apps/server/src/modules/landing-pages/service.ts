import {
  LANDING_TEXT,
  landingBlockSchema,
  MESSAGES,
  todayInTokyo,
  type LandingBlock,
  type LandingPage,
  type landingPageInputSchema,
} from '@tsunagu/contracts';
import type { z } from 'zod';
import { isViolationOf } from '../../lib/db-errors.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { fieldError } from '../../lib/validate.js';
import type { Database } from '../../db/types.js';
import { contentGroupExists } from '../content-groups/index.js';
import { linksOf, referenceErrors, type PageLinks, type TrackerPaths } from './links.js';
import {
  deletePage,
  insertPage,
  landingChoicesOf,
  listPages,
  pageOf,
  updatePage,
  viewPublished,
  type LandingRow,
} from './repository.js';

type Input = z.output<typeof landingPageInputSchema>;

/** Friends and first bookings through a page's tracker (issue 29's trackers). */
export type TrackerCounts = (
  db: Database,
  accountId: number,
  trackerIds: number[],
) => Promise<Map<number, { friends: number; bookings: number }>>;

export interface LandingDeps {
  db: Database;
  trackerPaths: TrackerPaths;
  trackerCounts: TrackerCounts;
}

const blocksOf = (value: unknown): LandingBlock[] =>
  Array.isArray(value) ? value.map((block) => landingBlockSchema.parse(block)) : [];

/** What the public page shows: the published copy with the links it points at. */
export interface PublishedPage {
  slug: string;
  title: string;
  description: string;
  ogImagePath: string | null;
  blocks: LandingBlock[];
  links: PageLinks;
}

export function createLandingPages(deps: LandingDeps) {
  const { db } = deps;

  const toApi = (
    row: LandingRow,
    pagesOrigin: string,
    counts: { friends: number; bookings: number } | undefined,
  ): LandingPage => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    title: row.title,
    description: row.description,
    og_image_id: row.ogImageId,
    tracker_id: row.trackerId,
    group_id: row.groupId,
    blocks: blocksOf(row.draft),
    url: `${pagesOrigin}/p/${row.slug}`,
    published_at: row.publishedAt?.toISOString() ?? null,
    has_unpublished_changes:
      row.published === null || JSON.stringify(row.published) !== JSON.stringify(row.draft),
    stats: { views: row.views, friends: counts?.friends ?? 0, bookings: counts?.bookings ?? 0 },
    updated_at: row.updatedAt.toISOString(),
  });

  const countsOf = async (accountId: number, rows: LandingRow[]) =>
    deps.trackerCounts(
      db,
      accountId,
      rows.flatMap((row) => (row.trackerId === null ? [] : [row.trackerId])),
    );

  const withCounts = async (accountId: number, row: LandingRow, origin: string) => {
    const counts = await countsOf(accountId, [row]);
    return toApi(row, origin, row.trackerId === null ? undefined : counts.get(row.trackerId));
  };

  const checkReferences = async (accountId: number, input: Input) => {
    const links = await linksOf(db, accountId, input, deps.trackerPaths);
    const errors = referenceErrors(input, links);
    // Filed only in a folder of the account's own content groups (tenancy), as sites are.
    if (input.group_id !== null && !(await contentGroupExists(db, accountId, input.group_id)))
      errors.group_id = [LANDING_TEXT.groupNotFound];
    if (Object.keys(errors).length > 0)
      throw new ValidationError(MESSAGES.validationFailed, errors);
  };

  const values = (input: Input) => ({
    name: input.name,
    slug: input.slug,
    title: input.title,
    description: input.description,
    ogImageId: input.og_image_id,
    trackerId: input.tracker_id,
    groupId: input.group_id,
    draft: input.blocks,
  });

  /** A slug taken by any page (of any account: `/p/` has no account in it) is a 422 on `slug`. */
  const guardSlug = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isViolationOf(error, '23505', 'landing_pages_slug'))
        throw fieldError('slug', LANDING_TEXT.slugTaken);
      throw error;
    }
  };

  const found = (row: LandingRow | undefined) => {
    if (!row) throw new NotFoundError(LANDING_TEXT.notFound);
    return row;
  };

  return {
    /** What the editor offers a page's blocks, each the account's own (decision 0423). */
    async choices(accountId: number) {
      const rows = await landingChoicesOf(db, accountId);
      return {
        images: rows.images.map((image) => ({
          id: image.id,
          label: `#${image.id}（${image.width}×${image.height}、${todayInTokyo(image.createdAt).replaceAll('-', '/')}）`,
          url: `/api/media/images/${image.key}`,
        })),
        forms: rows.forms,
        salons: rows.salons,
        trackers: rows.trackers,
      };
    },

    async list(accountId: number, origin: string) {
      const rows = await listPages(db, accountId);
      const counts = await countsOf(accountId, rows);
      return rows.map((row) => {
        const { blocks: _blocks, ...rest } = toApi(
          row,
          origin,
          row.trackerId === null ? undefined : counts.get(row.trackerId),
        );
        return rest;
      });
    },
    async get(accountId: number, id: number, origin: string) {
      return withCounts(accountId, found(await pageOf(db, accountId, id)), origin);
    },
    async create(accountId: number, input: Input, origin: string) {
      await checkReferences(accountId, input);
      const row = await guardSlug(() => insertPage(db, accountId, values(input)));
      return withCounts(accountId, row, origin);
    },
    /** Saves the draft (下書き保存); the public page keeps showing the published copy. */
    async update(accountId: number, id: number, input: Input, origin: string) {
      found(await pageOf(db, accountId, id));
      await checkReferences(accountId, input);
      const row = await guardSlug(() => updatePage(db, accountId, id, values(input)));
      return withCounts(accountId, found(row), origin);
    },
    /** 公開: copies the draft, checked again (an image or form may have gone since). */
    async publish(accountId: number, id: number, origin: string) {
      const row = found(await pageOf(db, accountId, id));
      const blocks = blocksOf(row.draft);
      await checkReferences(accountId, {
        ...values0(row),
        blocks,
      });
      const published = await updatePage(db, accountId, id, {
        published: blocks,
        publishedAt: new Date(),
      });
      return withCounts(accountId, found(published), origin);
    },
    /** 非公開: the public page answers 404 again; the draft stays. */
    async unpublish(accountId: number, id: number, origin: string) {
      found(await pageOf(db, accountId, id));
      const row = await updatePage(db, accountId, id, { published: null, publishedAt: null });
      return withCounts(accountId, found(row), origin);
    },
    async remove(accountId: number, id: number) {
      if (!(await deletePage(db, accountId, id))) throw new NotFoundError(LANDING_TEXT.notFound);
    },
    /** The published page at `slug` (counting the view), or undefined. */
    async view(slug: string): Promise<PublishedPage | undefined> {
      const row = await viewPublished(db, slug);
      if (!row) return undefined;
      const blocks = blocksOf(row.published);
      const links = await linksOf(
        db,
        row.accountId,
        { blocks, og_image_id: row.ogImageId, tracker_id: row.trackerId },
        deps.trackerPaths,
      );
      return {
        slug: row.slug,
        title: row.title,
        description: row.description,
        ogImagePath: row.ogImageId === null ? null : (links.images.get(row.ogImageId) ?? null),
        blocks,
        links,
      };
    },
  };
}

const values0 = (row: LandingRow): Input => ({
  name: row.name,
  slug: row.slug,
  title: row.title,
  description: row.description,
  og_image_id: row.ogImageId,
  tracker_id: row.trackerId,
  group_id: row.groupId,
  blocks: [],
});

export type LandingPages = ReturnType<typeof createLandingPages>;

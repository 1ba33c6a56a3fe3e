import { LANDING_TEXT, type LandingBlock } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import { formsOf, imagesOf, salonsOf } from './repository.js';

/** The trackers of issue 29's other half, as pages need them: its public `/t/{code}` path. */
export type TrackerPaths = (
  db: Executor,
  accountId: number,
  ids: number[],
) => Promise<Map<number, string>>;

/** The public paths a page's blocks point at, each the account's own (tenancy). */
export interface PageLinks {
  images: Map<number, string>;
  forms: Map<number, string>;
  salons: Map<number, string>;
  trackers: Map<number, string>;
}

type Refs = { blocks: LandingBlock[]; og_image_id: number | null; tracker_id: number | null };

export async function linksOf(
  db: Executor,
  accountId: number,
  page: Refs,
  trackerPaths: TrackerPaths,
): Promise<PageLinks> {
  const ids = (type: LandingBlock['type'], key: string) =>
    page.blocks
      .filter((block) => block.type === type)
      .map((block) => (block as Record<string, unknown>)[key] as number);
  const imageIds = ids('image', 'image_id');
  if (page.og_image_id !== null) imageIds.push(page.og_image_id);
  const [images, formRows, salonRows, trackers] = await Promise.all([
    imagesOf(db, accountId, imageIds),
    formsOf(db, accountId, ids('form', 'form_id')),
    salonsOf(db, accountId, ids('booking_button', 'salon_id')),
    page.tracker_id === null
      ? new Map<number, string>()
      : trackerPaths(db, accountId, [page.tracker_id]),
  ]);
  return {
    images: new Map(images.map((row) => [row.id, `/api/media/images/${row.key}`])),
    forms: new Map(formRows.map((row) => [row.id, `/f/${row.publicKey}`])),
    salons: new Map(salonRows.map((row) => [row.id, `/r/${row.publicKey}`])),
    trackers,
  };
}

/** The 422 field errors of references that are not the account's (or a missing tracker). */
export function referenceErrors(page: Refs, links: PageLinks): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (page.og_image_id !== null && !links.images.has(page.og_image_id))
    errors.og_image_id = [LANDING_TEXT.imageNotFound];
  if (page.tracker_id !== null && !links.trackers.has(page.tracker_id))
    errors.tracker_id = [LANDING_TEXT.trackerNotFound];
  page.blocks.forEach((block, index) => {
    const at = (field: string, message: string) => (errors[`blocks.${index}.${field}`] = [message]);
    if (block.type === 'image' && !links.images.has(block.image_id))
      at('image_id', LANDING_TEXT.imageNotFound);
    if (block.type === 'form' && !links.forms.has(block.form_id))
      at('form_id', LANDING_TEXT.formNotFound);
    if (block.type === 'booking_button' && !links.salons.has(block.salon_id))
      at('salon_id', LANDING_TEXT.noSalon);
    if (block.type === 'friend_button' && page.tracker_id === null)
      at('label', LANDING_TEXT.noTracker);
  });
  return errors;
}

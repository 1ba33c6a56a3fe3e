import { randomBytes } from 'node:crypto';
import { MESSAGE_IMAGE_TEXT, type MessageImage } from '@tsunagu/contracts';
import type { Database, Executor } from '../../db/types.js';
import { fieldError } from '../../lib/validate.js';
import { prepareMessageImage } from './prepare.js';
import * as repository from './repository.js';

/** Where LINE fetches an image: `{origin}/api/media/images/{key}` and `…/preview` (decision 0305). */
export const MESSAGE_IMAGE_PATH = '/api/media/images';
export const imageUrls = (origin: string, key: string) => ({
  original_url: `${origin}${MESSAGE_IMAGE_PATH}/${key}`,
  preview_url: `${origin}${MESSAGE_IMAGE_PATH}/${key}/preview`,
});

/** A public key: 32 random bytes, base64url (43 characters); nothing else names the image. */
const newKey = () => randomBytes(32).toString('base64url');
export const isImageKey = (key: string) => /^[A-Za-z0-9_-]{43}$/.test(key);

/** Message images (issue 24, decision 0305): upload for an account, serve by public key. */
export function createMessageImages(deps: { db: Database }) {
  const { db } = deps;
  return {
    async upload(
      accountId: number,
      operatorId: number | null,
      input: Buffer,
      origin: string,
    ): Promise<MessageImage> {
      const prepared = await prepareMessageImage(input);
      const key = newKey();
      const id = await repository.insertImage(db, {
        ...prepared,
        accountId,
        key,
        uploadedBy: operatorId,
      });
      return {
        id,
        ...imageUrls(origin, key),
        content_type: prepared.contentType,
        width: prepared.width,
        height: prepared.height,
        bytes: prepared.bytes.length,
      };
    },

    /** The bytes LINE (or anyone holding the URL) reads; undefined for an unknown key. */
    async read(key: string, preview: boolean) {
      if (!isImageKey(key)) return undefined;
      return repository.imageByKey(db, key, preview);
    },
  };
}

/** The account's image as a LINE image message (a chat reply by `image_id`); a 422 naming `field` otherwise. */
export async function imageMessageOf(
  db: Executor,
  accountId: number,
  id: number,
  origin: string,
  field: string,
) {
  const found = await repository.imageOf(db, accountId, id);
  if (!found) throw fieldError(field, MESSAGE_IMAGE_TEXT.notFound);
  const urls = imageUrls(origin, found.key);
  return {
    type: 'image' as const,
    originalContentUrl: urls.original_url,
    previewImageUrl: urls.preview_url,
  };
}

export type MessageImages = ReturnType<typeof createMessageImages>;

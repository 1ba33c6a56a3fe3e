import { and, eq } from 'drizzle-orm';
import { messageImages } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import type { PreparedImage } from './prepare.js';

export async function insertImage(
  db: Executor,
  values: PreparedImage & { accountId: number; key: string; uploadedBy: number | null },
) {
  const [row] = await db.insert(messageImages).values(values).returning({ id: messageImages.id });
  return row!.id;
}

/** The original or the preview of the image with this public key; undefined when none. */
export async function imageByKey(db: Executor, key: string, preview: boolean) {
  const [row] = await db
    .select({
      contentType: preview ? messageImages.previewContentType : messageImages.contentType,
      bytes: preview ? messageImages.previewBytes : messageImages.bytes,
    })
    .from(messageImages)
    .where(eq(messageImages.key, key));
  return row;
}

/** The account's image (tenancy: another account's id is not found). */
export async function imageOf(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select({
      id: messageImages.id,
      key: messageImages.key,
      contentType: messageImages.contentType,
      width: messageImages.width,
      height: messageImages.height,
    })
    .from(messageImages)
    .where(and(eq(messageImages.accountId, accountId), eq(messageImages.id, id)));
  return row;
}

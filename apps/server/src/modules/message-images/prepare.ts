import {
  MESSAGE_IMAGE_MAX_BYTES,
  MESSAGE_IMAGE_PREVIEW_MAX_BYTES,
  MESSAGE_IMAGE_TEXT,
} from '@tsunagu/contracts';
import type { Sharp } from 'sharp';
import { loadSharp } from '../../lib/sharp.js';
import { fieldError } from '../../lib/validate.js';
import { readJpegOrPng } from '../rich-menus/index.js';

export interface PreparedImage {
  contentType: 'image/jpeg' | 'image/png';
  bytes: Buffer;
  previewContentType: 'image/jpeg' | 'image/png';
  previewBytes: Buffer;
  width: number;
  height: number;
}

const MAX_INPUT_PIXELS = 50_000_000;
const PREVIEW_SIDE = 1024;
const QUALITIES = [90, 80, 70, 60, 50, 40];

/**
 * An operator's picture as LINE takes it (decision 0305): a JPEG or PNG of at most 10 MB (a 422
 * naming `image` otherwise), turned upright (EXIF orientation) and written again without its
 * metadata (a phone photo's place and device are not published), kept in its format while it
 * fits in 10 MB; and a preview of at most 1024 px a side and 1 MB (JPEG, PNG flattened on white).
 */
export async function prepareMessageImage(input: Buffer): Promise<PreparedImage> {
  if (input.length === 0) throw fieldError('image', MESSAGE_IMAGE_TEXT.empty);
  if (input.length > MESSAGE_IMAGE_MAX_BYTES)
    throw fieldError('image', MESSAGE_IMAGE_TEXT.tooLarge);
  const meta = await readJpegOrPng(input);
  const sharp = await loadSharp();
  const upright = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const original = await fitting(
    MESSAGE_IMAGE_MAX_BYTES,
    meta.format === 'png' ? () => upright().png({ compressionLevel: 9 }) : null,
    (quality) => upright().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }),
  );
  const small = () =>
    upright()
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' });
  const preview = await fitting(MESSAGE_IMAGE_PREVIEW_MAX_BYTES, null, (quality) =>
    small().jpeg({ quality, mozjpeg: true }),
  );
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    contentType: original.contentType,
    bytes: original.bytes,
    previewContentType: preview.contentType,
    previewBytes: preview.bytes,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}

/** The PNG when it fits, else the best JPEG quality that fits; a 422 when none does. */
async function fitting(
  limit: number,
  png: (() => Sharp) | null,
  jpeg: (quality: number) => Sharp,
): Promise<{ contentType: 'image/jpeg' | 'image/png'; bytes: Buffer }> {
  if (png) {
    const bytes = await png().toBuffer();
    if (bytes.length <= limit) return { contentType: 'image/png', bytes };
  }
  for (const quality of QUALITIES) {
    const bytes = await jpeg(quality).toBuffer();
    if (bytes.length <= limit) return { contentType: 'image/jpeg', bytes };
  }
  throw fieldError('image', MESSAGE_IMAGE_TEXT.tooLarge);
}

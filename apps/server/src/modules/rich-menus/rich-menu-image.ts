import type { Metadata } from 'sharp';
import { RICH_MENU_SIZES, type RichMenuSize } from '@tsunagu/contracts';
import { loadSharp } from '../../lib/sharp.js';
import { fieldError } from '../../lib/validate.js';

/**
 * A rich menu image as LINE takes it (issue 25, decision 0257): an owner's JPEG or PNG — a phone
 * photo, a 5 MB PNG — turned upright (EXIF orientation), cut to fill the menu's size exactly
 * (centre crop) and compressed to at most 1 MB. A PNG stays PNG while it fits (flat menus stay
 * sharp); otherwise, and for every photo, JPEG at the best quality that fits.
 */
export const RICH_MENU_IMAGE_MAX_BYTES = 1024 * 1024;
/** What we read at all: the body limit of `PUT …/image`. */
export const RICH_MENU_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
const MAX_INPUT_PIXELS = 50_000_000;
const JPEG_QUALITIES = [90, 82, 74, 66, 58, 50, 42, 34];

export const RICH_MENU_IMAGE_TEXT = {
  notImage: '画像は JPEG か PNG にしてください',
  tooLarge: `画像は${RICH_MENU_UPLOAD_MAX_BYTES / 1024 / 1024}MB以下にしてください`,
  tooManyPixels: '画像の画素数が多すぎます（5,000万画素まで）',
  cannotCompress: '画像を1MB以下に圧縮できませんでした。模様の少ない画像にしてください',
} as const;

export interface PreparedRichMenuImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The size of LINE's whose shape (full ≈ 1.48:1 or half ≈ 2.96:1) is nearest the picture's as the
 * owner holds it (upright), the largest of that shape: a phone photo gets 2500×1686.
 */
export async function nearestRichMenuSize(input: Buffer): Promise<RichMenuSize> {
  const meta = await readable(input);
  const turned = (meta.orientation ?? 1) >= 5;
  const ratio = turned ? meta.height / meta.width : meta.width / meta.height;
  // Sizes of one shape differ by under 0.1 % in ratio: rounding makes them one shape.
  const distance = (s: RichMenuSize) =>
    Math.round(Math.abs(Math.log(s.width / s.height / ratio)) * 20);
  return [...RICH_MENU_SIZES].sort((a, b) => distance(a) - distance(b) || b.width - a.width)[0]!;
}

/** The image LINE will take for a menu of `size`; a 422 naming `image` when it cannot be one. */
export async function prepareRichMenuImage(
  input: Buffer,
  size: { width: number; height: number },
): Promise<PreparedRichMenuImage> {
  const meta = await readable(input);
  const sharp = await loadSharp();
  const base = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: 'centre' });
  if (meta.format === 'png') {
    const png = await base().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    if (png.length <= RICH_MENU_IMAGE_MAX_BYTES)
      return { bytes: png, contentType: 'image/png', ...size };
  }
  for (const quality of JPEG_QUALITIES) {
    const jpeg = await base()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= RICH_MENU_IMAGE_MAX_BYTES)
      return { bytes: jpeg, contentType: 'image/jpeg', ...size };
  }
  throw fieldError('image', RICH_MENU_IMAGE_TEXT.cannotCompress);
}

/** The picture's header, or a 422 naming `image` when it is no JPEG/PNG we can read (also the
 * message images' check, decision 0305). */
export async function readable(input: Buffer) {
  if (input.length > RICH_MENU_UPLOAD_MAX_BYTES)
    throw fieldError('image', RICH_MENU_IMAGE_TEXT.tooLarge);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw fieldError('image', RICH_MENU_IMAGE_TEXT.notImage);
  }
  if ((meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height)
    throw fieldError('image', RICH_MENU_IMAGE_TEXT.notImage);
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw fieldError('image', RICH_MENU_IMAGE_TEXT.tooManyPixels);
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    orientation: meta.orientation,
  };
}

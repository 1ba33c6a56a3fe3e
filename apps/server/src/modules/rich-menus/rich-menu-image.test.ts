import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RICH_MENU_SIZES } from '@tsunagu/contracts';
import { ValidationError } from '../../lib/errors.js';
import {
  RICH_MENU_IMAGE_MAX_BYTES,
  RICH_MENU_IMAGE_TEXT,
  nearestRichMenuSize,
  prepareRichMenuImage,
} from './rich-menu-image.js';

// What an owner drops on the rich menu editor (issue 25, decision 0257): a 5 MB PNG, a phone
// photo taken upright but stored sideways (EXIF orientation 6). LINE takes only JPEG/PNG of the
// menu's exact size, ≤ 1 MB.

/** A 5 MB PNG: a gradient with noise over it, as a screenshot of a photo would be. */
async function bigPng() {
  const width = 1400;
  const height = 1300;
  const pixels = randomBytes(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (pixels[i]! >> 1) + ((i / 3) % width) / 12;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A phone photo 4032×3024 as stored, with orientation 6 (shown turned 90° clockwise): stored left
 * half red, right half blue — so, upright, the top is red and the bottom blue.
 */
async function phonePhoto() {
  const red = { r: 220, g: 20, b: 20 };
  const blue = { r: 20, g: 20, b: 220 };
  const half = (colour: typeof red) =>
    sharp({ create: { width: 2016, height: 3024, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: red } })
    .composite([{ input: await half(blue), left: 2016, top: 0 }])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[0]! > data[2]! ? 'red' : 'blue';
}

describe('rich menu image', () => {
  it('a 5 MB PNG becomes each of LINE sizes, exactly, within 1 MB', async () => {
    const input = await bigPng();
    expect(input.length).toBeGreaterThan(5 * 1024 * 1024);
    for (const size of RICH_MENU_SIZES) {
      const out = await prepareRichMenuImage(input, size);
      expect(out.bytes.length).toBeLessThanOrEqual(RICH_MENU_IMAGE_MAX_BYTES);
      const meta = await sharp(out.bytes).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(size);
      expect(`image/${meta.format}`).toBe(out.contentType);
    }
  });

  it('a flat PNG menu stays PNG (lossless) when it fits', async () => {
    const input = await sharp({
      create: { width: 2500, height: 1686, channels: 3, background: { r: 240, g: 200, b: 10 } },
    })
      .png()
      .toBuffer();
    const out = await prepareRichMenuImage(input, { width: 2500, height: 1686 });
    expect(out.contentType).toBe('image/png');
  });

  it('a phone photo stored sideways comes out upright (EXIF orientation), as a JPEG within 1 MB', async () => {
    const input = await phonePhoto();
    expect(await nearestRichMenuSize(input)).toEqual({ width: 2500, height: 1686 });
    const out = await prepareRichMenuImage(input, { width: 2500, height: 1686 });
    expect(out.contentType).toBe('image/jpeg');
    expect(out.bytes.length).toBeLessThanOrEqual(RICH_MENU_IMAGE_MAX_BYTES);
    // Upright: red on top, blue below — not red left and blue right as the pixels are stored.
    expect(await pixel(out.bytes, 2400, 100)).toBe('red');
    expect(await pixel(out.bytes, 100, 1586)).toBe('blue');
  });

  it('a wide banner gets the half-height size, the largest of that shape', async () => {
    const banner = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    expect(await nearestRichMenuSize(banner)).toEqual({ width: 2500, height: 843 });
  });

  it('refuses what is not a JPEG or PNG, naming the image field in Japanese', async () => {
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#000' },
    })
      .gif()
      .toBuffer();
    for (const input of [gif, Buffer.from('not an image')]) {
      const refused = await prepareRichMenuImage(input, { width: 800, height: 270 }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).errors).toEqual({
        image: [RICH_MENU_IMAGE_TEXT.notImage],
      });
    }
  });
});

import qrcode from 'qrcode-generator';
import { loadSharp } from '../../lib/sharp.js';

/** Pixels per module of the PNG (a 4-module quiet zone around): sharp enough for print. */
const PNG_MODULE_PX = 16;

/** The URL as a QR code in SVG: dark modules as one path, a 4-module quiet zone (as the console's). */
export function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  const size = count + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * PNG_MODULE_PX}" height="${size * PNG_MODULE_PX}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}

/** The same code as a PNG (for flyers and shop walls). */
export async function qrPng(text: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(qrSvg(text)))
    .png()
    .toBuffer();
}

import { createHash } from 'node:crypto';

/** Text and attribute values escaped for HTML. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The hosted pages' stylesheet: phone-first, one column, no script anywhere. */
export const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Noto Sans JP",sans-serif;color:#1f2937;background:#f9fafb;line-height:1.7}
main{max-width:560px;margin:0 auto;padding:16px 16px 48px;background:#fff;min-height:100vh}
h1{font-size:1.5rem;line-height:1.4;margin:8px 0 12px}h2{font-size:1.2rem;margin:20px 0 8px}
p{margin:0 0 12px;white-space:pre-wrap}img{display:block;max-width:100%;height:auto;border-radius:8px;margin:0 0 12px}
.button{display:block;text-align:center;padding:14px;border-radius:999px;font-weight:700;text-decoration:none;margin:12px 0;color:#fff;background:#2563eb}
.button.line{background:#06c755}.coupon{border:2px dashed #f59e0b;border-radius:12px;padding:12px 16px;margin:12px 0;background:#fffbeb}
.coupon strong{display:block;font-size:1.1rem}.code{font-family:monospace;font-size:1.2rem;letter-spacing:.1em}
details{border-bottom:1px solid #e5e7eb;padding:10px 0}summary{font-weight:700;cursor:pointer}
nav{display:flex;gap:12px;flex-wrap:wrap;margin:0 0 16px}nav a{color:#2563eb}
table{width:100%;border-collapse:collapse}td,th{border-bottom:1px solid #e5e7eb;padding:8px 4px;text-align:left}
`;

const STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64');

/**
 * The hosted pages' policy (decision 0342): nothing is allowed but what is named — no script at
 * all (`script-src` falls back to `'none'`), our one stylesheet by its hash, images from us and
 * https, no frames, forms, plugins or `<base>`.
 */
export function pageCsp(imageOrigin: string): string {
  return [
    "default-src 'none'",
    `img-src 'self' ${imageOrigin} https: data:`,
    `style-src 'sha256-${STYLE_HASH}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A whole page: the head (title, description, OGP) and the body given. */
export function pageDocument(head: {
  title: string;
  description: string;
  url: string;
  ogImage: string | null;
  body: string;
}): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    '<!doctype html><html lang="ja"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    meta('og:type', 'website'),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', head.url),
    head.ogImage ? meta('og:image', head.ogImage) : '',
    '<meta name="twitter:card" content="summary_large_image">',
    `<style>${PAGE_STYLE}</style></head><body><main>`,
    head.body,
    '</main></body></html>',
  ].join('');
}

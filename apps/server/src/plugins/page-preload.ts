import type { FastifyRequest } from 'fastify';

/**
 * Page-level preloaded resources (REF-08, decision 0144): data the console's first screen
 * reads by key from the HTML instead of calling the API. Each key becomes
 * `<script type="application/json" id="preload-{key}">…</script>` — a data block, never run,
 * so the CSP's `script-src 'self'` is untouched.
 */
export type PagePreload = (request: FastifyRequest) => Promise<Record<string, unknown>>;

/** JSON that cannot close its script element or open a comment: `<` is written `\u003c`. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const KEY = /^[a-z][a-z0-9-]*$/;

/** index.html with the resources placed before `</head>` (unchanged when there are none). */
export function withPreloads(html: string, resources: Record<string, unknown>): string {
  const blocks = Object.entries(resources)
    .filter(([key]) => KEY.test(key))
    .map(
      ([key, value]) =>
        `<script type="application/json" id="preload-${key}">${scriptSafeJson(value)}</script>`,
    )
    .join('');
  if (blocks === '') return html;
  const at = html.indexOf('</head>');
  return at < 0 ? blocks + html : html.slice(0, at) + blocks + html.slice(at);
}

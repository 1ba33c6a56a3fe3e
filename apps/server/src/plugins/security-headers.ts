import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React renders style attributes.
  "style-src 'self' 'unsafe-inline'",
  // LINE profile images come from LINE's https CDN.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The booking page's policy (decisions 0125, 0127): the console's, plus LINE's LIFF SDK from
 * LINE's CDN and the LINE endpoints the SDK calls. Only `/r/*` is answered with it.
 */
export const BOOKING_PAGE_CSP = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://static.line-scdn.net",
).replace(
  "connect-src 'self'",
  "connect-src 'self' https://api.line.me https://liffsdk.line-scdn.net",
);

/**
 * The security headers of every answer — pages, API answers, and the framework's own errors
 * (a bad URL never reaches a hook, so `frameworkErrors` sets them too; one definition here).
 * The console is a same-origin SPA: scripts only from us, no framing by anyone (CSP
 * `frame-ancestors 'none'` and `X-Frame-Options: DENY` say the same), no MIME sniffing, and the
 * referrer stays on our origin.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Sets the security headers, and HSTS when the request came over TLS (where it means something). */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  if (reply.request.protocol === 'https') {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => applySecurityHeaders(reply));
});

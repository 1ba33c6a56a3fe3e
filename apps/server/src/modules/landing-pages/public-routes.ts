import { landingSlugSchema } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageCsp } from './html.js';
import { renderLandingPage } from './render.js';
import type { LandingPages } from './service.js';
import { renderSitePage } from './sites-render.js';
import type { Sites } from './sites-service.js';

/** The console's origin (links to /t/, /r/, /f/ and images) and the pages' origin. */
export function originsOf(app: FastifyInstance, request: FastifyRequest) {
  const own = `${request.protocol}://${request.host}`;
  const console = app.config.PUBLIC_ORIGIN ?? own;
  return { console, pages: app.config.PAGES_ORIGIN ?? console };
}

const NOT_FOUND_HTML =
  '<!doctype html><html lang="ja"><meta charset="utf-8"><title>ページが見つかりません</title><p>ページが見つかりません</p></html>';

/**
 * The hosted pages `/p/{slug}` and `/s/{slug}/{path?}` (decisions 0340–0343): server-rendered
 * HTML without script under a strict CSP. With PAGES_ORIGIN set they are only answered on its
 * host: asked on another (the console's, whose session cookie the browser would send), they
 * redirect there before anything is rendered (decision 0341). Views are counted with no cookie.
 */
export async function publicPageRoutes(
  app: FastifyInstance,
  options: { landing: LandingPages; sites: Sites },
) {
  const pagesHost = app.config.PAGES_ORIGIN ? new URL(app.config.PAGES_ORIGIN).host : undefined;
  const send = (request: FastifyRequest, reply: FastifyReply, html: string | undefined) => {
    const { console } = originsOf(app, request);
    reply
      .header('content-security-policy', pageCsp(console))
      .header('cache-control', 'no-cache')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .type('text/html; charset=utf-8');
    return html === undefined ? reply.code(404).send(NOT_FOUND_HTML) : reply.send(html);
  };
  /** True when answered here; false after redirecting to the pages' own host. */
  const onPagesHost = (request: FastifyRequest, reply: FastifyReply) => {
    if (pagesHost === undefined || request.host === pagesHost) return true;
    void reply.redirect(`${app.config.PAGES_ORIGIN}${request.url}`, 308);
    return false;
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const slugOk = (slug: string) => landingSlugSchema.safeParse(slug).success;
  const params = z.object({ slug: z.string().max(100) });
  const siteParams = params.extend({ path: z.string().max(100) });

  routes.get('/p/:slug', { schema: { hide: true, params } }, async (request, reply) => {
    if (!onPagesHost(request, reply)) return reply;
    const { slug } = request.params;
    const page =
      slugOk(slug) && request.method === 'GET' ? await options.landing.view(slug) : undefined;
    const { console, pages } = originsOf(app, request);
    return send(request, reply, page && renderLandingPage(page, console, `${pages}/p/${slug}`));
  });

  const site = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    path?: string,
  ) => {
    if (!onPagesHost(request, reply)) return reply;
    const ok = slugOk(slug) && (path === undefined || slugOk(path));
    const view = ok ? await options.sites.view(slug, path, new Date()) : undefined;
    const { console, pages } = originsOf(app, request);
    return send(request, reply, view && renderSitePage(view, console, pages));
  };
  routes.get('/s/:slug', { schema: { hide: true, params } }, (request, reply) =>
    site(request, reply, request.params.slug),
  );
  routes.get('/s/:slug/:path', { schema: { hide: true, params: siteParams } }, (request, reply) =>
    site(request, reply, request.params.slug, request.params.path),
  );
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@tsunagu/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BOOKING_PAGE_CSP } from './security-headers.js';
import { withPreloads, type PagePreload } from './page-preload.js';

/**
 * Serves the built console on the API's origin (one port, same-origin cookies, no CORS).
 * Any GET that is not an API call or an existing file gets index.html, so deep links like
 * /line/tel/list/12 load the SPA, which routes them in the browser (history mode, APP-01).
 * With `preload`, index.html carries the signed-in operator's preloaded resources (REF-08).
 */
export const webStaticPlugin = fp(
  async (
    app: FastifyInstance,
    options: { root: string | undefined; preload?: PagePreload | undefined },
  ) => {
    const root = options.root;
    const hasConsole = root !== undefined && fs.existsSync(path.join(root, 'index.html'));
    const hasBooking = root !== undefined && fs.existsSync(path.join(root, 'booking.html'));
    const hasAnswer = root !== undefined && fs.existsSync(path.join(root, 'answer.html'));
    const hasEvent = root !== undefined && fs.existsSync(path.join(root, 'event.html'));
    const indexHtml = hasConsole ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : '';
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const resources = options.preload
        ? await options.preload(request).catch((error: unknown) => {
            // The page still loads; the screens then ask the API as they would without it.
            request.log.warn({ err: error }, 'page preload failed');
            return {};
          })
        : {};
      if (Object.keys(resources).length === 0)
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      // The page may now hold the operator's account data: never kept by a shared cache.
      return reply
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(withPreloads(indexHtml, resources));
    };
    if (hasConsole) {
      await app.register(fastifyStatic, {
        root,
        // One route per built file, not a `/*` catch-all: an unknown path then reaches the
        // not-found handlers below (index.html for a page, JSON 404 under /api/) instead of
        // the file sender, which refused odd paths (a backslash, 5,000 characters) with 403.
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // Vite fingerprints everything under assets/, so those may be cached for good.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      // With `index: false` no route answers `/`, so the top
      // page is answered explicitly.
      app.get('/', { schema: { hide: true } }, sendIndex);
    }
    if (hasBooking) {
      // The customer's booking page /r/{publicKey} is its own entry (decision 0125): the phone
      // gets booking.html and never the console. Its CSP also lets LINE's LIFF SDK load and talk
      // to LINE (decision 0127); the page itself asks the API for the salon (404 when unknown).
      app.get('/r/*', { schema: { hide: true } }, (_request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', BOOKING_PAGE_CSP)
          .sendFile('booking.html'),
      );
    }

    if (hasEvent) {
      // A friend's event page /e/{publicKey} (issue 27, decision 0318): the booking page's
      // sibling entry, signed in through LIFF the same way, so it gets the same CSP.
      app.get('/e/*', { schema: { hide: true } }, (_request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', BOOKING_PAGE_CSP)
          .sendFile('event.html'),
      );
    }

    if (hasAnswer) {
      // A friend's answer page /f/{publicKey}?m= (decision 0153): its own entry, like the
      // booking page; the page asks the API for the form (404 for a link that is not one).
      app.get('/f/*', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('answer.html'),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        path.extname(request.url.split('?')[0] ?? '') === '';
      if (hasConsole && isPage) {
        return sendIndex(request, reply);
      }
      return reply.code(404).send({ message: MESSAGES.notFound });
    });
  },
);

// The LINE連携 browser test runs the BUILT server (`node apps/server/dist/server.js`, demo seed,
// a database of its own on the run's PostgreSQL)
// against the fake LINE Platform of the server tests, on loopback: the server finds it through
// LINE_API_BASE, exactly as it finds api.line.me in production (issue 17).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { fakeChannel, startFakeLine, type FakeLine } from '../apps/server/test/fakes/fake-line';
import { DEMO_PASSWORD } from './demo-users';
import { databaseServerUrl } from './test-database';

/**
 * The origin the console is published at. LINE takes only https webhook URLs, and the server
 * builds its webhook URL from PUBLIC_ORIGIN, as behind the TLS proxy of a real installation.
 */
export const PUBLIC_ORIGIN = 'https://console.example.jp';

/**
 * The front proxy of a real installation, on loopback: the browser talks to it over http, so it
 * says the Origin a browser on the public origin would send (Chromium does not let a test
 * rewrite Origin itself), and the server's CSRF check sees its own origin. Nothing else changes.
 */
async function startFrontProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    if (headers.origin) headers.origin = PUBLIC_ORIGIN;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LineServer = { url: string; line: FakeLine };

export const lineTest = base.extend<object, { lineServer: LineServer }>({
  lineServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const line = await startFakeLine({ channels: [fakeChannel(1)] });
      const server = await startBuiltServer({
        password: DEMO_PASSWORD,
        databaseServerUrl: databaseServerUrl(),
        // Pushes to friends go to the fake LINE (not the dry-run log), so tests can read them
        // there; real sending needs the key that seals the channels' secrets.
        env: {
          LINE_API_BASE: line.url,
          LINE_DATA_API_BASE: line.url,
          LINE_LOGIN_BASE: line.url,
          PUBLIC_ORIGIN,
          LINE_PUSH_SENDER: 'line',
          SECRETS_KEY: randomBytes(32).toString('base64'),
        },
      });
      const proxy = await startFrontProxy(server.url);
      try {
        await use({ url: proxy.url, line });
      } finally {
        await proxy.close();
        await server.stop();
        await line.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ lineServer }, use) => {
    await use(lineServer.url);
  },
});

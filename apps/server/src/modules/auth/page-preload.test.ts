import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Varia } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

/** The `preload-{key}` data block of a page, parsed (undefined when the page has none). */
function preloaded<T>(html: string, key: string): T | undefined {
  const match = new RegExp(
    `<script type="application/json" id="preload-${key}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as T) : undefined;
}
const preloadedVaria = (html: string) => preloaded<Varia>(html, 'varia');

/**
 * REF-08 (decision 0144): the console's HTML carries the operator's varia items, and the
 * notification sender so the tel screens' dry-run banner is in the first paint.
 */
describe(`the console page's preloaded resources (${databaseKind})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>つなぐ</title></head><body></body></html>',
    );
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('REF-08 a signed-in operator’s page holds the same varia as the API, by key, and only theirs', async () => {
    const demo = await signIn(t.app, 'demo');
    const other = await signIn(t.app, 'other');
    // A name that would end the script element if it were written raw.
    const hostile = '</script><script>alert(1)</script>';
    expect(
      (await demo.post('/api/var/items', { name: hostile, type: 'text', group_id: null }))
        .statusCode,
    ).toBe(201);
    await demo.post('/api/var/items', { name: '誕生日', type: 'date', group_id: null });

    const page = await t.app.inject({
      method: 'GET',
      url: '/line/friends',
      headers: { cookie: demo.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).not.toContain('<script>alert(1)');
    const preloaded = preloadedVaria(page.body);
    expect(preloaded).toEqual((await demo.get('/api/v_resource/varia')).json());
    // After the salon's own fields (the demo seed's), the two just made.
    expect(preloaded?.items.map((item) => item.name).slice(-2)).toEqual([hostile, '誕生日']);
    expect(page.body.indexOf('id="preload-varia"')).toBeLessThan(page.body.indexOf('</head>'));

    const theirs = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: other.cookie },
    });
    expect(preloadedVaria(theirs.body)?.items).toEqual([]);
  });

  it('the tel sender is in the page, as GET /api/tel/config names it', async () => {
    const demo = await signIn(t.app, 'demo');
    const page = await t.app.inject({
      method: 'GET',
      url: '/line/tel',
      headers: { cookie: demo.cookie },
    });
    expect(preloaded(page.body, 'tel-config')).toEqual({ sender: 'dry-run' });
    expect(preloaded(page.body, 'tel-config')).toEqual((await demo.get('/api/tel/config')).json());
  });

  it('REF-08 no session, no preloaded data: the sign-in page is the plain file', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/account/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('preload-');
    expect(page.headers['cache-control']).toBe('no-cache');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/line/friends',
      headers: { cookie: 'tsunagu_session=not-a-session' },
    });
    expect(stale.body).not.toContain('preload-varia');
  });
});

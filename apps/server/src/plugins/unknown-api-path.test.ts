import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, signIn, type TestApp } from '../../test/helpers/test-app.js';

/**
 * An `/api/…` path no route has is a JSON 404 for a signed-in caller, however odd the path:
 * the console's file route once took GETs with a backslash or 5,000 characters and answered
 * 403 「この操作を行う権限がありません」 (issue 28). Page paths still get the console.
 */
describe(`unknown /api paths beside the built console (${databaseKind})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>つなぐ</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['a plain unknown path', '/api/nothing-here'],
    ['a backslash', '/api/line%5Cfriends'],
    // (A raw `\` cannot be sent through inject: its URL parser turns it into `/`, as browsers do.)
    ['a backslash at the end', '/api/nothing%5C'],
    ['a backslash and dots', '/api/a%5C..%5Cb'],
    ['5,000 characters', `/api/${'a'.repeat(5000)}`],
    ['5,000 characters under a module', `/api/line/${'a'.repeat(5000)}`],
  ])('%s answers 404 見つかりません to every method', async (_name, url) => {
    const owner = await signIn(t.app, 'demo');
    for (const res of [await owner.get(url), await owner.post(url, {}), await owner.delete(url)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.notFound });
    }
  });

  it('built files and page paths are still served', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ method: 'GET', url: '/line%5Cfriends' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('つなぐ');
    const missingFile = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missingFile.statusCode).toBe(404);
  });
});

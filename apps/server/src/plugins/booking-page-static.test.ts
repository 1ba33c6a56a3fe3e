import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/helpers/test-app.js';

/**
 * The customer's booking page is its own entry (decision 0125): `/r/{publicKey}` answers
 * booking.html, never the console's index.html, with a CSP that lets LINE's LIFF SDK load.
 */
describe(`the booking page's own entry (${databaseKind})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>つなぐ</title>');
    fs.writeFileSync(
      path.join(webDist, 'booking.html'),
      '<!doctype html><title>オンライン予約</title>',
    );
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('/r/{publicKey} is booking.html with LINE’s SDK allowed; console paths keep the console and its CSP', async () => {
    const booking = await t.app.inject({
      method: 'GET',
      url: '/r/AbCdEfGh12345678?utm_source=line',
    });
    expect(booking.statusCode).toBe(200);
    expect(booking.body).toContain('オンライン予約');
    expect(booking.headers['cache-control']).toBe('no-cache');
    const csp = String(booking.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://static.line-scdn.net");
    expect(csp).toContain("frame-ancestors 'none'");

    const console = await t.app.inject({ method: 'GET', url: '/line/reserve/salon/timeline' });
    expect(console.body).toContain('つなぐ');
    expect(String(console.headers['content-security-policy'])).not.toContain('line-scdn');
  });
});

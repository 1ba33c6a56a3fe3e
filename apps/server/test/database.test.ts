import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { accounts } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed.js';
import { createTestApp, databaseKind, testConfig } from './helpers/test-app.js';

const folders: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-data-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PGlite data folder', () => {
  it('refuses to open a folder another live process holds, and opens it again once released', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir, poolMax: 1 });
    await first.migrate();
    await expect(openDatabase({ dataDir, poolMax: 1 })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir, poolMax: 1 });
    await again.close();
  });

  it('names the holding process when the folder is locked by a live pid', async () => {
    const dataDir = tempDataDir();
    // The test runner's parent is alive for the whole run: a stand-in for another server.
    fs.writeFileSync(path.join(dataDir, 'tsunagu.lock'), String(process.ppid));
    const attempt = openDatabase({ dataDir, poolMax: 1 });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(String(process.ppid));
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, 'tsunagu.lock'), '999999999');
    const handle = await openDatabase({ dataDir, poolMax: 1 });
    expect(fs.readFileSync(path.join(dataDir, 'tsunagu.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dataDir, 'tsunagu.lock'))).toBe(false);
  });

  it('keeps data across restarts and seeds the demo only once', async () => {
    const dataDir = tempDataDir();
    const first = await buildApp(testConfig({ DATA_DIR: dataDir }));
    await first.close();
    const second = await buildApp(testConfig({ DATA_DIR: dataDir }));
    const [row] = await second.db.select({ value: count() }).from(accounts);
    expect(row?.value).toBe(2);
    expect(await seedDemo(second.db, 'another-password')).toBe(false);
    await second.close();
  });
});

describe(`migrations and seed (${databaseKind})`, () => {
  it('SEED_DEMO=false starts with an empty database', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false' });
    const [row] = await t.app.db.select({ value: count() }).from(accounts);
    expect(row?.value).toBe(0);
    await t.close();
  });
});

describe('configuration', () => {
  it('uses documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO: true,
      DEMO_PASSWORD: 'tsunagu-demo',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});

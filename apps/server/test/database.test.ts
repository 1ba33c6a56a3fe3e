import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { findMigrationsFolder } from '../src/db/migrations-folder.js';
import { selectRows } from '../src/db/raw.js';
import type { Database } from '../src/db/types.js';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/data-dir-lock.js';
import { accounts } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed.js';
import { createTestApp, databaseKind, signIn } from './helpers/test-app.js';

const folders: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-data-'));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// The lock of the embedded default's data folder (one server per folder), tested on the lock
// itself: the tests' own databases are on PostgreSQL (decision 0210).
describe('data folder lock', () => {
  it('refuses a folder this process already holds, and takes it again once released', () => {
    const dataDir = tempDataDir();
    const release = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dataDir)();
  });

  const lockFile = (dataDir: string) => path.join(dataDir, 'tsunagu.lock');
  const lockHolder = (dataDir: string) => JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8'));

  /** Takes the folder's lock as a starting server does; it must now name this process. */
  function expectTakesOver(dataDir: string) {
    const release = acquireDataDirLock(dataDir);
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, started: expect.any(String) });
    release();
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  }

  it('takes over a lock left by a process that no longer runs', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(lockFile(dataDir), '999999999');
    expectTakesOver(dataDir);
  });

  it('takes over a lock naming an unrelated live process (its pid was reused)', () => {
    // The test runner's parent is alive for the whole run, and it is no Tsunagu server.
    for (const content of [
      String(process.ppid), // a lock of an older version: a bare pid
      JSON.stringify({ pid: process.ppid, started: 'linux:another-boot:12345' }),
    ]) {
      const dataDir = tempDataDir();
      fs.writeFileSync(lockFile(dataDir), content);
      expectTakesOver(dataDir);
    }
  });

  it('takes over a lock naming its own pid: a server restarted with the same pid (pid 1 in a container)', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(lockFile(dataDir), String(process.pid));
    expectTakesOver(dataDir);
    const again = tempDataDir();
    fs.writeFileSync(
      lockFile(again),
      JSON.stringify({ pid: process.pid, started: 'linux:the-crashed-run:42' }),
    );
    expectTakesOver(again);
  });

  it('a second server process on the same folder is refused with the Japanese message; once the first crashes, its lock is taken over', async () => {
    const dataDir = tempDataDir();
    const first = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/helpers/hold-data-dir.ts', dataDir],
      { cwd: path.join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const collect = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('locked\n')) resolve();
        };
        first.stdout.on('data', collect);
        first.stderr.on('data', collect);
        first.on('exit', () => reject(new Error(`the first server exited: ${output}`)));
      });
      expect(lockHolder(dataDir).pid).toBe(first.pid);

      const second = () => acquireDataDirLock(dataDir);
      expect(second).toThrow(DataDirLockedError);
      expect(second).toThrow(
        `データフォルダ ${dataDir} は別のプロセス (pid ${first.pid}) が使用中です。`,
      );
    } finally {
      const exited = once(first, 'exit');
      first.kill('SIGKILL'); // a crash: the lock file stays behind
      await exited;
    }
    expect(lockHolder(dataDir).pid).toBe(first.pid);
    expectTakesOver(dataDir);
  });
});

describe(`migrations and seed (${databaseKind})`, () => {
  it('SEED_DEMO=false starts with an empty database', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false' });
    const [row] = await t.app.db.select({ value: count() }).from(accounts);
    expect(row?.value).toBe(0);
    await t.close();
  });

  it('a server started again on its database keeps the data, applies no migration twice and seeds the demo only once', async () => {
    const t = await createTestApp();
    const applied = async (db: Database) =>
      (
        await selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      )[0]?.n;
    const migrations = await applied(t.app.db);
    const journal = JSON.parse(
      fs.readFileSync(path.join(findMigrationsFolder(), 'meta/_journal.json'), 'utf8'),
    );
    expect(migrations).toBe(journal.entries.length);
    const demo = await signIn(t.app, 'demo');
    const second = await buildApp(t.config);
    try {
      expect(await applied(second.db)).toBe(migrations);
      // The session written through the first server is still there.
      const me = await second.inject({ url: '/api/auth/me', headers: { cookie: demo.cookie } });
      expect(me.statusCode).toBe(200);
      const [row] = await second.db.select({ value: count() }).from(accounts);
      expect(row?.value).toBe(2);
      expect(await seedDemo(second.db, 'another-password')).toBe(false);
    } finally {
      await second.close();
      await t.close();
    }
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

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { findMigrationsFolder } from '../src/db/migrations-folder.js';
import { selectRows } from '../src/db/raw.js';
import type { Database } from '../src/db/types.js';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/data-dir-lock.js';
import {
  clusterDir,
  openEmbeddedDatabase,
  runningEmbeddedUrl,
} from '../src/db/embedded-data-dir.js';
import { accounts } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed.js';
import { createTestApp, databaseKind, signIn, testConfig } from './helpers/test-app.js';

const folders: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-data-'));
  fs.chmodSync(dir, 0o755); // as root, user postgres runs the cluster: it must pass through
  folders.push(dir);
  return dir;
}
/** Each opens a fresh database and migrates it (on disk, twice, for the first two): slow on a busy machine. */
const DISK_DATABASE_TIMEOUT_MS = 180_000;

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL data folder', () => {
  it(
    'refuses to open a folder another live process holds, and opens it again once released',
    async () => {
      const dataDir = tempDataDir();
      const first = await openDatabase({ dataDir, poolMax: 1 });
      await first.migrate();
      await expect(openDatabase({ dataDir, poolMax: 1 })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      await first.close();
      const again = await openDatabase({ dataDir, poolMax: 1 });
      await again.close();
    },
    DISK_DATABASE_TIMEOUT_MS,
  );

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

  it('a second npm start on a folder in use prints the Japanese message alone, without a stack trace', async () => {
    const dataDir = tempDataDir();
    const release = acquireDataDirLock(dataDir); // the first server
    try {
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: path.join(import.meta.dirname, '..'),
        env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
      expect(second.status).toBe(1);
      expect(second.stderr.trim()).toBe(
        `データフォルダ ${dataDir} は別のプロセス (pid ${process.pid}) が使用中です。` +
          ' 一つのデータフォルダを使えるのは一つの npm start だけです。動いている方を止めるか、' +
          '別の DATA_DIR を指定してください（送信処理を分けるときは npm run worker を使います）。',
      );
    } finally {
      release();
    }
  });

  it(
    'starts over a postmaster.pid left by a crash, also when its pid now belongs to another process; the worker finds the running cluster through the folder',
    async () => {
      const dataDir = tempDataDir();
      const first = await openEmbeddedDatabase(dataDir);
      await first.close();
      expect(() => runningEmbeddedUrl(dataDir)).toThrow('の組み込みデータベースが動いていません');
      const pidFile = path.join(clusterDir(dataDir), 'postmaster.pid');
      // The postmaster died without removing its pid file, and its pid went to an unrelated
      // live process (the test runner's parent).
      const lines = ['', clusterDir(dataDir), '0', '5432', '', '127.0.0.1', '0', 'ready   ', ''];
      for (const pid of [999_999_999, process.ppid]) {
        lines[0] = String(pid);
        fs.writeFileSync(pidFile, lines.join('\n'));
        const again = await openEmbeddedDatabase(dataDir);
        try {
          const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
          await client.connect();
          expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
          await client.end();
        } finally {
          await again.close();
        }
      }
    },
    DISK_DATABASE_TIMEOUT_MS,
  );

  it(
    'npm run worker without DATABASE_URL works on the cluster of the server with the same DATA_DIR, and says in Japanese when no server runs it',
    async () => {
      const dataDir = tempDataDir();
      const env = { ...withoutDatabaseUrl(), DATA_DIR: dataDir, LOG_LEVEL: 'info' };
      const cwd = path.join(import.meta.dirname, '..');
      const alone = spawnSync(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd,
        env,
        encoding: 'utf8',
      });
      expect(alone.status).toBe(1);
      expect(alone.stderr.trim()).toBe(
        `データフォルダ ${dataDir} の組み込みデータベースが動いていません。` +
          ' 先に同じ DATA_DIR で npm start を起動してください（または DATABASE_URL を指定してください）。',
      );

      const server = await openDatabase({ dataDir, poolMax: 2 });
      try {
        await server.migrate();
        const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
          cwd,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        await new Promise<void>((resolve, reject) => {
          const collect = (chunk: Buffer) => {
            output += chunk.toString('utf8');
            if (output.includes('line push dispatcher started')) resolve();
          };
          worker.stdout.on('data', collect);
          worker.stderr.on('data', collect);
          worker.once('exit', () => reject(new Error(`the worker exited: ${output}`)));
        });
        const exited = once(worker, 'exit');
        worker.kill('SIGTERM');
        expect((await exited)[0], output).toBe(0);
      } finally {
        await server.close();
      }
    },
    DISK_DATABASE_TIMEOUT_MS,
  );

  it(
    'keeps data across restarts and seeds the demo only once',
    async () => {
      const dataDir = tempDataDir();
      const first = await buildApp(testConfig({ DATA_DIR: dataDir }));
      await first.close();
      const second = await buildApp(testConfig({ DATA_DIR: dataDir }));
      const [row] = await second.db.select({ value: count() }).from(accounts);
      expect(row?.value).toBe(2);
      expect(await seedDemo(second.db, 'another-password')).toBe(false);
      await second.close();
    },
    DISK_DATABASE_TIMEOUT_MS,
  );
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

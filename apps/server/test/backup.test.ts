import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { openEmbeddedDatabase, runningEmbeddedUrl } from '../src/db/embedded-data-dir.js';
import { seedDemo } from '../src/seed.js';

const run = promisify(execFile);
const serverRoot = path.join(import.meta.dirname, '..');
const folders: string[] = [];
const open: DatabaseHandle[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // as root, user postgres runs the cluster: it must pass through
  folders.push(dir);
  return dir;
}

afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs one of the server's commands (src/backup.ts, src/restore.ts) as `npm run` would. */
function command(entry: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', `src/${entry}.ts`, ...args], {
    cwd: serverRoot,
    env: { ...withoutDatabaseUrl(), LOG_LEVEL: 'silent', ...env },
  });
}

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

/** Every table of the public schema with a digest of all its rows, and every sequence. */
async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, string> = {};
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest
           FROM public."${name}" t`,
      );
      result[name] = `${rows[0]?.n} ${rows[0]?.digest}`;
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
        WHERE schemaname = 'public'`,
    );
    for (const row of sequences.rows) result[`sequence ${row.name}`] = String(row.value);
    return result;
  } finally {
    await client.end();
  }
}

describe('npm run backup / npm run restore (embedded PostgreSQL)', () => {
  it('backs up while the server holds the folder and restores into an empty folder: every table has the same rows', async () => {
    const source = tempDir('tsunagu-backup-src-');
    const server = await openDatabase({ dataDir: source, poolMax: 2 });
    open.push(server);
    await server.migrate();
    expect(await seedDemo(server.db, 'backup-test-password')).toBe(true);
    // Text that COPY must escape: tabs, newlines, backslashes, Japanese.
    await server.db.execute(
      sql`UPDATE accounts SET name = ${'サロン\t本店\n2号館 \\ テスト'} WHERE name IS NOT NULL`,
    );

    const file = path.join(tempDir('tsunagu-backup-file-'), 'shop.backup.gz');
    const backup = await command('backup', [file], { DATA_DIR: source });
    expect(backup.stdout).toContain('バックアップしました');

    const target = path.join(tempDir('tsunagu-backup-dst-'), 'data');
    const restore = await command('restore', [file], { DATA_DIR: target });
    expect(restore.stdout).toContain('復元しました');

    const restored = await openEmbeddedDatabase(target);
    try {
      const before = await contents(runningEmbeddedUrl(source));
      const after = await contents(restored.url);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(after).toEqual(before);
      expect(Number(after.accounts?.split(' ')[0])).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  }, 240_000);

  it('restores into a DATABASE_URL as its owner, not a superuser: the tables kept by triggers are not counted twice', async () => {
    const source = tempDir('tsunagu-backup-owner-src-');
    const server = await openDatabase({ dataDir: source, poolMax: 2 });
    open.push(server);
    await server.migrate();
    expect(await seedDemo(server.db, 'backup-test-password')).toBe(true);
    const file = path.join(tempDir('tsunagu-backup-owner-file-'), 'shop.backup.gz');
    await command('backup', [file], { DATA_DIR: source });

    // A shop's managed PostgreSQL: a login role that owns an empty database, no superuser.
    const admin = new pg.Client({ connectionString: runningEmbeddedUrl(source) });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE shop_owner LOGIN PASSWORD 'shop-owner-pw' NOSUPERUSER`);
      await admin.query('CREATE DATABASE shop_restored OWNER shop_owner');
    } finally {
      await admin.end();
    }
    const target = new URL(runningEmbeddedUrl(source));
    target.username = 'shop_owner';
    target.password = 'shop-owner-pw';
    target.pathname = '/shop_restored';
    const restore = await command('restore', [file], { DATABASE_URL: target.href });
    expect(restore.stdout).toContain('復元しました');

    const before = await contents(runningEmbeddedUrl(source));
    const after = await contents(target.href);
    expect(after).toEqual(before);
    // The trigger-kept tables hold rows in the demo, so a double count would show above.
    expect(Number(after.friend_event_spans?.split(' ')[0])).toBeGreaterThan(0);
    expect(Number(after.notification_counts?.split(' ')[0])).toBeGreaterThan(0);
  }, 240_000);

  it('refuses to restore into a folder that already holds data', async () => {
    const target = tempDir('tsunagu-restore-busy-');
    fs.writeFileSync(path.join(target, 'something'), 'x');
    const file = path.join(target, 'missing.backup.gz');
    fs.writeFileSync(file, '');
    await expect(command('restore', [file], { DATA_DIR: target })).rejects.toMatchObject({
      stderr: expect.stringContaining('は空ではありません'),
    });
  });
});

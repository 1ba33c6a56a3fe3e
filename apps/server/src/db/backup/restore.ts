import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { EmbeddedDatabaseError } from '../embedded-binaries.js';
import { findMigrationsFolder } from '../migrations-folder.js';
import {
  END_OF_TABLE,
  MAGIC,
  quoteIdent,
  type BackupHeader,
  type BackupTrailer,
  type MigrationLevel,
} from './format.js';

/** Reads a stream line by line (bytes, without the newline). */
class LineReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  constructor(stream: NodeJS.ReadableStream) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  async next(): Promise<Buffer | undefined> {
    for (;;) {
      const end = this.buffered.indexOf(10);
      if (end >= 0) {
        const line = this.buffered.subarray(0, end);
        this.buffered = this.buffered.subarray(end + 1);
        return line;
      }
      const chunk = await this.chunks.next();
      if (chunk.done) return undefined;
      this.buffered = this.buffered.length
        ? Buffer.concat([this.buffered, chunk.value])
        : chunk.value;
    }
  }
}

const broken = (file: string, why: string) =>
  new EmbeddedDatabaseError(`バックアップ ${file} を読めません（${why}）。`);

/**
 * Migrates an empty database to the backup's level exactly: drizzle's migrator over a copy of
 * the journal cut at that level, so the rows fit the tables as they were when written. The
 * server applies the newer migrations at its next start.
 */
async function migrateToLevel(url: string, level: MigrationLevel, file: string): Promise<void> {
  const source = findMigrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(0, level.count) as { when: number; tag: string }[];
  if (entries.length < level.count || (entries.at(-1)?.when ?? null) !== level.lastCreatedAt) {
    throw new EmbeddedDatabaseError(
      `バックアップ ${file} はこの版より新しい（または別の）データベース構成で作られています` +
        `（マイグレーション ${level.count} 件）。同じか新しい版のつなぐで復元してください。`,
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-migrations-'));
  try {
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    );
    for (const entry of entries) {
      fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(drizzle({ client: pool }), { migrationsFolder: folder });
    } finally {
      await pool.end();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into the EMPTY database at `url`: migrations to the backup's level, COPY
 * FROM per table in one transaction (triggers off: the rows were consistent when written),
 * sequences as they were. Refuses a database that already has tables.
 */
export async function restoreDatabase(url: string, file: string): Promise<BackupTrailer> {
  const reader = new LineReader(fs.createReadStream(file).pipe(createGunzip()));
  const magic = (await reader.next())?.toString('utf8');
  if (magic !== MAGIC) throw broken(file, 'つなぐのバックアップではありません');
  const header = JSON.parse((await reader.next())?.toString('utf8') ?? 'null') as BackupHeader;

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    if (Number(rows[0]?.n) > 0) {
      throw new EmbeddedDatabaseError(
        '復元先のデータベースは空ではありません。空のデータフォルダ（DATA_DIR）か空のデータベースに復元してください。',
      );
    }
    await migrateToLevel(url, header.migration, file);
    await client.query('BEGIN');
    // The rows were consistent when written: no trigger runs while they are copied back, or the
    // tables kept by triggers (notification counts, friend-event spans) would count them twice.
    // A superuser (the embedded cluster's) turns every trigger off; the owner of the tables (the
    // role that just migrated them) turns off their own triggers, and foreign keys stay checked
    // (the dump's order satisfies them).
    const superuser = await client.query<{ s: boolean }>(
      'SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user',
    );
    const ownTriggersOff = !superuser.rows[0]?.s;
    if (ownTriggersOff) {
      for (const table of header.tables) {
        await client.query(`ALTER TABLE ${quoteIdent(table.name)} DISABLE TRIGGER USER`);
      }
    } else {
      await client.query('SET LOCAL session_replication_role = replica');
    }
    const restored: Record<string, number> = {};
    for (const table of header.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const stream = client.query(
        copyFrom(`COPY ${quoteIdent(table.name)} (${columns}) FROM STDIN`),
      );
      const finished = once(stream, 'finish');
      for (;;) {
        const line = await reader.next();
        if (line === undefined) throw broken(file, `${table.name} の途中で終わっています`);
        if (line.length === 2 && line.toString('latin1') === END_OF_TABLE) break;
        if (!stream.write(Buffer.concat([line, Buffer.from('\n')]))) await once(stream, 'drain');
      }
      stream.end();
      await finished;
      restored[table.name] = stream.rowCount;
    }
    const trailerLine = await reader.next();
    if (!trailerLine)
      throw broken(file, '末尾がありません（書き込みが途中で止まったファイルです）');
    const trailer = JSON.parse(trailerLine.toString('utf8')) as BackupTrailer;
    for (const [name, count] of Object.entries(trailer.rows)) {
      if (restored[name] !== count) throw broken(file, `${name} の行数が合いません`);
    }
    for (const sequence of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
    }
    if (ownTriggersOff) {
      for (const table of header.tables) {
        await client.query(`ALTER TABLE ${quoteIdent(table.name)} ENABLE TRIGGER USER`);
      }
    }
    await client.query('COMMIT');
    return { rows: restored };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

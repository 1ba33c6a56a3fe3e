import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  END_OF_TABLE,
  MAGIC,
  migrationLevel,
  quoteIdent,
  tablesInDependencyOrder,
  type BackupHeader,
  type BackupTrailer,
} from './format.js';

/**
 * Writes a consistent logical backup of the database at `url` to `file` (format.ts): one
 * REPEATABLE READ READ ONLY transaction, COPY … TO STDOUT per table. Written to `file.partial`
 * and renamed when complete, so a file with the final name is always whole.
 */
export async function dumpDatabase(url: string, file: string): Promise<BackupTrailer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  const write = async (text: string | Buffer) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tablesInDependencyOrder(client);
    const { rows: sequences } = await client.query<{
      name: string;
      value: string | null;
      called: boolean;
    }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name,
              last_value::text AS value, last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      server:
        (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
          ?.v ?? '',
      migration: await migrationLevel(client),
      tables,
      sequences: sequences.map((row) => ({
        name: row.name,
        value: row.value ?? '1',
        called: row.called,
      })),
    };
    await write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    const trailer: BackupTrailer = { rows: {} };
    for (const table of tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const stream = client.query(copyTo(`COPY ${quoteIdent(table.name)} (${columns}) TO STDOUT`));
      for await (const chunk of stream) await write(chunk as Buffer);
      trailer.rows[table.name] = stream.rowCount;
      await write(`${END_OF_TABLE}\n`);
    }
    await write(`${JSON.stringify(trailer)}\n`);
    await client.query('COMMIT');
    gzip.end();
    await written;
    fs.renameSync(partial, file);
    return trailer;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

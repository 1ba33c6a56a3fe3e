import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { dumpDatabase } from './db/backup/dump.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { EmbeddedDatabaseError } from './db/embedded-binaries.js';
import { clusterDir, openEmbeddedDatabase, runningEmbeddedUrl } from './db/embedded-data-dir.js';
import { isUserFacing } from './db/user-facing.js';

/**
 * `npm run backup [-- FILE]`: a consistent backup of DATABASE_URL, or of DATA_DIR's embedded
 * database — through the running server's cluster, or started for the backup when no server
 * runs. Default file: backups/tsunagu-YYYYMMDD-HHmmss.backup.gz (Tokyo time).
 */
async function main() {
  const config = loadConfig();
  const file = path.resolve(process.argv[2] ?? defaultFile());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = Date.now();
  const trailer = await withSource(config.DATABASE_URL, config.DATA_DIR, (url) =>
    dumpDatabase(url, file),
  );
  const rows = Object.values(trailer.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `バックアップしました: ${file}（${Object.keys(trailer.rows).length} テーブル、${rows} 行、${Date.now() - started} ms）`,
  );
}

async function withSource<T>(
  databaseUrl: string | undefined,
  dataDir: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  if (databaseUrl) return run(databaseUrl);
  if (!fs.existsSync(path.join(clusterDir(dataDir), 'PG_VERSION'))) {
    throw new EmbeddedDatabaseError(
      `データフォルダ ${path.resolve(dataDir)} にデータベースがありません（DATA_DIR を確かめてください）。`,
    );
  }
  let embedded;
  try {
    embedded = await openEmbeddedDatabase(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return run(runningEmbeddedUrl(dataDir));
    throw error;
  }
  try {
    return await run(embedded.url);
  } finally {
    await embedded.close();
  }
}

function defaultFile(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  const stamp = `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
  return path.join('backups', `tsunagu-${stamp}.backup.gz`);
}

main().catch((error: unknown) => {
  console.error(isUserFacing(error) ? error.message : error);
  process.exit(1);
});

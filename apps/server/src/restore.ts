import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { restoreDatabase } from './db/backup/restore.js';
import { EmbeddedDatabaseError } from './db/embedded-binaries.js';
import { openEmbeddedDatabase } from './db/embedded-data-dir.js';
import { isUserFacing } from './db/user-facing.js';

/**
 * `npm run restore -- FILE`: restores a backup into an EMPTY DATA_DIR (a new embedded cluster)
 * or into the empty database at DATABASE_URL. Then `npm start` on it applies newer migrations.
 */
async function main() {
  const config = loadConfig();
  const given = process.argv[2];
  if (!given || !fs.existsSync(given)) {
    throw new EmbeddedDatabaseError(
      given
        ? `バックアップファイル ${given} がありません。`
        : '復元するバックアップファイルを指定してください: npm run restore -- ファイル名',
    );
  }
  const file = path.resolve(given);
  const started = Date.now();
  let trailer;
  if (config.DATABASE_URL) {
    trailer = await restoreDatabase(config.DATABASE_URL, file);
  } else {
    const dataDir = path.resolve(config.DATA_DIR);
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new EmbeddedDatabaseError(
        `データフォルダ ${dataDir} は空ではありません。復元は空のフォルダにだけできます（DATA_DIR=新しいフォルダ npm run restore -- ${given}）。`,
      );
    }
    const embedded = await openEmbeddedDatabase(dataDir);
    try {
      trailer = await restoreDatabase(embedded.url, file);
    } catch (error) {
      await embedded.close();
      // The folder was empty: leave it so again, ready for another try.
      for (const name of fs.readdirSync(dataDir)) {
        fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      }
      throw error;
    }
    await embedded.close();
  }
  const rows = Object.values(trailer.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `復元しました: ${file} → ${config.DATABASE_URL ? 'DATABASE_URL' : path.resolve(config.DATA_DIR)}（${rows} 行、${Date.now() - started} ms）`,
  );
}

main().catch((error: unknown) => {
  console.error(isUserFacing(error) ? error.message : error);
  process.exit(1);
});

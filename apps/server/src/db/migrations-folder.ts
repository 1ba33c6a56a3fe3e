import fs from 'node:fs';
import path from 'node:path';

/**
 * drizzle-kit writes migrations to apps/server/drizzle. The source tree (src/db) and the
 * bundle (dist/) sit at different depths below it, so look upwards for the journal.
 */
export function findMigrationsFolder(start = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`migrations folder not found above ${start}`);
    dir = parent;
  }
}

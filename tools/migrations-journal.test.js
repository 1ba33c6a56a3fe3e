import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '..', 'apps', 'server', 'drizzle');

// Drizzle's migrator applies a migration only when its journal time is later than the last one
// the database has recorded. Migrations written on parallel branches and renumbered at merge can
// end up with a later number but an earlier time: an existing database would then skip it.
describe('apps/server/drizzle journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(DIR, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries;

  it('numbers the migrations 0, 1, 2 … and each names its SQL file', () => {
    entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      expect(fs.existsSync(path.join(DIR, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
    const files = fs.readdirSync(DIR).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBe(entries.length);
  });

  it('gives every migration a later time than the one before it', () => {
    const late = entries.filter((entry, i) => i > 0 && entry.when <= entries[i - 1].when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });
});

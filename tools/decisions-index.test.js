import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '..', 'docs', 'decisions');

// docs/decisions/README.md is how a new engineer finds a decision and whether it still holds
// (issue 9): every record is listed with a status, and every listed record exists.
describe('docs/decisions/README.md', () => {
  const records = fs.readdirSync(DIR).filter((file) => /^\d{4}-.+\.md$/.test(file));
  const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
  const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) +\|.*\| *([^|]+?) *\|$/gm)];

  it('lists every decision record with a status', () => {
    const listed = new Map(rows.map((row) => [row[2], row[3]]));
    const missing = records.filter((file) => !listed.has(file));
    expect(missing).toEqual([]);
    for (const status of listed.values()) expect(status).toMatch(/^(accepted|superseded)/);
  });

  it('links only records that exist, each under its own number', () => {
    for (const [, number, file] of rows) {
      expect(records).toContain(file);
      expect(file.startsWith(`${number}-`)).toBe(true);
    }
  });
});

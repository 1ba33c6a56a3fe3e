import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const RULE_ID = /\b(?:APP|UI|REF|TEL|RSV|TML|RT|JRN|TRG|EPI|ROUTE|ERR|CONST|DEC)-\d{2,3}\b/g;

/** Every rule ID the tracked sources cite (tests, code comments, docs other than the spec). */
function citedIds() {
  const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'bench', 'docs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|md)$/.test(file) && !file.startsWith('docs/spec/'));
  const cited = new Map();
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue;
    for (const match of fs.readFileSync(full, 'utf8').matchAll(RULE_ID)) {
      if (!cited.has(match[0])) cited.set(match[0], file);
    }
  }
  return cited;
}

// The rule IDs that tests and comments cite must resolve inside the repository (issue 9).
describe('docs/spec', () => {
  it('defines every rule ID the repository cites', () => {
    const rules = fs.readFileSync(path.join(ROOT, 'docs/spec/RULES.md'), 'utf8');
    const defined = new Set([...rules.matchAll(/\*\*([A-Z]+-\d{2,3})\*\*/g)].map((m) => m[1]));
    const cited = citedIds();
    expect(cited.size).toBeGreaterThan(100);
    const missing = [...cited]
      .filter(([id]) => !defined.has(id))
      .map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });
});

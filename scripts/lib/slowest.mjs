// The slowest test files of a run, from the JSON reports `npm test` writes: where CI's time goes
// (issue 32: keep `.ci/run` inside its budget by attacking the top of this list).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** [file, seconds] of every Vitest test file (its wall time in its worker, set-up included). */
export function vitestFileTimes(file) {
  return (readJson(file)?.testResults ?? []).map((result) => [
    path.relative(ROOT, result.name),
    (result.endTime - result.startTime) / 1000,
  ]);
}

/** [file, seconds] of every Playwright spec file: the sum of its tests' durations. */
export function playwrightFileTimes(file) {
  const totals = new Map();
  const walk = (suite, specFile) => {
    const own = suite.file ?? specFile;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          totals.set(own, (totals.get(own) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of readJson(file)?.suites ?? []) walk(suite, suite.file);
  return [...totals];
}

/** Prints the `count` slowest of [file, seconds] pairs. */
export function printSlowest(title, times, count) {
  if (times.length === 0) return;
  const sorted = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`\n${title} (slowest ${sorted.length} of ${times.length} files):`);
  for (const [file, seconds] of sorted) {
    console.log(`${seconds.toFixed(1).padStart(8)} s  ${file}`);
  }
}

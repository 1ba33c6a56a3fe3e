// `npm run bench` (after the server benchmarks): the salon timelines in Chromium, side by side
// with FullCalendar's resource timeline on the same data, in one run (issue 11):
//   • daily timeline, 50 resources × 2,000 reservations: first render, then a status filter
//   • weekly shifts, 200 resources × 5,000 shifts: first render
//   • scrolling our daily timeline for 120 frames (frame times, frames over 25 ms)
//   • the salon screen's own chunk, gzipped (needs `npm run build`)
// Each render is synchronous (React flushSync / Calendar.render) with style and layout forced
// afterwards: that wall time is scripting + style + layout, an upper bound of the scripting.
// Median of ROUNDS (TIMELINE_BENCH_ROUNDS, default 7), alternating ours and FullCalendar.
// It prints figures and asserts nothing (docs/performance.md records them).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import {
  COURSES,
  DAY,
  STATUSES,
  WEEK,
  dayReservations,
  resources,
  weekShifts,
} from './timeline/data.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.test-output/bench-timeline');
const ROUNDS = Number(process.env.TIMELINE_BENCH_ROUNDS ?? 7);

async function bundle() {
  fs.mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [path.join(import.meta.dirname, 'timeline/page.tsx')],
    outdir: OUT,
    bundle: true,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    tsconfig: path.join(ROOT, 'apps/web/tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    logLevel: 'warning',
  });
  fs.writeFileSync(
    path.join(OUT, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta charset="utf-8"><link rel="stylesheet" href="page.css"></head><body><script src="page.js"></script></body></html>',
  );
  return pathToFileURL(path.join(OUT, 'index.html')).href;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round = (value) => Math.round(value * 10) / 10;

function chunkSize() {
  const assets = path.join(ROOT, 'apps/web/dist/assets');
  if (!fs.existsSync(assets)) return null;
  const file = fs.readdirSync(assets).find((name) => /^salon-routes-.*\.js$/.test(name));
  if (!file) return null;
  const bytes = fs.readFileSync(path.join(assets, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

async function main() {
  const url = await bundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(url);
    await page.waitForFunction("document.title === 'ready'");

    const day = {
      resources: resources(50),
      reservations: dayReservations(50, 2_000),
      shifts: [],
      statuses: STATUSES,
      courses: COURSES,
      day: DAY,
      week: WEEK,
    };
    const week = {
      resources: resources(200),
      reservations: [],
      shifts: weekShifts(200, 5_000),
      statuses: STATUSES,
      courses: COURSES,
      day: DAY,
      week: WEEK,
    };
    await page.evaluate(
      ([d, w]) => Object.assign(globalThis, { dayData: d, weekData: w }),
      [day, week],
    );

    const measure = async (expression) => {
      const wall = await page.evaluate(expression);
      const items = await page.evaluate('bench.itemsInDom()');
      return { wall, items };
    };
    const runs = { oursDay: [], fcDay: [], oursFilter: [], rowsOnly: [], oursWeek: [], fcWeek: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.rowsOnly.push(await measure('bench.rowsOnly(dayData)'));
      runs.oursDay.push(await measure('bench.oursDay(dayData)'));
      runs.oursFilter.push(await measure('bench.oursDayFilter(dayData)'));
      runs.fcDay.push(await measure("bench.fullCalendar(dayData, 'day')"));
      runs.oursWeek.push(await measure('bench.oursWeek(weekData)'));
      runs.fcWeek.push(await measure("bench.fullCalendar(weekData, 'week')"));
    }
    const summary = (list) => ({
      ms: round(median(list.map((run) => run.wall))),
      best: round(Math.min(...list.map((run) => run.wall))),
      items: list.at(-1).items,
    });
    const results = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [name, summary(list)]),
    );

    await page.evaluate('bench.oursDay(dayData)');
    const frames = await page.evaluate('bench.scrollOurs(120)');
    const sortedFrames = [...frames].sort((a, b) => a - b);

    const rows = [
      { what: 'daily timeline 50 × 2,000: ours, first render', ...results.oursDay },
      { what: 'daily timeline: FullCalendar resourceTimelineDay', ...results.fcDay },
      { what: 'daily timeline: ours, status filter change', ...results.oursFilter },
      { what: 'daily timeline: ours, lane layout alone', ...results.rowsOnly, items: '-' },
      { what: 'weekly shifts 200 × 5,000: ours, first render', ...results.oursWeek },
      { what: 'weekly shifts: FullCalendar resourceTimelineWeek', ...results.fcWeek },
    ];
    console.log(
      `\nChromium ${browser.version()}, median of ${ROUNDS} rounds (ms; items = elements drawn):`,
    );
    console.table(rows);
    console.log(
      `FullCalendar ÷ ours, first render (medians): day ${round(results.fcDay.ms / results.oursDay.ms)}×, week ${round(results.fcWeek.ms / results.oursWeek.ms)}×`,
    );
    console.log(
      `load average during the run: ${(await import('node:os'))
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} (${(await import('node:os')).cpus().length} cores)`,
    );
    console.log(
      `scrolling our daily timeline, 120 frames: median ${round(median(frames))} ms, p95 ${round(sortedFrames[Math.floor(frames.length * 0.95)])} ms, worst ${round(sortedFrames.at(-1))} ms, frames over 25 ms: ${frames.filter((f) => f > 25).length}`,
    );
    const chunk = chunkSize();
    console.log(
      chunk
        ? `salon screen chunk ${chunk.file}: ${round(chunk.raw / 1024)} KB, ${round(chunk.gzip / 1024)} KB gzipped`
        : 'salon screen chunk: run `npm run build` first',
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

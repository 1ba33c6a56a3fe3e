// The booking page's size budget (issue 12, decision 0125): the JS and CSS a phone downloads for
// /r/{publicKey} — booking.html's entry chunk, every chunk it imports statically, and their CSS —
// must stay within 80 KB gzipped. Run after `vite build` (the web package's build script runs it),
// so a build that grows past the budget fails. Prints the figure for docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BOOKING_BUDGET_BYTES = 80 * 1024;

/** The files booking.html loads: its entry, static imports (transitively) and their CSS. */
export function bookingFiles(manifest, entry = 'booking.html') {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...files].sort();
}

/** Gzipped bytes of each file of the booking page in a built `dist` folder. */
export function bookingSize(distDir, entry = 'booking.html') {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  );
  const files = bookingFiles(manifest, entry).map((file) => ({
    file,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, file))).length,
  }));
  return { files, total: files.reduce((sum, entry) => sum + entry.gzip, 0) };
}

/** The phone pages under the budget: the booking page and the event page (decision 0318). */
const PHONE_PAGES = [
  { entry: 'booking.html', name: 'booking page /r/{publicKey}' },
  { entry: 'event.html', name: 'event page /e/{publicKey}' },
];

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  let over = false;
  for (const page of PHONE_PAGES) {
    if (!fs.existsSync(path.join(dist, page.entry))) continue;
    const { files, total } = bookingSize(dist, page.entry);
    for (const entry of files)
      console.log(`  ${entry.file}  ${(entry.gzip / 1024).toFixed(1)} KB gz`);
    const line = `${page.name}: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BOOKING_BUDGET_BYTES / 1024} KB)`;
    if (total > BOOKING_BUDGET_BYTES) {
      console.error(`✗ ${line}`);
      over = true;
    } else console.log(`✓ ${line}`);
  }
  if (over) process.exit(1);
}

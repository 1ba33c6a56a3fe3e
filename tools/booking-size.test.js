import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_BUDGET_BYTES, bookingFiles, bookingSize } from './booking-size.mjs';

/** The booking page's budget check (decision 0125) counts what booking.html loads, nothing else. */
describe('booking page size check', () => {
  const manifest = {
    'booking.html': {
      file: 'assets/booking.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/booking.css'],
    },
    'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_react.js', '_console.js'] },
    '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    '_console.js': { file: 'assets/console.js' },
  };

  it('counts the entry, its static imports transitively and their CSS, never the console', () => {
    expect(bookingFiles(manifest)).toEqual([
      'assets/booking.css',
      'assets/booking.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
  });

  it('measures gzipped bytes, so a page that grows past 80 KB is over the budget', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-size-'));
    try {
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      // Random bytes do not compress: 90 KB of them is over the budget once gzipped.
      const noise = Buffer.from(
        Array.from({ length: 90 * 1024 }, () => Math.floor(Math.random() * 256)),
      );
      fs.writeFileSync(path.join(dist, 'assets', 'booking.js'), noise);
      for (const file of ['react.js', 'runtime.js', 'booking.css', 'console.js'])
        fs.writeFileSync(path.join(dist, 'assets', file), 'x'.repeat(1000));
      const { total, files } = bookingSize(dist);
      expect(files.map((entry) => entry.file)).not.toContain('assets/console.js');
      expect(total).toBeGreaterThan(BOOKING_BUDGET_BYTES);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

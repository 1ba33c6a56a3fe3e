// Reads every shape of upload-shapes.ts through the upload's reader (readTelCsv), one after the
// other, and prints one JSON line per shape. tel-upload-memory.test.ts runs it in a child
// process whose heap is capped (--max-old-space-size): if reading any shape needed more, the
// child dies of "heap out of memory" and the test names the shape it was reading.
import fs from 'node:fs';
import { readTelCsv } from '../../src/modules/tel/csv-upload.js';
import { UPLOAD_SHAPES } from './upload-shapes.js';

function peakRssMb(): number | null {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024);
  } catch {
    return null;
  }
}

for (const [shape, make] of Object.entries(UPLOAD_SHAPES)) {
  process.stdout.write(`${JSON.stringify({ reading: shape })}\n`);
  let bytes: Buffer | null = make();
  const size = bytes.length;
  let stored = 0;
  const result = await readTelCsv(bytes, async (batch) => {
    stored += batch.length;
  });
  bytes = null;
  process.stdout.write(
    `${JSON.stringify({
      shape,
      bytes: size,
      rows: result.rows,
      stored,
      errorCount: result.errorCount,
      firstError: result.errors[0] ?? null,
      peakRssMb: peakRssMb(),
    })}\n`,
  );
}

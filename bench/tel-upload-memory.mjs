// Server memory while it reads uploads of the full size limit shaped to make a reader build as
// much as it can (issue 16 §4), against the BUILT server, figures printed only
// (docs/performance.md). For each shape: the server's RSS just before the upload, and its peak
// during it (VmHWM, reset through /proc/<pid>/clear_refs before each upload). Linux only.
// Run by `node bench/tel.mjs` (all parts) or `node bench/tel.mjs --only=memory`.
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { startBuiltServer } from '../scripts/built-server.mjs';
import { signIn } from './lib.mjs';

const LIMIT = 20 * 1024 * 1024; // TEL_LIMITS.uploadBytes
const ROWS = 100_000; // TEL_LIMITS.uploadRows
const HEADER = 'tel,date,time,template_id,param_1,param_2,param_3\n';

/** `head`, then `unit` repeated up to the size limit. */
function fill(head, unit) {
  return Buffer.from(
    `${head}${unit.repeat(Math.floor((LIMIT - head.length) / Buffer.byteLength(unit)))}`,
  );
}

function rows(row, encoding = 'utf-8') {
  const chunks = [iconv.encode(HEADER, encoding)];
  for (let start = 0; start < ROWS; start += 1000) {
    let text = '';
    for (let i = start; i < start + 1000; i += 1) text += `${row(i)}\n`;
    chunks.push(iconv.encode(text, encoding));
  }
  return Buffer.concat(chunks);
}

const param = (length, i) => `${'p'.repeat(length - 6)}${String(i).padStart(6, '0')}`;
const tel = (i) => `090${String(i).padStart(8, '0')}`;

/** The same shapes as apps/server/test/memory/upload-shapes.ts (the small-heap test). */
const SHAPES = {
  'one line of commas': () => fill(HEADER, ','),
  'one endless cell': () => fill(HEADER, 'a'),
  'quote never closed': () => fill(`${HEADER}"`, 'a,\n'),
  'records of 32,000 cells': () => fill(HEADER, `x${',x'.repeat(32_000)}\n`),
  'header of 32,000 columns': () => fill(`${'c,'.repeat(32_000)}\n`, 'x\n'),
  '100,000 rows, all bad': () => rows((i) => `x,2030/1/1,9:00,1,${param(180, i)},,`),
  '100,000 valid rows (stored)': () =>
    rows((i) => `${tel(i)},2030/1/1,9:00,1,${param(60, i)},${param(60, i)},${param(50, i)}`),
  '100,000 valid rows, CP932 (stored)': () =>
    rows(
      (i) =>
        `${tel(i)},2030年1月1日,9:00,1,髙橋 花子${i} 様,${'ヘアサロン つなぐ 渋谷店'.repeat(3)},${'㈱①'.repeat(20)}`,
      'cp932',
    ),
};

function memoryMb(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

async function upload(url, cookie, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), 'memory.csv');
  const response = await fetch(`${url}/api/tel/upload`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * One fresh server per shape (so garbage of an earlier upload does not blur the figure), warmed
 * up by one small upload; `--shape=<part of a name>` narrows the shapes.
 * @param {{ name: string, url?: string, reset?: () => Promise<void> }} database
 */
export async function uploadMemoryBenchmark(database) {
  const filter = process.argv.find((arg) => arg.startsWith('--shape='))?.slice(8) ?? '';
  const table = [];
  for (const [shape, make] of Object.entries(SHAPES)) {
    if (!shape.includes(filter)) continue;
    await database.reset?.();
    const server = await startBuiltServer({
      password: 'tsunagu-bench-password',
      env: {
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        TEL_DISPATCH_IN_PROCESS: 'false',
      },
    });
    try {
      const cookie = await signIn(server.url, server.password);
      await upload(server.url, cookie, Buffer.from(`${HEADER}${tel(1)},2030/1/1,9:00,1,a,b,c\n`));
      const bytes = make();
      const before = memoryMb(server.pid, 'VmRSS');
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const status = await upload(server.url, cookie, bytes);
      const peak = memoryMb(server.pid, 'VmHWM');
      table.push({
        database: database.name,
        shape,
        'file (MB)': Number((bytes.length / 1024 / 1024).toFixed(1)),
        status,
        'RSS before (MB)': before,
        'peak in upload (MB)': peak,
        'raise (MB)': peak - before,
      });
    } finally {
      await server.stop();
    }
  }
  return table;
}

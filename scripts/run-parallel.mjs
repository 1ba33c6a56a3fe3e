#!/usr/bin/env node
// `node scripts/run-parallel.mjs [-j N] -- "<command>" "<command>" …`: runs the commands (each
// through the shell) at most N at a time (default: the number of CPUs), prints each one's output
// in one piece when it ends, in the order given, and exits non-zero if any failed. `npm run
// typecheck` and `npm run lint` use it: their parts are independent single-threaded processes
// (one tsc per project, eslint and prettier), so on CI's 2 cores two run at once.
import { spawn } from 'node:child_process';
import os from 'node:os';

const argv = process.argv.slice(2);
const jobs = argv[0] === '-j' ? Number(argv[1]) : os.availableParallelism();
const commands = argv.slice(argv.indexOf('--') + 1);
if (!argv.includes('--') || commands.length === 0 || !(jobs >= 1)) {
  console.error('usage: node scripts/run-parallel.mjs [-j N] -- "<command>" …');
  process.exit(2);
}

function run(command) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        command,
        code: code ?? (signal ? 128 : 1),
        output: Buffer.concat(chunks).toString(),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const results = new Array(commands.length);
let next = 0;
let printed = 0;
/** Prints finished results in the order given, as soon as those before them are printed. */
function flush() {
  while (printed < commands.length && results[printed]) {
    const { command, code, output, seconds } = results[printed];
    process.stdout.write(`\n$ ${command}\n${output}`);
    console.log(`(${code === 0 ? 'ok' : `exit ${code}`}, ${seconds.toFixed(1)} s)`);
    printed += 1;
  }
}
await Promise.all(
  Array.from({ length: Math.min(jobs, commands.length) }, async () => {
    while (next < commands.length) {
      const index = next++;
      results[index] = await run(commands[index]);
      flush();
    }
  }),
);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);

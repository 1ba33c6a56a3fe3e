import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPostmasterPid } from '../src/db/postmaster.js';
import {
  clusterDir,
  openEmbeddedDatabase,
  runningEmbeddedUrl,
} from '../src/db/embedded-data-dir.js';

const KILLS = 50;
const repoRoot = path.join(import.meta.dirname, '..', '..', '..');
// Inside the repository, so the bundle finds pg and the embedded binaries in node_modules.
const bundle = path.join(repoRoot, 'node_modules', '.cache', 'tsunagu-tests', 'crash-writer.mjs');
let dataDir: string;
/** The writer running now: killed before the clean-up even when the test failed midway. */
let current: ChildProcess | undefined;

beforeAll(async () => {
  await build({
    entryPoints: [path.join(import.meta.dirname, 'helpers', 'crash-writer.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-crash-'));
  fs.chmodSync(dataDir, 0o755); // as root, user postgres runs the cluster
});

afterAll(async () => {
  if (current && current.exitCode === null && current.signalCode === null) {
    const exited = new Promise((resolve) => current?.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  }
  // Whatever the last kill left running is stopped by a clean open and close.
  const last = await openEmbeddedDatabase(dataDir);
  await last.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The postmaster of the folder and every process it started (backends, checkpointer…). */
function databaseProcesses(): number[] {
  const postmaster = readPostmasterPid(clusterDir(dataDir))?.pid;
  if (!postmaster) return [];
  const table = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = table
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === postmaster)
    .map(([pid]) => pid as number);
  return [postmaster, ...children];
}

/** Starts the writer; resolves with the highest row it found once it writes. */
function startWriter(acked: Set<number>): Promise<{ child: ChildProcess; found: number }> {
  const child = spawn(process.execPath, [bundle, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  current = child;
  return new Promise((resolve, reject) => {
    let output = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [word, value] = line.split(' ');
        if (word === 'ack') acked.add(Number(value));
        if (word === 'ready') resolve({ child, found: Number(value) });
      }
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited (${code ?? signal}): ${output}`));
    });
  });
}

async function missingAcks(acked: Iterable<number>): Promise<number[]> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT a AS n FROM unnest($1::int[]) a WHERE NOT EXISTS (SELECT 1 FROM acks WHERE acks.n = a)',
      [[...acked]],
    );
    return rows.map((row) => row.n);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL: crashes during writes', () => {
  it(`kill -9 of the server (every other time with all database processes) during writes, ${KILLS} times: no acknowledged write is lost, and each start takes over the crashed one's folder`, async () => {
    const acked = new Set<number>();
    let kills = 0;
    while (kills < KILLS) {
      const before = [...acked];
      const { child, found } = await startWriter(acked);
      expect(await missingAcks(before)).toEqual([]);
      expect(found).toBeGreaterThanOrEqual(Math.max(0, ...before));
      // A short burst of writes, then the crash in the middle of the next ones.
      const target = acked.size + 5 + (kills % 7) * 6;
      while (acked.size < target) await new Promise((resolve) => setTimeout(resolve, 5));
      const victims = kills % 2 === 1 ? databaseProcesses() : [];
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      for (const pid of victims) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
      kills += 1;
    }
    const before = [...acked];
    const { child } = await startWriter(acked);
    expect(await missingAcks(before)).toEqual([]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(acked.size).toBeGreaterThan(KILLS * 5);
  }, 600_000);
});

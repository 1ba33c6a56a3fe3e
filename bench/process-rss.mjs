// RSS of a process and every process below it — for the built server on the embedded default
// that is the server, the PostgreSQL postmaster it started and every backend (issue 32's
// "sum over every process"). Read from `ps`, so it works as root and as any user. A sum of RSS
// counts every page shared between processes (PostgreSQL's shared buffers, which each backend
// maps) once per process; PSS (Linux: /proc/<pid>/smaps_rollup) shares each such page out, so
// its sum is the memory the group really holds. Both are given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** RSS in MB of pid and all its descendants, and how many processes that is. */
export function treeRss(root) {
  const rows = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const members = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (members.has(ppid) && !members.has(pid)) {
        members.add(pid);
        grew = true;
      }
    }
  }
  const kb = rows.filter(([pid]) => members.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0);
  const pssKb = [...members].reduce((sum, pid) => sum + (pssOf(pid) ?? 0), 0);
  return { mb: Math.round(kb / 1024), pssMb: Math.round(pssKb / 1024), processes: members.size };
}

/**
 * Each process of the tree with its RSS and PSS in MB and what it is (its command line; a
 * PostgreSQL backend names itself there: "postgres: checkpointer", "postgres: tsunagu tsunagu
 * [local] idle"), largest RSS first — where treeRss's sum goes.
 */
export function treeProcesses(root) {
  const rows = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') };
    });
  const members = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of rows) {
      if (members.has(ppid) && !members.has(pid)) {
        members.add(pid);
        grew = true;
      }
    }
  }
  return rows
    .filter(({ pid }) => members.has(pid))
    .map(({ pid, rss, args }) => ({
      pid,
      'RSS (MB)': Math.round(rss / 102.4) / 10,
      'PSS (MB)': Math.round((pssOf(pid) ?? 0) / 102.4) / 10,
      process: args.length > 60 ? `${args.slice(0, 60)}…` : args,
    }))
    .sort((a, b) => b['RSS (MB)'] - a['RSS (MB)']);
}

/** PSS in kB of one process; null where the kernel does not say (not Linux, or it is gone). */
function pssOf(pid) {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Samples treeRss(root) every `everyMs` until stopped; `stop()` returns the highest sums seen
 * (a sample, so a peak shorter than the interval can be missed — the interval is small).
 */
export function sampleTreeRss(root, everyMs = 250) {
  let peak = treeRss(root);
  const timer = setInterval(() => {
    const now = treeRss(root);
    if (now.mb > peak.mb) peak = { ...now, pssMb: Math.max(now.pssMb, peak.pssMb) };
    else if (now.pssMb > peak.pssMb) peak = { ...peak, pssMb: now.pssMb };
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * sampleTreeRss on a worker thread: each sample spawns `ps`, which blocks the thread that runs it
 * for 10–150 ms depending on the machine's load — on the main thread that stalls whatever else the
 * benchmark serves meanwhile (the fake LINE of bench/tel.mjs, whose arrival times are the
 * figures). `stop()` resolves to the same peaks as sampleTreeRss's.
 */
export function sampleTreeRssOffThread(root, everyMs = 250) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { sampleRoot: root, everyMs },
  });
  // A benchmark that fails before stop() still exits.
  worker.unref();
  return {
    stop() {
      return new Promise((resolve, reject) => {
        worker.once('message', (peak) => {
          void worker.terminate();
          resolve(peak);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      });
    },
  };
}

if (!isMainThread && workerData?.sampleRoot) {
  const sampler = sampleTreeRss(workerData.sampleRoot, workerData.everyMs);
  parentPort.once('message', () => parentPort.postMessage(sampler.stop()));
}

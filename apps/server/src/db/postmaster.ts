import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './process-identity.js';

/**
 * A postmaster seen from outside: its postmaster.pid, whether a pid is still it, and stopping it
 * (the embedded cluster's start-up adopts or stops one a crashed server left behind).
 */

export interface PostmasterPid {
  pid: number;
  port: number;
  socketDir: string;
  status: string;
}

/** postmaster.pid: pid, data folder, start time, port, socket folder, address, shm key, status. */
export function readPostmasterPid(dir: string): PostmasterPid | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return {
    pid,
    port: Number(lines[3]),
    socketDir: lines[4] ?? '',
    status: (lines[7] ?? '').trim(),
  };
}

/** Whether pid runs a postgres postmaster on `dir` (an orphan of a crashed server). */
export function isPostmasterOf(pid: number, dir: string): boolean {
  let command: string;
  try {
    command = fs.existsSync('/proc/self/cmdline')
      ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      : spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).stdout;
  } catch {
    return false;
  }
  return /postgres/.test(command) && command.includes(dir);
}

/** Signals a postmaster and waits until it is gone; faster signals when it takes too long. */
export async function stopPid(pid: number, child: ChildProcess | undefined): Promise<void> {
  const exited = child
    ? new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      })
    : undefined;
  const gone = async (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (exited ? child!.exitCode !== null || child!.signalCode !== null : !isAlive(pid)) {
        return true;
      }
      await Promise.race([sleep(20), ...(exited ? [exited] : [])]);
    }
    return false;
  };
  for (const [signal, ms] of [
    ['SIGINT', 30_000], // fast shutdown
    ['SIGQUIT', 5_000], // immediate shutdown (recovery at the next start)
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await gone(ms)) return;
  }
}

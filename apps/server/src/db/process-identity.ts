import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Who a pid is, beyond the pid: pids are reused (a container's server is pid 1 after every
 * restart), a process's start time is not. Linux: the boot id and the start time in clock ticks
 * since boot (/proc/<pid>/stat, field 22). Elsewhere (macOS, BSD): `ps -o lstart=`. Undefined
 * when no process has that pid, or the platform offers neither.
 */
export function processIdentity(pid: number): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  if (fs.existsSync('/proc/self/stat')) return linuxIdentity(pid);
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started ? `ps:${started}` : undefined;
  } catch {
    return undefined;
  }
}

function linuxIdentity(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': skip past it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19]; // field 22 (fields here start at field 3)
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `linux:${bootId}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether some process has this pid (EPERM: it does, owned by another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

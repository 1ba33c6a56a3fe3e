import type { DispatcherLog } from '../../src/modules/tel/dispatch-types.js';

/** A dispatcher log that keeps its errors, so a test can say none happened. */
export function collectingLog() {
  const errors: unknown[] = [];
  const log: DispatcherLog = {
    info: () => {},
    warn: () => {},
    error: (entry) => errors.push(entry),
  };
  return { log, errors };
}

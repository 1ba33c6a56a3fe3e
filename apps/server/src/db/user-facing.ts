import { ConfigError } from '../config.js';
import { DataDirLockedError } from './data-dir-lock.js';
import { EmbeddedDatabaseError } from './embedded-binaries.js';

/**
 * Errors whose message says all a person starting the server needs (a setting, a data folder in
 * use, the embedded database): printed alone, without a stack. Fastify's plugin loader may wrap
 * a plugin's error; its cause is looked at too.
 */
export function isUserFacing(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EmbeddedDatabaseError
  );
}

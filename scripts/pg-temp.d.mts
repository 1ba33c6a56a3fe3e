// Types of pg-temp.mjs for the TypeScript callers (apps/server/test, e2e).
export interface TempPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication, loopback only) */
  url: string;
  port: number;
  dir: string;
  major: number;
  binDir: string;
  /** Stops the cluster (pg_ctl stop -m fast) and removes its folder. */
  stop: () => void;
}
export function findEmbeddedPostgresBin(): string | null;
export function findPostgresBin(): string | null;
export function postgresVersion(binDir: string): { major: number; version: string };
export function startTempPostgres(options?: {
  binDir?: string;
  tmpRoot?: string;
  /** The system user the server runs as when this process is root (default `postgres`). */
  osUser?: string;
  log?: (line: string) => void;
}): Promise<TempPostgres>;

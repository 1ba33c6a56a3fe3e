/** The dispatcher's settings and the parts it is given (decision 0021, 0045). */
import type { DatabaseHandle } from '../../db/client.js';
import type { SendCredentials } from '../line/index.js';

export interface DispatcherOptions {
  batchSize: number;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** Requests per second per channel (LINE counts per channel). */
  ratePerSecond: number;
  /** Outcomes are written together, at most this long after the first one arrived. */
  flushMs?: number;
  /** Called with the account and time of each rate-limiter grant (tests and benchmarks). */
  onRateGrant?: (at: number, accountId: number) => void;
}

export interface DispatcherLog {
  info(entry: Record<string, unknown>, message: string): void;
  warn(entry: Record<string, unknown>, message: string): void;
  error(entry: Record<string, unknown>, message: string): void;
}

/** LISTEN on a channel: PostgreSQL's NOTIFY. */
export type Listen = DatabaseHandle['listen'];

/** Where the dispatcher gets each account's channel token, and says LINE refused one. */
export interface CredentialSource {
  forSending(accountId: number): Promise<SendCredentials>;
  markRefused(accountId: number, reason: string): Promise<void>;
  /**
   * After a 429: whether the month's quota cannot take a request to `recipients` friends; if
   * so the account's pushes are paused until `until` (decision 0186). Absent: never (dry-run).
   */
  quotaUsedUp?(
    accountId: number,
    token: string,
    recipients: number,
    at: Date,
  ): Promise<{ until: Date; reason: string } | null>;
}

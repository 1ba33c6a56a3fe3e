import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Everything the process reads from its environment, parsed once at start. An invalid value
 * stops the process with a message naming the variable (README "Configuration").
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** A PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PGlite's folder; `memory://` keeps everything in memory (tests). */
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: booleanFromEnv.default(true),
  DEMO_PASSWORD: z.string().min(8).default('tsunagu-demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** The origin browsers use to reach us (https://console.example.jp) when behind a proxy. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** RT-14 debug flag handed to the console (logs realtime events in the browser). */
  REALTIME_DEBUG: booleanFromEnv.default(false),
  /**
   * Google Calendar (RSV-39..47): with both set the real provider talks to Google; without them
   * a deterministic in-memory fake stands in (tests, the demo). Secrets: never logged.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OAuth redirect URI registered at Google; default `{origin}/api/google/oauth/callback`. */
  GOOGLE_REDIRECT_URI: z.string().url().optional(),
  /** The built console; served when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`設定値に誤りがあります (environment):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The console build sits beside the server bundle in the repository layout. */
export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

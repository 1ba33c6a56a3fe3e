import type {} from 'fastify';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { secretKeyFromBase64 } from './lib/secret-box.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Everything the process reads from its environment, parsed once at start. An invalid value
 * stops the process with a message naming the variable (README "Configuration").
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** A PostgreSQL connection string; when unset the embedded PostgreSQL of DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Connections per process; unset: 5 on the embedded default, 10 on DATABASE_URL (decision 0212). */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).optional(),
    /** Memory for cached salon reads (reservations, shifts; decision 0031), per process. */
    SALON_READ_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /** The embedded PostgreSQL's folder (decision 0205); ignored with DATABASE_URL. */
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: booleanFromEnv.default(true),
    DEMO_PASSWORD: z.string().min(8).default('tsunagu-demo'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
    /**
     * The origin of the hosted pages `/p/` and `/s/` (decision 0341): another host than the
     * console's, so the console's host-only session cookie never reaches them. When set, a page
     * asked on any other host is redirected there.
     */
    PAGES_ORIGIN: z.string().url().optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    /** RT-14 debug flag handed to the console (logs realtime events in the browser). */
    REALTIME_DEBUG: booleanFromEnv.default(false),
    /**
     * Google Calendar (RSV-39..47): with both set the real provider talks to Google; without them
     * a deterministic in-memory fake stands in (tests, the demo). Secrets: never logged.
     */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * 32 random bytes in base64 (`openssl rand -base64 32`): the key that seals stored OAuth
     * tokens (docs/decisions/0040). Required with the real Google provider; the fake provider
     * uses a fixed development key. Changing it makes stored tokens unusable (connect again).
     */
    SECRETS_KEY: z
      .string()
      .refine((text) => Buffer.from(text, 'base64').length === 32, {
        message: 'SECRETS_KEY は 32 バイトの base64 にしてください（openssl rand -base64 32）',
      })
      .optional(),
    /** Stands in for Google's OAuth and Calendar hosts (tests point it at a fake Google). */
    GOOGLE_API_BASE: z.string().url().optional(),
    /** Ad-connect (issue 30): the platforms' hosts; tests point them at the fakes on loopback. */
    AD_LINE_CAPI_BASE: z.string().url().default('https://conversion-api.tr.line.me'),
    AD_META_BASE: z.string().url().default('https://graph.facebook.com'),
    AD_GOOGLE_ADS_BASE: z.string().url().default('https://googleads.googleapis.com'),
    AD_GOOGLE_OAUTH_BASE: z.string().url().default('https://accounts.google.com'),
    /** How often the conversion queue looks for new friend events and due sends. */
    AD_POLL_MS: z.coerce.number().int().min(50).max(300_000).default(5000),
    /** The first retry's wait after a 5xx or a timeout (doubling, at most 5 minutes). */
    AD_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
    /** The OAuth redirect URI registered at Google; default `{origin}/api/google/oauth/callback`. */
    GOOGLE_REDIRECT_URI: z.string().url().optional(),
    /** The built console; served when the folder exists. */
    WEB_DIST_DIR: z.string().optional(),

    // ── Notification messages by phone number (docs/decisions/0021, 0022) ──
    /** `dry-run`: every status is gone through and logged, nothing is sent. `line`: real sending. */
    TEL_SENDER: z.enum(['dry-run', 'line']).default('dry-run'),
    /**
     * Push messages to friends (online actions, reminders; decision 0130): `dry-run` logs and
     * marks them sent, `line` sends them through each account's channel.
     */
    LINE_PUSH_SENDER: z.enum(['dry-run', 'line']).default('dry-run'),
    /**
     * A single-shop install's channel (decision 0045): adopted at start as the first account's
     * stored channel when it has none; each account connects its own in the console otherwise.
     */
    LINE_CHANNEL_ACCESS_TOKEN: z.string().min(1).optional(),
    LINE_CHANNEL_SECRET: z.string().min(1).optional(),
    LINE_CHANNEL_ID: z
      .string()
      .regex(/^\d{10}$/, { message: 'LINE_CHANNEL_ID は10桁の数字です' })
      .optional(),
    /** The LINE Login channel of the booking page's LIFF app when the account stored none (decision 0115). */
    LINE_LOGIN_CHANNEL_ID: z
      .string()
      .regex(/^\d{10}$/, { message: 'LINE_LOGIN_CHANNEL_ID は10桁の数字です' })
      .optional(),
    LINE_API_BASE: z.string().url().default('https://api.line.me'),
    /** LINE Login's authorize host (trackers' `/t/{code}`, issue 29); tests point it at the fake LINE. */
    LINE_LOGIN_BASE: z.string().url().default('https://access.line.me'),
    /** LINE's data API host (message content, issue 24); tests point it at the fake LINE too. */
    LINE_DATA_API_BASE: z.string().url().default('https://api-data.line.me'),
    /** A friend's image, video, audio or file larger than this is not kept (decision 0231). */
    CHAT_MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(200 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    /**
     * First wait before asking LINE again for the bot of a channel stored without it (LINE was
     * unreachable at start, decision 0183); doubles up to 5 minutes.
     */
    LINE_BOT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
    /** Requests per second to LINE per channel (LINE allows 2,000); one process per channel. */
    TEL_RATE_LIMIT: z.coerce.number().int().min(1).max(2000).default(2000),
    /** Run the dispatcher inside the API process (`false` when `npm run worker` runs it). */
    TEL_DISPATCH_IN_PROCESS: booleanFromEnv.default(true),
    /** Messages claimed per database round trip, at most (also caps the prefetch queue). */
    TEL_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
    /** Requests to LINE in flight at once. */
    TEL_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
    /** How often the お知らせ scheduler looks for due scheduled ones (decision 0222). */
    NOTIFICATION_POLL_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
    /** How often an idle dispatcher looks for due messages (placing an order wakes it at once). */
    TEL_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** A request to LINE that has not answered by then ends as 送信結果不明 (never retried). */
    TEL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** A message still processing after this long belonged to a crashed worker: 送信結果不明. */
    TEL_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
    /** Attempts for 429, 5xx and refused connections before the message fails. */
    TEL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** First retry delay; doubled for each further attempt (with jitter), at most 5 minutes. */
    TEL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
    // ── Telling the staff (issue 26, decisions 0280–0284): e-mail through SMTP ──
    /** The SMTP server of staff e-mail; unset: staff notices go to the console and LINE only. */
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
    SMTP_SECURE: booleanFromEnv.default(false),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASSWORD: z.string().min(1).optional(),
    /** The sender of staff e-mail, e.g. `Tsunagu <notify@example.jp>`; required with SMTP_HOST. */
    MAIL_FROM: z.string().min(3).optional(),
    /** E-mails to one operator within this window go as one digest (decision 0282). */
    STAFF_MAIL_DIGEST_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** How often the staff-notice dispatcher looks for due deliveries. */
    STAFF_NOTIFY_POLL_MS: z.coerce.number().int().min(50).max(300_000).default(5000),
    /** How often the Google Calendar write dispatcher looks for due writes (decision 0295). */
    GOOGLE_WRITE_POLL_MS: z.coerce.number().int().min(50).max(300_000).default(2000),
  })
  .superRefine((config, context) => {
    if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET && !config.SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'Google カレンダー連携（GOOGLE_CLIENT_ID）には SECRETS_KEY が必要です（openssl rand -base64 32）',
      });
    }
    if (config.LINE_PUSH_SENDER === 'line' && !config.SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: 'LINE_PUSH_SENDER=line には SECRETS_KEY が必要です（openssl rand -base64 32）',
      });
    }
    if (config.TEL_SENDER === 'line' && !config.SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'TEL_SENDER=line には SECRETS_KEY が必要です（LINE のチャネルシークレットとトークンを暗号化して保存します。openssl rand -base64 32）',
      });
    }
    if (config.SMTP_HOST && !config.MAIL_FROM) {
      context.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'SMTP_HOST を設定したときは MAIL_FROM（通知メールの差出人）も設定してください',
      });
    }
    if (Boolean(config.SMTP_USER) !== Boolean(config.SMTP_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: [config.SMTP_USER ? 'SMTP_PASSWORD' : 'SMTP_USER'],
        message: 'SMTP_USER と SMTP_PASSWORD は両方とも設定するか、両方とも空にしてください',
      });
    }
    if (config.TEL_LEASE_SECONDS * 1000 < config.TEL_REQUEST_TIMEOUT_MS * 2 + 5000) {
      context.addIssue({
        code: 'custom',
        path: ['TEL_LEASE_SECONDS'],
        message: 'TEL_LEASE_SECONDS は TEL_REQUEST_TIMEOUT_MS の2倍＋5秒より長くしてください',
      });
    }
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

/**
 * The key that seals stored secrets. Without SECRETS_KEY (only allowed while Google runs on the
 * in-memory fake and notification messages are a dry run) a fixed development key is used.
 */
export function secretsKeyOf(config: Config): Buffer {
  if (config.SECRETS_KEY) return secretKeyFromBase64(config.SECRETS_KEY);
  return createHash('sha256').update('tsunagu development key: fake Google provider only').digest();
}

/** The console build sits beside the server bundle in the repository layout. */
export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed environment (buildApp decorates the root instance with it). */
    config: Config;
  }
}

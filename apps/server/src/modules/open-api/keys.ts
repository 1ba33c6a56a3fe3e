import {
  OPEN_API_KEYS_MAX,
  OPEN_API_RATE_PER_MINUTE,
  TRIGGER_TEXT,
  type OpenApiKey,
  type OpenApiKeyCreated,
} from '@tsunagu/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { openApiKeys, openApiKeyWindows } from '../../db/schema/index.js';
import { insertReturningId } from '../../db/rows.js';
import type { Database, Executor } from '../../db/types.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';

/** Every key starts so, to be recognised in logs and by secret scanners. */
const KEY_PREFIX = 'tsk_';
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

type KeyRow = typeof openApiKeys.$inferSelect;
const toKey = (row: KeyRow): OpenApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/**
 * An account's open-API keys (decision 0170): 32 random bytes, shown once; only the SHA-256 is
 * kept (a leaked database does not leak working keys). Revoked keys stay listed for the log.
 */
export function createKeysService(deps: { db: Database; clock?: () => Date }) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async list(accountId: number): Promise<OpenApiKey[]> {
      const rows = await db
        .select()
        .from(openApiKeys)
        .where(eq(openApiKeys.accountId, accountId))
        .orderBy(asc(openApiKeys.id));
      return rows.map(toKey);
    },

    async create(accountId: number, name: string): Promise<OpenApiKeyCreated> {
      const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await db.transaction(async (tx) => {
        // Serialises key creation per account, so the cap holds under parallel calls.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('open_api_keys'), ${accountId})`,
        );
        const [live] = await tx
          .select({ n: count() })
          .from(openApiKeys)
          .where(and(eq(openApiKeys.accountId, accountId), isNull(openApiKeys.revokedAt)));
        if ((live?.n ?? 0) >= OPEN_API_KEYS_MAX) throw new ConflictError(TRIGGER_TEXT.keysTooMany);
        return insertReturningId(tx, openApiKeys, {
          accountId,
          name,
          prefix: secret.slice(0, 10),
          secretHash: hashOf(secret),
        });
      });
      const [row] = await db.select().from(openApiKeys).where(eq(openApiKeys.id, id));
      return { ...toKey(row!), secret };
    },

    async revoke(accountId: number, id: number): Promise<OpenApiKey> {
      const [row] = await db
        .update(openApiKeys)
        .set({
          revokedAt: sql`coalesce(${openApiKeys.revokedAt}, ${clock().toISOString()}::timestamptz)`,
        })
        .where(and(eq(openApiKeys.accountId, accountId), eq(openApiKeys.id, id)))
        .returning();
      if (!row) throw new NotFoundError(TRIGGER_TEXT.keyNotFound);
      return toKey(row);
    },
  };
}

/** The live key of a bearer secret, or undefined (unknown, revoked, or not a key at all). */
export async function keyOfSecret(db: Executor, secret: string) {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return undefined;
  const [row] = await db
    .select({ id: openApiKeys.id, accountId: openApiKeys.accountId })
    .from(openApiKeys)
    .where(and(eq(openApiKeys.secretHash, hashOf(secret)), isNull(openApiKeys.revokedAt)));
  return row;
}

/**
 * Counts a call against the key's minute (shared by every process through the database) and
 * records its use; answers the seconds to wait when the minute's calls are spent.
 */
export async function spendCall(db: Executor, keyId: number, now: Date): Promise<number> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await db
    .insert(openApiKeyWindows)
    .values({ keyId, windowStart: minute, calls: 1 })
    .onConflictDoUpdate({
      target: [openApiKeyWindows.keyId, openApiKeyWindows.windowStart],
      set: { calls: sql`${openApiKeyWindows.calls} + 1` },
    })
    .returning({ calls: openApiKeyWindows.calls });
  await db.update(openApiKeys).set({ lastUsedAt: now }).where(eq(openApiKeys.id, keyId));
  // Old minutes are of no use; dropped now and then by the calls themselves.
  if ((row?.calls ?? 0) === 1)
    await db
      .delete(openApiKeyWindows)
      .where(and(eq(openApiKeyWindows.keyId, keyId), lt(openApiKeyWindows.windowStart, minute)));
  if ((row?.calls ?? 0) <= OPEN_API_RATE_PER_MINUTE) return 0;
  return Math.max(1, Math.ceil((minute.getTime() + 60_000 - now.getTime()) / 1000));
}

export type KeysService = ReturnType<typeof createKeysService>;

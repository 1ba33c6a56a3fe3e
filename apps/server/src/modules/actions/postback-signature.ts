import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { actionSecrets } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// The column the secret belongs to is authenticated with it (as line/secrets.ts does).
const CONTEXT = 'action_secrets.sealed_secret';
const PREFIX = 'tsg:as:';
const DATA = /^tsg:as:([1-9]\d{0,9}):([A-Za-z0-9_-]{32})$/;

/**
 * Postback `data` that names an action set, signed with the account's own secret (decision
 * 0251): `tsg:as:{setId}:{signature}`, 47 characters at most (LINE allows 300). The signature
 * is an HMAC-SHA256 of the account and the set, so data forged, copied from another account or
 * edited to another set runs nothing. The secret is made on first use and kept sealed like the
 * channel's secrets (lib/secret-box.ts, SECRETS_KEY).
 */
export function createPostbackSigner(box: SecretBox) {
  async function secretOf(db: Executor, accountId: number, create: boolean) {
    const read = async () => {
      const [row] = await db
        .select({ sealed: actionSecrets.sealedSecret })
        .from(actionSecrets)
        .where(eq(actionSecrets.accountId, accountId));
      return row?.sealed;
    };
    let sealed = await read();
    if (sealed === undefined && create) {
      await db
        .insert(actionSecrets)
        .values({ accountId, sealedSecret: box.seal(randomBytes(32).toString('base64'), CONTEXT) })
        .onConflictDoNothing();
      sealed = await read();
    }
    if (sealed === undefined) return null;
    try {
      return Buffer.from(box.open(sealed, CONTEXT), 'base64');
    } catch (error) {
      // Sealed under another key (SECRETS_KEY changed): no data verifies until signed again.
      if (error instanceof SecretBoxError) return null;
      throw error;
    }
  }

  const signature = (secret: Buffer, accountId: number, setId: number) =>
    createHmac('sha256', secret).update(`${accountId}:${setId}`).digest('base64url').slice(0, 32);

  return {
    /** The postback data of an action set of the account. */
    async dataFor(db: Executor, accountId: number, setId: number): Promise<string> {
      const secret = await secretOf(db, accountId, true);
      if (!secret) throw new Error('the postback secret cannot be opened with SECRETS_KEY');
      return `${PREFIX}${setId}:${signature(secret, accountId, setId)}`;
    },
    /** The action set the data names when its signature is the account's; otherwise null. */
    async verify(db: Executor, accountId: number, data: string): Promise<number | null> {
      const match = DATA.exec(data);
      if (!match) return null;
      const setId = Number(match[1]);
      const secret = await secretOf(db, accountId, false);
      if (!secret) return null;
      const expected = Buffer.from(signature(secret, accountId, setId));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? setId : null;
    },
    /** Whether the data is meant for us at all (others are recorded, as before). */
    isOurs: (data: string) => data.startsWith(PREFIX),
  };
}

export type PostbackSigner = ReturnType<typeof createPostbackSigner>;

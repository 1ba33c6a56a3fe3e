import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { actionSecrets } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// The column the secret belongs to is authenticated with it (as line/secrets.ts does).
const CONTEXT = 'action_secrets.sealed_secret';
const PREFIX = 'tsg:as:';
const DATA = /^tsg:as:([1-9]\d{0,9}):([A-Za-z0-9_-]{32})(?::m([1-9]\d{0,9})a(\d{1,2}))?$/;

/** The rich menu area a postback came from (decision 0262), signed with the set. */
export interface PostbackOrigin {
  richMenuId: number;
  area: number;
}

/**
 * Postback `data` that names an action set, signed with the account's own secret (decision
 * 0251): `tsg:as:{setId}:{signature}`, 47 characters at most (LINE allows 300). The signature
 * is an HMAC-SHA256 of the account and the set, so data forged, copied from another account or
 * edited to another set runs nothing. The secret is made on first use and kept sealed like the
 * channel's secrets (lib/secret-box.ts, SECRETS_KEY).
 * An area of a rich menu adds where it is (`:m{menuId}a{area}`, decision 0262), signed too: our
 * own count of taps per area cannot be forged either (at most 64 characters).
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

  const signature = (secret: Buffer, accountId: number, setId: number, origin?: PostbackOrigin) =>
    createHmac('sha256', secret)
      .update(`${accountId}:${setId}${origin ? `:m${origin.richMenuId}a${origin.area}` : ''}`)
      .digest('base64url')
      .slice(0, 32);

  /** The set (and the rich menu area) the data names when its signature is the account's. */
  async function verifyData(
    db: Executor,
    accountId: number,
    data: string,
  ): Promise<{ setId: number; origin: PostbackOrigin | null } | null> {
    const match = DATA.exec(data);
    if (!match) return null;
    const setId = Number(match[1]);
    const origin =
      match[3] === undefined ? null : { richMenuId: Number(match[3]), area: Number(match[4]) };
    const secret = await secretOf(db, accountId, false);
    if (!secret) return null;
    const expected = Buffer.from(signature(secret, accountId, setId, origin ?? undefined));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? { setId, origin }
      : null;
  }

  return {
    /** The postback data of an action set of the account. */
    async dataFor(
      db: Executor,
      accountId: number,
      setId: number,
      origin?: PostbackOrigin,
    ): Promise<string> {
      const secret = await secretOf(db, accountId, true);
      if (!secret) throw new Error('the postback secret cannot be opened with SECRETS_KEY');
      const where = origin ? `:m${origin.richMenuId}a${origin.area}` : '';
      return `${PREFIX}${setId}:${signature(secret, accountId, setId, origin)}${where}`;
    },
    verifyData,
    /** The action set the data names when its signature is the account's; otherwise null. */
    async verify(db: Executor, accountId: number, data: string): Promise<number | null> {
      return (await verifyData(db, accountId, data))?.setId ?? null;
    },
    /** Whether the data is meant for us at all (others are recorded, as before). */
    isOurs: (data: string) => data.startsWith(PREFIX),
  };
}

export type PostbackSigner = ReturnType<typeof createPostbackSigner>;

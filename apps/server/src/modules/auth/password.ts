import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at the OWASP Password Storage Cheat Sheet minimum (N=2^17, r=8, p=1), stored as
 * `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** The smallest N the test-only cost may choose (1 MB of memory, a few milliseconds). */
const TEST_MIN_N = 2 ** 10;

/**
 * The cost of NEW hashes: the production parameters, unless the test setup asks for a lower N
 * with TSUNAGU_TEST_SCRYPT_N (apps/server/test/global-setup.ts; decision 0495). Every test
 * sign-in used to pay the production cost (~174 of them, about a minute of CI). The variable is
 * honoured only when NODE_ENV is exactly `test` (Vitest sets it; `npm start` and the built
 * server default to production), only as a power of two between 2^10 and the production N, and
 * never raises the cost; anything else is ignored, so a stray variable cannot weaken a real
 * shop's hashes. Verifying always uses the N stored in the hash itself.
 */
export function hashParams(env: NodeJS.ProcessEnv = process.env): ScryptOptions & typeof PARAMS {
  if (env.NODE_ENV !== 'test' || !env.TSUNAGU_TEST_SCRYPT_N) return PARAMS;
  const n = Number(env.TSUNAGU_TEST_SCRYPT_N);
  const powerOfTwo = Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
  if (!powerOfTwo || n < TEST_MIN_N || n > PARAMS.N) return PARAMS;
  return { ...PARAMS, N: n } as ScryptOptions & typeof PARAMS;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // 128 * N * r bytes of memory, plus headroom.
    const maxmem = 256 * (options.N ?? PARAMS.N) * (options.r ?? PARAMS.r);
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Verified against when the login id does not exist, so an unknown id costs the same time as
 * a wrong password and response times do not reveal which ids exist.
 */
let dummyHash: Promise<string> | undefined;
export function hashForUnknownOperator(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

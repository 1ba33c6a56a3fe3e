import { afterEach, describe, expect, it } from 'vitest';
import { hashParams, hashPassword, verifyPassword } from './password.js';

const PRODUCTION_N = 2 ** 17;
const stored = (hash: string) => hash.split('$').slice(0, 4).join('$');

// The server tests hash with a lower N (TSUNAGU_TEST_SCRYPT_N from test/global-setup.ts,
// decision 0495); these prove a real server never does.
describe('password hashing cost', () => {
  const saved = process.env.TSUNAGU_TEST_SCRYPT_N;
  afterEach(() => {
    if (saved === undefined) delete process.env.TSUNAGU_TEST_SCRYPT_N;
    else process.env.TSUNAGU_TEST_SCRYPT_N = saved;
  });

  it('hashes at the production cost (N=2^17, r=8, p=1) when no test cost is asked for', async () => {
    delete process.env.TSUNAGU_TEST_SCRYPT_N;
    const hash = await hashPassword('correct horse');
    expect(stored(hash)).toBe(`scrypt$${PRODUCTION_N}$8$1`);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  it('ignores the test cost outside NODE_ENV=test, so a stray variable cannot weaken a shop', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(hashParams({ NODE_ENV, TSUNAGU_TEST_SCRYPT_N: '1024' }).N).toBe(PRODUCTION_N);
    }
  });

  it('ignores a test cost that is not a power of two between 2^10 and the production N', () => {
    for (const value of ['', 'low', '1000', '512', String(2 ** 18), '-1024', '1024.5']) {
      expect(hashParams({ NODE_ENV: 'test', TSUNAGU_TEST_SCRYPT_N: value }).N).toBe(PRODUCTION_N);
    }
  });

  it('hashes at the asked test cost under NODE_ENV=test; the stored N is what verifying uses', async () => {
    process.env.TSUNAGU_TEST_SCRYPT_N = '1024';
    expect(process.env.NODE_ENV).toBe('test');
    const hash = await hashPassword('correct horse');
    expect(stored(hash)).toBe('scrypt$1024$8$1');
    delete process.env.TSUNAGU_TEST_SCRYPT_N;
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });
});

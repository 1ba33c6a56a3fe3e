import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) of an E.164 phone number: what LINE's notification messages take as `to`, and
 * the only form in which the console keeps a friend's phone (decision 0170).
 */
export const phoneDigest = (e164: string) => createHash('sha256').update(e164).digest('hex');

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets we must keep readable (OAuth tokens): AES-256-GCM with a
 * random 96-bit nonce per value. A sealed value is `v1.<nonce>.<tag>.<ciphertext>` (base64url),
 * so a database dump or a backup holds no usable token. `context` is authenticated but not
 * stored: a value sealed for one column cannot be opened as another (docs/decisions/0040).
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws SecretBoxError when the value was sealed with another key, for another context, or altered. */
  open(sealed: string, context: string): string;
}

export class SecretBoxError extends Error {}

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;

/** A 32-byte key from its base64 (or base64url) text, as SECRETS_KEY holds it. */
export function secretKeyFromBase64(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new SecretBoxError('the key must be 32 bytes in base64');
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretBoxError('the key must be 32 bytes');
  return {
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, nonce, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined || rest.length > 0)
        throw new SecretBoxError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SecretBoxError('the value cannot be opened with this key');
      }
    },
  };
}

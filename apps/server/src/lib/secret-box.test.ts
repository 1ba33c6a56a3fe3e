import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createSecretBox, SecretBoxError, secretKeyFromBase64 } from './secret-box.js';

const key = Buffer.alloc(32, 1);

describe('secret box (tokens at rest)', () => {
  const box = createSecretBox(key);

  it('opens what it sealed, Japanese included; the sealed text shows nothing of it', () => {
    const sealed = box.seal('ya29.トークン-秘密', 'column');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('ya29');
    expect(box.open(sealed, 'column')).toBe('ya29.トークン-秘密');
  });

  it('seals the same value differently every time (random nonce)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another key, another context, an altered value and plain text', () => {
    const sealed = box.seal('secret', 'access');
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed, 'access')).toThrow(
      SecretBoxError,
    );
    expect(() => box.open(sealed, 'refresh')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'access')).toThrow(SecretBoxError);
    expect(() => box.open('secret', 'access')).toThrow(SecretBoxError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(SecretBoxError);
    expect(() => secretKeyFromBase64(Buffer.alloc(31).toString('base64'))).toThrow(SecretBoxError);
    expect(secretKeyFromBase64(key.toString('base64'))).toEqual(key);
  });

  it('configuration: the real Google provider needs SECRETS_KEY, and a key must be 32 bytes', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig(google)).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/32 バイト/);
    expect(loadConfig({ ...google, SECRETS_KEY: key.toString('base64') }).SECRETS_KEY).toBe(
      key.toString('base64'),
    );
  });
});

import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// The column a value belongs to is authenticated with it, so the two cannot be swapped.
const COLUMNS = {
  secret: 'ad_connections.secret',
  secret2: 'ad_connections.secret2',
  secret3: 'ad_connections.secret3',
} as const;
export type SecretColumn = keyof typeof COLUMNS;

/**
 * Seals and opens a connection's credentials (lib/secret-box.ts, SECRETS_KEY), like the LINE
 * channel's: `secret` the access token (LINE, Meta) or the OAuth client secret (Google),
 * `secret2` Google's developer token, `secret3` Google's refresh token. '' stays '' (none).
 */
export function createAdSecrets(box: SecretBox) {
  return {
    seal: (column: SecretColumn, plain: string) => (plain ? box.seal(plain, COLUMNS[column]) : ''),
    /** null: none stored, or sealed under another key (the owner must enter it again). */
    open(column: SecretColumn, sealed: string): string | null {
      if (!sealed) return null;
      try {
        return box.open(sealed, COLUMNS[column]);
      } catch (error) {
        if (error instanceof SecretBoxError) return null;
        throw error;
      }
    },
  };
}

export type AdSecrets = ReturnType<typeof createAdSecrets>;

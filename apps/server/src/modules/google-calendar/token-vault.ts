import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';
import { GoogleProviderError, type GoogleTokenSet } from './provider.js';
import type { SealedTokenSet, TokenRow } from './repository.js';

// The column a value belongs to is authenticated with it, so the two cannot be swapped.
const ACCESS = 'google_tokens.access_token';
const REFRESH = 'google_tokens.refresh_token';

export function createTokenVault(box: SecretBox) {
  return {
    seal(tokens: GoogleTokenSet): SealedTokenSet {
      return {
        accessToken: box.seal(tokens.accessToken, ACCESS),
        refreshToken: box.seal(tokens.refreshToken, REFRESH),
        expiresAt: tokens.expiresAt,
      };
    },
    /**
     * The stored tokens in clear. Tokens sealed under another key (SECRETS_KEY changed, or
     * stored before it was set) cannot be used: that is Google refusing them as far as the
     * operator can tell, so the answer is Google's 401 and the salon connects again.
     */
    open(row: TokenRow): GoogleTokenSet {
      try {
        return {
          accessToken: box.open(row.accessToken, ACCESS),
          refreshToken: box.open(row.refreshToken, REFRESH),
          expiresAt: row.expiresAt,
        };
      } catch (error) {
        if (error instanceof SecretBoxError)
          throw new GoogleProviderError('unauthorized', 'stored tokens cannot be opened');
        throw error;
      }
    },
  };
}

export type TokenVault = ReturnType<typeof createTokenVault>;

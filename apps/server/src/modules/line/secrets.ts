import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// The column a value belongs to is authenticated with it, so the two cannot be swapped.
const SECRET = 'line_channels.channel_secret';
const TOKEN = 'line_channels.access_token';

/** Seals and opens a channel's secret and access token (lib/secret-box.ts, SECRETS_KEY). */
export function createChannelSecrets(box: SecretBox) {
  const open = (sealed: string, context: string): string | null => {
    try {
      return box.open(sealed, context);
    } catch (error) {
      // Sealed under another key (SECRETS_KEY changed): unusable, the channel must be reconnected.
      if (error instanceof SecretBoxError) return null;
      throw error;
    }
  };
  return {
    sealSecret: (plain: string) => box.seal(plain, SECRET),
    sealToken: (plain: string) => box.seal(plain, TOKEN),
    openSecret: (sealed: string) => open(sealed, SECRET),
    openToken: (sealed: string) => open(sealed, TOKEN),
  };
}

export type ChannelSecrets = ReturnType<typeof createChannelSecrets>;

import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// The column a value belongs to is authenticated with it, so the two cannot be swapped.
const SECRET = 'line_channels.channel_secret';
const TOKEN = 'line_channels.access_token';
const LOGIN_SECRET = 'line_channels.login_channel_secret';

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
    /** The LINE Login channel's secret (issue 29, trackers); '' stays '' (none stored). */
    sealLoginSecret: (plain: string) => (plain ? box.seal(plain, LOGIN_SECRET) : ''),
    openLoginSecret: (sealed: string) => (sealed ? open(sealed, LOGIN_SECRET) : null),
  };
}

export type ChannelSecrets = ReturnType<typeof createChannelSecrets>;

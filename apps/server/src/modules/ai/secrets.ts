import { SecretBoxError, type SecretBox } from '../../lib/secret-box.js';

// Bound to its column like the LINE channel's secret (line/secrets.ts): not usable elsewhere.
const CONTEXT = 'ai_settings.api_key';

/** Seals and opens the account's model API key (lib/secret-box.ts, SECRETS_KEY). */
export function createAiKeyBox(box: SecretBox) {
  return {
    seal: (plain: string) => box.seal(plain, CONTEXT),
    /** null when sealed under another key: the owner must enter it again. */
    open(sealed: string): string | null {
      try {
        return box.open(sealed, CONTEXT);
      } catch (error) {
        if (error instanceof SecretBoxError) return null;
        throw error;
      }
    },
  };
}

export type AiKeyBox = ReturnType<typeof createAiKeyBox>;

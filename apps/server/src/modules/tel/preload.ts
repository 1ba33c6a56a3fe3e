import { TEL_CONFIG_PRELOAD_KEY, type TelConfig } from '@tsunagu/contracts';
import type { SignedInPreload } from '../auth/index.js';

/**
 * The sender (dry-run or LINE) in the console's HTML: the tel screens show their dry-run banner
 * in the first paint, instead of pushing the buttons below it down a moment later (under the
 * operator's pointer). It never changes while the server runs.
 */
export function telConfigPreload(sender: TelConfig['sender']): SignedInPreload {
  return async () => ({ [TEL_CONFIG_PRELOAD_KEY]: { sender } satisfies TelConfig });
}

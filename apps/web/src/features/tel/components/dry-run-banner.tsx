import { TEL_TEXT } from '@tsunagu/contracts';
import { useTelConfig } from '../api/get-config';

/** In dry-run nothing reaches LINE; the operator must not think their customers got messages. */
export function DryRunBanner() {
  const config = useTelConfig();
  if (config.data?.sender !== 'dry-run') return null;
  return (
    <p className="notice notice--info tel-dry-run" role="note">
      {TEL_TEXT.dryRunBanner}
    </p>
  );
}

import { LINE_TEXT } from './line-text';

/**
 * The LINE Login channel (LIFF) needs the operator (decision 0182): a booking-page sign-in LINE
 * called a friend matched no friend, so the channel is likely in another provider. Sending goes
 * on; saving the channel settings again clears it. Nothing when all is in order.
 */
export function LoginAttention({ reason }: { reason: string }) {
  if (!reason) return null;
  return (
    <div className="notice notice--error line-paused" role="alert">
      <p className="line-paused__title">{LINE_TEXT.loginAttentionTitle}</p>
      <p>{reason}</p>
    </div>
  );
}

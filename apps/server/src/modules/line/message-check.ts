import { LineApiError, type LineClient, type LineErrorDetail } from './client.js';
import type { ChannelCredentials } from './credentials.js';

/**
 * What LINE said of messages an operator saves (decision 0192): it took them; it refused them,
 * naming each property (`messages[0].text`); the account has no channel to ask with; or LINE
 * could not be asked (unreachable, busy, the channel paused or its token refused) — the caller
 * saves anyway and says so.
 */
export type LineMessageCheck =
  | { kind: 'passed' }
  | { kind: 'refused'; message: string; details: LineErrorDetail[] }
  | { kind: 'not_connected' }
  | { kind: 'unreachable' };

export type CheckWithLine = (accountId: number, messages: unknown[]) => Promise<LineMessageCheck>;

/** `POST /v2/bot/message/validate/push` through the account's own channel. */
export function createLineMessageCheck(deps: {
  client: LineClient;
  credentials: Pick<ChannelCredentials, 'forSending'>;
}): CheckWithLine {
  return async (accountId, messages) => {
    const sending = await deps.credentials.forSending(accountId);
    if (sending.kind === 'none') return { kind: 'not_connected' };
    if (sending.kind !== 'ready') return { kind: 'unreachable' };
    try {
      await deps.client.validatePush(sending.token, messages);
      return { kind: 'passed' };
    } catch (error) {
      if (!(error instanceof LineApiError)) throw error;
      if (error.status === 400)
        return { kind: 'refused', message: error.lineMessage, details: error.details };
      return { kind: 'unreachable' };
    }
  };
}

import {
  renderedCheckFailure,
  sendableMessagesProblems,
  TEL_TEXT,
  type LineErrorDetail,
} from '@tsunagu/contracts';
import type { ClaimedMessage, Settlement } from './dispatch-repository.js';
import { retryDelayMs, type RetryPolicy } from '../../lib/back-off.js';
import { renderMessages } from './render.js';
import type { PushOutcome } from './sender.js';

const settlement = (id: number, fields: Partial<Settlement> & Pick<Settlement, 'status'>) => ({
  id,
  sentAt: null,
  reason: null,
  retryAt: null,
  ...fields,
});

/** How a failed check names a notification message's recipient (the row is the customer). */
const TEL_RECIPIENT = 'このお客様';

/**
 * What a claimed message says before any request: its LINE message objects, or the settlement
 * that ends it as cannot send (-3) — no template (TEL-27), a body that does not render, or one
 * the parameters make into something LINE refuses (a text over 5,000, an empty text …).
 */
export function prepare(
  message: ClaimedMessage,
): { messages: unknown[] } | { settlement: Settlement } {
  if (message.templateId === 0) {
    return {
      settlement: settlement(message.id, { status: -3, reason: TEL_TEXT.invalidTemplateNumber }),
    };
  }
  if (message.templateBody === null) {
    return {
      settlement: settlement(message.id, { status: -3, reason: 'テンプレートが見つかりません' }),
    };
  }
  try {
    const messages = renderMessages(message.templateBody, message.params);
    // Checked again with the customer's values in (decision 0191): LINE would refuse the request.
    const problems = sendableMessagesProblems(messages);
    if (problems.length > 0)
      return {
        settlement: settlement(message.id, {
          status: -3,
          reason: renderedCheckFailure(TEL_RECIPIENT, problems),
        }),
      };
    return { messages };
  } catch {
    return {
      settlement: settlement(message.id, {
        status: -3,
        reason: 'テンプレートの内容が正しくありません',
      }),
    };
  }
}

/** LINE's `details[]`, kept on the message when it named any (decision 0185). */
const detailsOf = (outcome: { details?: LineErrorDetail[] }) =>
  outcome.details && outcome.details.length > 0 ? { details: outcome.details } : {};

/**
 * LINE's answer as the message's new state (decision 0021): sent (3), cannot send (-3), failed
 * (-2), or back to before sending (1) with a jittered, doubling retry time until the attempts
 * run out.
 */
export function settlementOf(
  message: ClaimedMessage,
  outcome: PushOutcome,
  policy: RetryPolicy,
): Settlement {
  switch (outcome.kind) {
    case 'sent':
      return settlement(message.id, { status: 3, sentAt: new Date().toISOString() });
    case 'cannot':
      return settlement(message.id, { status: -3, reason: outcome.reason, ...detailsOf(outcome) });
    case 'failed':
      return settlement(message.id, { status: -2, reason: outcome.reason, ...detailsOf(outcome) });
    case 'unknown':
      return settlement(message.id, { status: -2, reason: outcome.reason });
    case 'token-refused':
      // Not the message's fault: back to before sending, to go once the channel is fixed.
      return settlement(message.id, { status: 1, retryAt: new Date().toISOString() });
    case 'retry':
      if (message.attempts < policy.maxAttempts) {
        const at = new Date(Date.now() + retryDelayMs(policy, message.attempts, outcome));
        return settlement(message.id, { status: 1, retryAt: at.toISOString() });
      }
      return settlement(message.id, {
        status: -2,
        reason: `${outcome.reason}、${message.attempts}回試行しました`,
      });
  }
}

import type { Database } from '../../db/types.js';
import { releaseToQueue } from './dispatch-claim.js';
import type { Lane } from './dispatch-lanes.js';
import { prepare, settlementOf } from './dispatch-outcome.js';
import type { ClaimedMessage, Settlement } from './dispatch-repository.js';
import type { CredentialSource, DispatcherLog, DispatcherOptions } from './dispatch-types.js';
import { deliveryTag, hashPhone } from './render.js';
import type { Sender } from './sender.js';

/**
 * One message through its lane (decision 0045): render, wait for the channel's rate limiter,
 * push to LINE, and answer the outcome to record — or null when the message went back to the
 * queue untouched (the lane's token was refused, before or by this request).
 */
export function createLaneSending(deps: {
  db: Database;
  sender: Sender;
  credentials: CredentialSource;
  options: DispatcherOptions;
  log: DispatcherLog;
}) {
  const { db, sender, credentials, options, log } = deps;

  /** LINE refused the lane's token: pause the lane and give its messages back, untouched. */
  async function pauseLane(lane: Lane, reason: string) {
    if (lane.token === null) return;
    lane.token = null;
    log.warn(
      { accountId: lane.accountId },
      'tel dispatcher: channel token refused, sending paused',
    );
    await credentials.markRefused(lane.accountId, reason);
    await lane.queue.releaseAll();
  }

  /** One message: render, wait for the channel's rate limiter, push to LINE, and its outcome. */
  async function send(lane: Lane, message: ClaimedMessage): Promise<Settlement | null> {
    const prepared = prepare(message);
    if ('settlement' in prepared) return prepared.settlement;
    const answered = await lane.limiter.acquire();
    if (lane.token === null) {
      answered();
      await releaseToQueue(db, [message], log);
      return null;
    }
    const outcome = await sender
      .push(
        {
          to: hashPhone(message.telE164),
          messages: prepared.messages,
          deliveryTag: deliveryTag(message.id),
        },
        lane.token,
      )
      .finally(answered);
    if (outcome.kind === 'token-refused') {
      await releaseToQueue(db, [message], log);
      await pauseLane(lane, outcome.reason);
      return null;
    }
    return settlementOf(message, outcome, options);
  }

  return send;
}

/**
 * Push messages to friends (decision 0130): `createPushQueue` queues them (the online actions,
 * the day-before reminder, issue 14's templates and journeys), the dispatcher sends them through
 * `POST /v2/bot/message/push` with a retry key, in the API process or `npm run worker`.
 */
export { createPushQueue, textMessage, type PushQueue } from './queue.js';
export { createPushDispatcher, BLOCKED_REASON, type PushDispatcher } from './dispatcher.js';
export { pushDispatcherFromConfig } from './jobs.js';
export { createLinePushSender, createDryRunPushSender } from './sender.js';
export { findPushResult } from './repository.js';
export { MULTICAST_MAX } from './queue-writes.js';
export { expandFanOuts, FAN_OUT_KEY_PREFIX } from './fan-out.js';

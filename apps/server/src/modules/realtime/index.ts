/**
 * Realtime reservation events (RT-01..14, decision 0011): the publisher services call after
 * commit, the hub that fans events out across processes (LISTEN/NOTIFY), the SSE stream and the
 * settings call.
 */
export { realtimeEventRoutes, realtimeSettingsRoutes } from './routes.js';
export { createRealtimeHub, type RealtimeHub } from './hub.js';
export {
  createEventPublisher,
  type PublishEvents,
  type RecordEvents,
  type SalonEventDraft,
} from './publisher.js';
export {
  ACCOUNT_EVENTS_CHANNEL,
  accountNotifyCall,
  announceAccountEvent,
  createAccountEvents,
  type AccountEvents,
  type AccountEventDraft,
  type PublishAccountEvent,
} from './account-events.js';
export { accountStreamRoutes } from './account-stream-routes.js';

import type { LineWebhookHandlerEntry } from './modules/line/index.js';
import { recordFriendEvents } from './modules/friends/index.js';
import { recordDeliveryReport } from './modules/tel/index.js';
import { recordChatEvents } from './modules/chats/index.js';

/**
 * What each recorded LINE webhook event is handed to, in this order (decision 0195): tel
 * (delivery reports of notification messages), friends (follow, unfollow, message), chats
 * (a friend's messages and unsend, after friends: the friend exists by then). Each handler runs
 * over a whole batch before the next (friends and chats set-based, decision 0245). The API
 * process and `npm run worker` run the same list.
 */
export const lineWebhookHandlers: readonly LineWebhookHandlerEntry[] = [
  recordDeliveryReport,
  recordFriendEvents,
  recordChatEvents,
];

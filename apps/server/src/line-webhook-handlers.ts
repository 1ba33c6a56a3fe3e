import type { Config } from './config.js';
import type { LineWebhookHandlerEntry } from './modules/line/index.js';
import { recordFriendEvents } from './modules/friends/index.js';
import { recordDeliveryReport } from './modules/tel/index.js';
import { recordChatEvents } from './modules/chats/index.js';
import { actionsWebhookHandler } from './modules/actions/index.js';

/**
 * What each recorded LINE webhook event is handed to, in this order (decision 0195): tel
 * (delivery reports of notification messages), friends (follow, unfollow, message), chats
 * (a friend's messages and unsend, after friends: the friend exists by then), actions (the
 * greeting and follow actions, postbacks' action sets; after friends, issue 25). Each handler
 * runs over a whole batch before the next (friends and chats set-based, decision 0245; actions
 * event by event). The API process and `npm run worker` run the same list.
 */
export function lineWebhookHandlers(config: Config): readonly LineWebhookHandlerEntry[] {
  return [
    recordDeliveryReport,
    recordFriendEvents,
    recordChatEvents,
    actionsWebhookHandler(config),
  ];
}

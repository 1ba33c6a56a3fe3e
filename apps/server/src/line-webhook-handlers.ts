import type { Config } from './config.js';
import type { LineWebhookHandler } from './modules/line/index.js';
import { recordFriendEvent } from './modules/friends/index.js';
import { recordDeliveryReport } from './modules/tel/index.js';
import { recordChatEvent } from './modules/chats/index.js';
import { actionsWebhookHandler } from './modules/actions/index.js';

/**
 * What each recorded LINE webhook event is handed to, in this order (decision 0195): tel
 * (delivery reports of notification messages), friends (follow, unfollow, message), chats
 * (a friend's messages and unsend, after friends: the friend exists by then), actions (the
 * greeting and follow actions, postbacks' action sets; after friends, issue 25). The API
 * process and `npm run worker` run the same list.
 */
export function lineWebhookHandlers(config: Config): readonly LineWebhookHandler[] {
  return [recordDeliveryReport, recordFriendEvent, recordChatEvent, actionsWebhookHandler(config)];
}

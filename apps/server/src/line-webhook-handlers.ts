import type { Config } from './config.js';
import type { LineWebhookHandlerEntry } from './modules/line/index.js';
import { recordFriendEvents } from './modules/friends/index.js';
import { recordDeliveryReport } from './modules/tel/index.js';
import { recordChatEvents } from './modules/chats/index.js';
import { actionDepsOf, actionsWebhookHandler } from './modules/actions/index.js';
import { createTrackersWebhookHandler, trackerSkipsGreeting } from './modules/trackers/index.js';
import { autoReplyWebhookHandler } from './modules/ai/index.js';

/**
 * What each recorded LINE webhook event is handed to, in this order (decision 0195): tel
 * (delivery reports of notification messages), friends (follow, unfollow, message), chats
 * (a friend's messages and unsend, after friends: the friend exists by then), actions (the
 * greeting and follow actions, postbacks' action sets; after friends, issue 25). Each handler
 * runs over a whole batch before the next (friends and chats set-based, decision 0245; actions
 * event by event); the automatic answers (issue 31) queue a friend's text after chats stored it.
 * The API process and `npm run worker` run the same list. `clock`: the AI module's (tests fix
 * it), which says whether the salon is open.
 */
export function lineWebhookHandlers(
  config: Config,
  options: { clock?: () => Date } = {},
): readonly LineWebhookHandlerEntry[] {
  return [
    recordDeliveryReport,
    recordFriendEvents,
    recordChatEvents,
    autoReplyWebhookHandler({ clock: options.clock }),
    // Ties a new friend to the tracker they came through, before the greeting (issue 29).
    createTrackersWebhookHandler(actionDepsOf(config)),
    actionsWebhookHandler(config, trackerSkipsGreeting),
  ];
}

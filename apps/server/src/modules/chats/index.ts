import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { createLineClient, lineParts } from '../line/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';
import { createMediaFetcher, type MediaFetcher } from './media-fetcher.js';
import { chatMarkRoutes } from './mark-routes.js';
import { chatRoutes } from './routes.js';
import { createChatSender } from './send.js';
import { createChatService } from './service.js';

export { recordChatEvents } from './webhook.js';
export { touchThreadsOfPushes } from './threads.js';
export { REPLY_TOKEN_SECONDS } from './reply-token.js';
export { createMediaFetcher, type MediaFetcher } from './media-fetcher.js';
export { announceChat } from './events.js';
export { seedDemoChats } from './seed.js';
export { followChatState, writeThread } from './board-link.js';

/**
 * 1:1 chat with LINE friends (issue 24): `/api/line/chats…`; the media fetcher (friends' images
 * and files from LINE's data API) runs in this process. Live events go out on the account's
 * stream (`kind: 'chat'`, decision 0236).
 * Friends' messages are stored by the webhook handler `recordChatEvents` (line-webhook-handlers).
 */
export async function chatsModule(api: FastifyInstance) {
  const { config, db } = api;
  const { credentials, client, sender } = chatSenderFromConfig(db, config);
  await api.register(chatRoutes, {
    chats: createChatService({ db, sender, client, credentials, log: api.log }),
  });
  await api.register(chatMarkRoutes);
}

/**
 * The chat's sender (reply token while fresh, else push) as this process builds it, with the
 * LINE client and credentials it uses; the automatic answers (modules/ai) send through it too.
 */
export function chatSenderFromConfig(db: Database, config: Config) {
  const { credentials } = lineParts(db, config);
  // Replies wait as long as pushes do (TEL_REQUEST_TIMEOUT_MS), then are asked once more.
  const client = createLineClient(config.LINE_API_BASE, config.TEL_REQUEST_TIMEOUT_MS);
  const sender = createChatSender({
    db,
    client,
    credentials,
    pushes: createPushQueue(),
    renderMessage: createFriendMessageRenderer(db, config.PUBLIC_ORIGIN),
    replyToLine: config.LINE_PUSH_SENDER === 'line',
  });
  return { credentials, client, sender };
}

/**
 * The media fetcher of a process (the app decorates itself with it as `chatMedia`, so tests
 * can run it until idle): fetches friends' media from LINE_DATA_API_BASE in the background.
 */
export function chatMediaFetcher(api: FastifyInstance) {
  const fetcher = createMediaFetcher({
    db: api.db,
    dataApiBase: api.config.LINE_DATA_API_BASE,
    maxBytes: api.config.CHAT_MEDIA_MAX_BYTES,
    credentials: lineParts(api.db, api.config).credentials,
    listen: api.dbListen,
    log: api.log,
  });
  api.decorate('chatMedia', fetcher);
  api.addHook('onReady', () => fetcher.start());
  api.addHook('onClose', () => fetcher.stop());
  return fetcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's media fetcher (tests run it until idle). */
    chatMedia: MediaFetcher;
  }
}
export { setThreadState } from './state.js';
export type { ChatSender } from './send.js';

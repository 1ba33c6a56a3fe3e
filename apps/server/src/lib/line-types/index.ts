/**
 * LINE's own types, generated from its OpenAPI definitions (`line/line-openapi`, copied into
 * apps/server/line-openapi with the commit they came from; `npm run line-types -w
 * @tsunagu/server` regenerates `*.gen.ts`). Never written by hand (decision 0197).
 */
import type { components as MessagingApi } from './messaging-api.gen.js';
import type { components as Webhook } from './webhook.gen.js';

type WebhookSchemas = Webhook['schemas'];
type MessagingSchemas = MessagingApi['schemas'];

/** The body of a webhook call (`destination`, `events`). */
export type LineCallbackRequest = WebhookSchemas['CallbackRequest'];

/**
 * Every webhook event webhook.yml defines: each of its schemas that is an event (it has a
 * `webhookEventId`) with its own `type` — the members of `Event`'s discriminator mapping.
 */
export type LineEvent = {
  [K in keyof WebhookSchemas]: WebhookSchemas[K] extends { webhookEventId: string; type: infer T }
    ? string extends T
      ? never
      : WebhookSchemas[K]
    : never;
}[keyof WebhookSchemas];
export type LineEventType = LineEvent['type'];
/** The fields every event has (the `Event` schema itself). */
export type LineEventBase = WebhookSchemas['Event'];

export type LineFollowEvent = WebhookSchemas['FollowEvent'];
export type LineUnfollowEvent = WebhookSchemas['UnfollowEvent'];
export type LineMessageEvent = WebhookSchemas['MessageEvent'];
export type LinePostbackEvent = WebhookSchemas['PostbackEvent'];
/** `unsend`: the user took a message back. */
export type LineUnsendEvent = WebhookSchemas['UnsendEvent'];
/** `delivery`: a notification message (PNP) reached the user. */
export type LineDeliveryEvent = WebhookSchemas['PnpDeliveryCompletionEvent'];
export type LineSource =
  WebhookSchemas['UserSource'] | WebhookSchemas['GroupSource'] | WebhookSchemas['RoomSource'];

/** One message object of the Messaging API (text, flex, image …). */
export type LineMessage = MessagingSchemas['Message'];
/** `POST /v2/bot/message/push`. */
export type LinePushMessageRequest = MessagingSchemas['PushMessageRequest'];
/** `POST /v2/bot/message/multicast`. */
export type LineMulticastRequest = MessagingSchemas['MulticastRequest'];
/** `POST /v2/bot/message/reply`. */
export type LineReplyMessageRequest = MessagingSchemas['ReplyMessageRequest'];
/** `POST /v2/bot/chat/loading/start`: the loading animation in a friend's chat. */
export type LineShowLoadingAnimationRequest = MessagingSchemas['ShowLoadingAnimationRequest'];
/** `POST /bot/pnp/push` (notification messages by phone number). */
export type LinePnpMessagesRequest = MessagingSchemas['PnpMessagesRequest'];
/** `PUT /v2/bot/channel/webhook/endpoint`. */
export type LineSetWebhookEndpointRequest = MessagingSchemas['SetWebhookEndpointRequest'];
/** `POST /v2/bot/channel/webhook/test`. */
export type LineTestWebhookEndpointRequest = MessagingSchemas['TestWebhookEndpointRequest'];

/**
 * The messages we keep (template bodies, rendered pushes) as LINE's message objects. They were
 * checked against LINE's message rules when saved (contracts' `line-message-rules.ts`); this is
 * the one place that says so to the type checker.
 */
export function asLineMessages(messages: readonly unknown[]): LineMessage[] {
  return messages as LineMessage[];
}

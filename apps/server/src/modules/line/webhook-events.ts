import { z } from 'zod';
import type {
  LineDeliveryEvent,
  LineFollowEvent,
  LineMessageEvent,
  LinePostbackEvent,
  LineUnfollowEvent,
  LineUnsendEvent,
} from '../../lib/line-types/index.js';

/**
 * The webhook's checks at the edge (decision 0197): what webhook.yml says LINE sends, for the
 * fields every event has and, in full, for the events our handlers take. The type tests
 * (`webhook-events.test.ts`) hold each schema's output assignable to LINE's generated type, so a
 * check can never let through what LINE's definition would not. Objects are loose: what LINE adds
 * beyond its definition is kept in the recorded event.
 */
const source = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('user'), userId: z.string().optional() }),
  z.looseObject({
    type: z.literal('group'),
    groupId: z.string(),
    userId: z.string().optional(),
  }),
  z.looseObject({ type: z.literal('room'), roomId: z.string(), userId: z.string().optional() }),
]);

/** `Event`: what every webhook event has. `webhookEventId` is a ULID; 100 is our column's bound. */
const envelope = {
  type: z.string().min(1).max(50),
  source: source.optional(),
  timestamp: z.number().int(),
  mode: z.enum(['active', 'standby']),
  webhookEventId: z.string().min(1).max(100),
  deliveryContext: z.looseObject({ isRedelivery: z.boolean() }),
};
export const lineEventEnvelopeSchema = z.looseObject(envelope);

export const followEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('follow'),
  replyToken: z.string(),
  follow: z.looseObject({ isUnblocked: z.boolean() }),
});
export const unfollowEventSchema = z.looseObject({ ...envelope, type: z.literal('unfollow') });
export const messageEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('message'),
  replyToken: z.string().optional(),
  message: z.looseObject({ type: z.string(), id: z.string() }),
});
export const postbackEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('postback'),
  replyToken: z.string().optional(),
  postback: z.looseObject({
    data: z.string(),
    params: z.record(z.string(), z.string()).optional(),
  }),
});
/** `unsend`: the friend took a message back (the chat hides it, issue 24). */
export const unsendEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('unsend'),
  unsend: z.looseObject({ messageId: z.string().min(1).max(100) }),
});
export const deliveryEventSchema = z.looseObject({
  ...envelope,
  type: z.literal('delivery'),
  delivery: z.looseObject({ data: z.string() }),
});

/** The events handlers are given, checked in full. Others are recorded, and nothing handles them. */
export const handledEventSchema = z.discriminatedUnion('type', [
  followEventSchema,
  unfollowEventSchema,
  messageEventSchema,
  postbackEventSchema,
  deliveryEventSchema,
  unsendEventSchema,
]);

/**
 * The webhook's body as the OpenAPI document describes it (issue 28): the bot's user id and the
 * events — those we handle in full, any other with the fields every event has. Loose, as LINE
 * adds fields. The route itself reads the raw bytes (the signature is over them) and checks
 * each event with the schemas above.
 */
/** A bot's user id, as LINE's webhook.yml defines `destination`. */
export const LINE_BOT_USER_ID = /^U[0-9a-f]{32}$/;

export const lineWebhookBodySchema = z.looseObject({
  destination: z
    .string()
    .regex(LINE_BOT_USER_ID)
    .describe('Webhook を受けたボットのユーザー ID（どのチャネルかをこれで決める）'),
  events: z
    .array(z.union([handledEventSchema, lineEventEnvelopeSchema]))
    .describe('イベント（検証の呼び出しでは空）。ここにない type のものも届き、記録だけされます'),
});

/** One event a handler is given: LINE's own type of it (webhook.yml). */
export type LineWebhookEvent =
  | LineFollowEvent
  | LineUnfollowEvent
  | LineMessageEvent
  | LinePostbackEvent
  | LineDeliveryEvent
  | LineUnsendEvent;

const HANDLED_TYPES: ReadonlySet<string> = new Set(
  handledEventSchema.options.map((option) => option.shape.type.value),
);

export type CheckedEvent =
  /** To record and hand to the handlers. */
  | { kind: 'handled'; event: LineWebhookEvent; subject: string | null }
  /** To record only (de-duplication), a type no handler takes. */
  | { kind: 'other'; webhookEventId: string; type: string }
  /** Not what LINE's definition says: neither recorded nor handled (logged). */
  | { kind: 'invalid'; webhookEventId: string | null; issues: string };

/** Whose events must keep their order: the friend, or the group or room it happened in. */
function subjectOf(from: z.output<typeof source> | undefined): string | null {
  if (!from) return null;
  if (from.type === 'group') return from.groupId;
  if (from.type === 'room') return from.roomId;
  return from.userId ?? null;
}

function idOf(raw: unknown): string | null {
  const id = (raw as { webhookEventId?: unknown } | null)?.webhookEventId;
  return typeof id === 'string' ? id.slice(0, 100) : null;
}

function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

/** Checks one event of a webhook body against LINE's definition. */
export function checkEvent(raw: unknown): CheckedEvent {
  const base = lineEventEnvelopeSchema.safeParse(raw);
  if (!base.success)
    return { kind: 'invalid', webhookEventId: idOf(raw), issues: issuesOf(base.error) };
  if (!HANDLED_TYPES.has(base.data.type))
    return { kind: 'other', webhookEventId: base.data.webhookEventId, type: base.data.type };
  const handled = handledEventSchema.safeParse(raw);
  if (!handled.success)
    return { kind: 'invalid', webhookEventId: idOf(raw), issues: issuesOf(handled.error) };
  const event: LineWebhookEvent = handled.data;
  return { kind: 'handled', event, subject: subjectOf(handled.data.source) };
}

/** A recorded event read back for handling (it was checked when recorded). */
export function recordedEvent(payload: unknown): LineWebhookEvent {
  return handledEventSchema.parse(typeof payload === 'string' ? JSON.parse(payload) : payload);
}

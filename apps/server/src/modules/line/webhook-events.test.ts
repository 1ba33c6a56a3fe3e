import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  LineDeliveryEvent,
  LineEvent,
  LineEventBase,
  LineEventType,
  LineFollowEvent,
  LineMessageEvent,
  LinePostbackEvent,
  LineUnfollowEvent,
  LineUnsendEvent,
} from '../../lib/line-types/index.js';
import type {
  deliveryEventSchema,
  followEventSchema,
  handledEventSchema,
  lineEventEnvelopeSchema,
  messageEventSchema,
  postbackEventSchema,
  unfollowEventSchema,
  unsendEventSchema,
} from './webhook-events.js';
import { checkEvent, type LineWebhookEvent } from './webhook-events.js';

const follow = {
  type: 'follow',
  mode: 'active',
  timestamp: 1_800_000_000_000,
  webhookEventId: '01HTYPES000000000000000001',
  deliveryContext: { isRedelivery: false },
  source: { type: 'user', userId: `U${'a'.repeat(32)}` },
  replyToken: 'r',
  follow: { isUnblocked: true },
};

/**
 * Decision 0197: the webhook's checks agree with LINE's own definition. The type assertions are
 * checked by `npm run typecheck` (tsc compiles this file); the runtime cases show what is kept
 * out.
 */
describe('webhook events checked against LINE’s definition (webhook.yml)', () => {
  it('each check’s output is LINE’s generated type of that event', () => {
    expectTypeOf<z.output<typeof followEventSchema>>().toExtend<LineFollowEvent>();
    expectTypeOf<z.output<typeof unfollowEventSchema>>().toExtend<LineUnfollowEvent>();
    expectTypeOf<z.output<typeof messageEventSchema>>().toExtend<LineMessageEvent>();
    expectTypeOf<z.output<typeof postbackEventSchema>>().toExtend<LinePostbackEvent>();
    expectTypeOf<z.output<typeof deliveryEventSchema>>().toExtend<LineDeliveryEvent>();
    expectTypeOf<z.output<typeof unsendEventSchema>>().toExtend<LineUnsendEvent>();
    expectTypeOf<z.output<typeof lineEventEnvelopeSchema>>().toExtend<LineEventBase>();
    // What handlers are given is a part of LINE's union of every event, checked in full.
    expectTypeOf<z.output<typeof handledEventSchema>>().toExtend<LineWebhookEvent>();
    expectTypeOf<LineWebhookEvent>().toExtend<LineEvent>();
    // The handled types are LINE's names of them.
    expectTypeOf<LineWebhookEvent['type']>().toExtend<LineEventType>();
    expectTypeOf<
      'follow' | 'unfollow' | 'message' | 'postback' | 'delivery' | 'unsend'
    >().toEqualTypeOf<LineWebhookEvent['type']>();
  });

  it('LINE’s union knows every event type of its discriminator mapping', () => {
    expectTypeOf<LineEventType>().toEqualTypeOf<
      | 'message'
      | 'unsend'
      | 'follow'
      | 'unfollow'
      | 'join'
      | 'leave'
      | 'memberJoined'
      | 'memberLeft'
      | 'postback'
      | 'videoPlayComplete'
      | 'beacon'
      | 'accountLink'
      | 'membership'
      | 'module'
      | 'activated'
      | 'deactivated'
      | 'botSuspended'
      | 'botResumed'
      | 'delivery'
    >();
  });

  it('keeps what LINE sends beyond the fields read, and finds whose events must stay in order', () => {
    const checked = checkEvent({ ...follow, extra: { kept: 1 } });
    expect(checked).toMatchObject({ kind: 'handled', subject: `U${'a'.repeat(32)}` });
    expect(checked.kind === 'handled' && checked.event).toMatchObject({ extra: { kept: 1 } });
    const inGroup = checkEvent({
      ...follow,
      type: 'message',
      source: { type: 'group', groupId: `C${'b'.repeat(32)}` },
      message: { id: '1', type: 'sticker' },
    });
    expect(inGroup).toMatchObject({ kind: 'handled', subject: `C${'b'.repeat(32)}` });
  });

  it('records events no handler takes, and leaves out what LINE’s definition would not send', () => {
    expect(checkEvent({ ...follow, type: 'join' })).toEqual({
      kind: 'other',
      webhookEventId: follow.webhookEventId,
      type: 'join',
    });
    // A follow without its follow detail, a message without its message, a bad mode, no id.
    for (const [raw, path] of [
      [{ ...follow, follow: undefined }, 'follow'],
      [{ ...follow, type: 'message', replyToken: undefined }, 'message'],
      [{ ...follow, mode: 'sleeping' }, 'mode'],
      [{ ...follow, timestamp: '1' }, 'timestamp'],
      [{ ...follow, source: { type: 'group' } }, 'source.groupId'],
    ] as const) {
      const checked = checkEvent(raw);
      expect(checked.kind, path).toBe('invalid');
      expect(checked.kind === 'invalid' && checked.issues, path).toContain(`${path}:`);
    }
    expect(checkEvent({ type: 'follow' })).toMatchObject({ kind: 'invalid', webhookEventId: null });
    expect(checkEvent(null)).toMatchObject({ kind: 'invalid' });
  });
});

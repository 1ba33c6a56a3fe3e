import type { Journey, JourneyGroup, JourneyTag } from '@tsunagu/contracts';
import { reply, type FakeHandler } from '@test/fake-api';

export const journey = (id: number, name: string, extra: Partial<Journey> = {}): Journey => ({
  id,
  name,
  group_id: null,
  order: 1,
  favorite: false,
  favorite_order: null,
  is_active: true,
  entry: { kind: 'trigger' },
  steps: [],
  running_count: 0,
  finished_count: 0,
  updated_at: '2026-11-24T00:00:00Z',
  ...extra,
});

export const GROUPS: JourneyGroup[] = [
  { id: 1, name: '新規のお客さま', order: 1 },
  { id: 2, name: '常連さま', order: 2 },
];

export const JOURNEYS: Journey[] = [
  journey(10, '初回来店のお礼', { group_id: 1, order: 1, running_count: 3, finished_count: 12 }),
  journey(11, '2回目のご案内', { group_id: 1, order: 2, is_active: false }),
  journey(12, '誕生日', { group_id: 2, order: 1, favorite: true, favorite_order: 1 }),
  journey(13, '休眠のお客さま', { order: 1, favorite: true, favorite_order: 2 }),
];

export const TAGS: JourneyTag[] = [
  { id: 21, name: 'お礼済み', order: 1, member_count: 4 },
  { id: 22, name: '再来店', order: 2, member_count: 0 },
];

/** The reads every journey screen makes, over lists the test may change. */
export function journeyApi(state = { journeys: JOURNEYS, groups: GROUPS, tags: TAGS }) {
  const handlers: Record<string, FakeHandler> = {
    'GET /api/journeys': () => reply(200, state.journeys),
    'GET /api/journey_groups': () => reply(200, state.groups),
    'GET /api/journey_tags': () => reply(200, state.tags),
    'GET /api/templates': () =>
      reply(200, {
        groups: [],
        items: [
          {
            id: 31,
            name: 'ご来店のお礼',
            kind: 'standard',
            group_id: null,
            favorite: false,
            order: 1,
            message_count: 1,
            preview: 'ありがとうございました',
            updated_at: '2026-11-24T00:00:00Z',
          },
        ],
      }),
    'GET /api/line/tags': () =>
      reply(200, {
        groups: [],
        tags: [{ id: 41, name: '来店済み', group_id: null, order: 1, friend_count: 0 }],
      }),
    'GET /api/journey/member_queries': () =>
      reply(200, [
        {
          id: 51,
          name: '常連',
          match: 'all',
          conditions: [{ kind: 'follow', state: 'following' }],
          member_count: 0,
          updated_at: '2026-11-24T00:00:00Z',
        },
      ]),
    'GET /api/salons': () => reply(200, [{ id: 61, name: '渋谷店' }]),
  };
  return { state, handlers };
}

import type { ActionSet } from '@tsunagu/contracts';
import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeStarts, linePushes, members } from '../../db/schema/index.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { createEpisodeScheduler } from '../episodes/index.js';
import { createPushQueue } from '../line-push/index.js';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const silent = { error() {} };

function postback(user: string, data: string, webhookEventId: string) {
  return {
    type: 'postback',
    mode: 'active',
    timestamp: Date.now(),
    webhookEventId,
    deliveryContext: { isRedelivery: false },
    source: { type: 'user', userId: user },
    replyToken: 'postback-token',
    postback: { data },
  };
}

/**
 * The action 「エピソードを開始する」 (issue 25, decision 0383): a rich menu area's or a flex
 * button's action set starts the episode for the friend who tapped, timed from the run — once
 * per cause, even when LINE delivers the event again; its steps go once each at their time.
 */
describe('start_episode action', () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;
  const salon = fakeChannel(91);
  let episodeId: number;
  let followId: number;
  let theirEpisode: number;
  let now = new Date();

  const ok = async <T>(response: { statusCode: number; body: string; json(): T }, code = 200) => {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  };
  const template = async (name: string, text: string) =>
    (
      await ok<{ id: number }>(
        await demo.post('/api/templates', {
          name,
          group_id: null,
          messages: [{ type: 'text', text }],
        }),
        201,
      )
    ).id;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [salon] });
    t = await createTestApp({ LINE_API_BASE: line.url, SECRETS_KEY: TEST_SECRETS_KEY });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, salon);
    const welcome = await template('体験のご案内', '体験レッスンのご案内です');
    const nextDay = await template('翌日のフォロー', '昨日はありがとうございました');
    const dayBefore = await template('前日', '明日お待ちしています');
    episodeId = (
      await ok<{ id: number }>(
        await demo.post('/api/episodes', { name: '体験の流れ', type: 10 }),
        201,
      )
    ).id;
    await ok(
      await demo.post(`/api/episodes/${episodeId}/steps`, {
        steps: [
          { anchor: 'booked', offset_days: 0, at_time: null, template_id: welcome },
          { anchor: 'visit', offset_days: 1, at_time: '10:00', template_id: nextDay },
          // Before the start: never sent (a start replays nothing).
          { anchor: 'visit', offset_days: -1, at_time: '19:00', template_id: dayBefore },
        ],
      }),
    );
    followId = (
      await ok<{ id: number }>(
        await demo.post('/api/episodes', { name: 'フォロー', type: 20 }),
        201,
      )
    ).id;
    theirEpisode = (
      await ok<{ id: number }>(await other.post('/api/episodes', { name: '他店', type: 10 }), 201)
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('saving refuses a follow and another account’s episode, naming the field', async () => {
    for (const id of [followId, theirEpisode]) {
      const refused = await demo.post('/api/line/action_sets', {
        name: '開始',
        actions: [{ type: 'start_episode', episode_id: id }],
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['actions.0.episode_id'][0]).toContain(
        'エピソードが見つかりません',
      );
    }
  });

  it('a postback delivered twice starts the episode once; each step goes once at its time', async () => {
    const set = await ok<ActionSet>(
      await demo.post('/api/line/action_sets', {
        name: '体験を申し込む',
        actions: [{ type: 'start_episode', episode_id: episodeId }],
      }),
      201,
    );
    const user = `U${'e'.repeat(24)}00000001`;
    await deliverWebhook(t.app, salon, [userEvent('follow', user)]);
    const tap = postback(user, set.postback_data, '01TESTEPISODESTART000000001');
    await deliverWebhook(t.app, salon, [tap]);
    await deliverWebhook(t.app, salon, [tap]);
    const [friend] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, user));
    const starts = await t.app.db
      .select()
      .from(episodeStarts)
      .where(eq(episodeStarts.memberId, friend!.id));
    expect(starts).toHaveLength(1);
    expect(starts[0]!.episodeId).toBe(episodeId);

    const scheduler = () =>
      createEpisodeScheduler({
        db: t.app.db,
        pushes: createPushQueue({ clock: () => now }),
        log: silent,
        clock: () => now,
      });
    const stepPushes = async () =>
      (await t.app.db.select().from(linePushes).where(like(linePushes.dedupeKey, 'eps:%')))
        .filter((push) => push.memberId === friend!.id)
        .map((push) => JSON.stringify(push.messages));
    // The demo's salons run their own episodes: only this friend's started steps are counted.
    now = new Date();
    await scheduler().runOnce();
    await scheduler().runOnce();
    expect(await stepPushes()).toEqual([expect.stringContaining('体験レッスンのご案内です')]);
    // The next day at 10:00 Tokyo: the +1 step, once, by two schedulers.
    const startDay = todayInTokyo(starts[0]!.startedAt);
    now = tokyoInstant(addDaysToDateValue(startDay, 1), '10:00:00');
    await Promise.all([scheduler().runOnce(), scheduler().runOnce()]);
    await scheduler().runOnce();
    const sent = await stepPushes();
    expect(sent).toHaveLength(2);
    expect(sent.join()).toContain('昨日はありがとうございました');
    expect(sent.join()).not.toContain('明日お待ちしています');
  });
});

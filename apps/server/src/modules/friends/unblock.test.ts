import type { Episode, Friend } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel, deliverWebhook, userEvent } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { openSalonTest } from '../../../test/salon/fixtures.js';
import { members } from '../../db/schema/index.js';
import { createEpisodeScheduler } from '../episodes/index.js';
import { createJourneyScheduler } from '../journeys/index.js';
import { createPushQueue } from '../line-push/index.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';

const silent = { error() {} };
const user = (n: number) => `U${'b'.repeat(24)}${n.toString(16).padStart(8, '0')}`;

/**
 * Issue 23 (decision 0180): `follow.isUnblocked` is not a new follow. A follow journey and a
 * follow episode greet a first follow once; a friend who blocks and unblocks keeps the first
 * follow's time and gets nothing of a first follow again — webhook, schedulers and the app's own
 * dispatcher against the fake LINE, as in production.
 */
describe(`an unblock is not a new follow (${databaseKind})`, () => {
  let line: FakeLine;
  let opened: Awaited<ReturnType<typeof openSalonTest>>;
  const channel = fakeChannel(61);
  let now = new Date();
  const clock = () => now;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }

  /** What a minute of the running app does: both schedulers, then the dispatcher sends. */
  async function runSchedulers() {
    // Now: what the schedulers queue is due at once for the dispatcher (real time).
    now = new Date();
    const db = opened.t.app.db;
    await createJourneyScheduler({
      db,
      pushes: createPushQueue({ clock }),
      rendererFor: (executor) => createFriendMessageRenderer(executor),
      log: silent,
      clock,
    }).runOnce();
    await createEpisodeScheduler({
      db,
      pushes: createPushQueue({ clock }),
      log: silent,
      clock,
    }).runOnce();
    await deliverQueuedPushes(opened.t, line);
  }

  /** The texts the fake LINE delivered to a user, in order. */
  const textsTo = (userId: string) =>
    line.requests
      .filter((request) => request.status === 200 && request.body.to === userId)
      .flatMap((request) => request.body.messages.map((m) => (m as { text: string }).text))
      .sort();

  /** The friend as the console shows them (`GET /api/line/friends/{id}`). */
  async function friendOf(userId: string): Promise<Friend> {
    const [row] = await opened.t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, userId));
    return ok<Friend>(await opened.demo.get(`/api/line/friends/${row!.id}`));
  }

  beforeAll(async () => {
    line = await startFakeLine({ channels: [channel] });
    opened = await openSalonTest({ LINE_API_BASE: line.url });
    const { demo, salonId } = opened;
    await connectChannel(demo, channel);
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
    const journeyGreeting = await template('友だち追加ジャーニー', 'ジャーニー: ようこそ');
    const episodeGreeting = await template('友だち追加フォロー', 'フォロー: ようこそ');
    await ok(
      await demo.post('/api/journeys', {
        name: '友だち追加のごあいさつ',
        group_id: null,
        is_active: true,
        entry: { kind: 'follow' },
        steps: [{ kind: 'send', template_id: journeyGreeting }],
      }),
      201,
    );
    const follow = await ok<Episode>(
      await demo.post('/api/episodes', { name: '友だち追加後', type: 20 }),
      201,
    );
    await ok(
      await demo.post(`/api/episodes/${follow.id}/steps`, {
        steps: [
          { anchor: 'followed', offset_days: 0, at_time: null, template_id: episodeGreeting },
        ],
      }),
    );
    await ok(
      await demo.patch(`/api/line/slot_groups/${salonId}/salon?attr=follow_id`, {
        value: follow.id,
      }),
    );
  }, 300_000);
  afterAll(async () => {
    await opened.t.close();
    await line.close();
  });

  const bothGreetings = ['ジャーニー: ようこそ', 'フォロー: ようこそ'];

  it('a first follow starts the follow journey and the follow episode once', async () => {
    const hanako = user(1);
    await deliverWebhook(opened.t.app, channel, [userEvent('follow', hanako)]);
    await runSchedulers();
    expect(textsTo(hanako)).toEqual(bothGreetings);
    await runSchedulers();
    expect(textsTo(hanako)).toEqual(bothGreetings);
  });

  it('block then unblock: following again, the first follow time kept, the unblock recorded, nothing sent', async () => {
    const hanako = user(1);
    const before = await friendOf(hanako);
    const blockedAt = Date.now() + 1_000;
    await deliverWebhook(opened.t.app, channel, [
      userEvent('unfollow', hanako, { timestamp: blockedAt }),
    ]);
    expect((await friendOf(hanako)).follow_state).toBe('blocked');
    const unblockedAt = blockedAt + 1_000;
    await deliverWebhook(opened.t.app, channel, [
      userEvent('follow', hanako, { unblocked: true, timestamp: unblockedAt }),
    ]);
    const after = await friendOf(hanako);
    expect(after).toMatchObject({
      follow_state: 'following',
      followed_at: before.followed_at,
      unblocked_at: new Date(unblockedAt).toISOString(),
      unfollowed_at: null,
    });
    await runSchedulers();
    expect(textsTo(hanako)).toEqual(bothGreetings);
  });

  it('an unblock of someone followed before the channel was connected starts nothing; a later first follow does', async () => {
    const taro = user(2);
    await deliverWebhook(opened.t.app, channel, [userEvent('follow', taro, { unblocked: true })]);
    await runSchedulers();
    expect(await friendOf(taro)).toMatchObject({ follow_state: 'following', followed_at: null });
    expect(textsTo(taro)).toEqual([]);

    const jiro = user(3);
    await deliverWebhook(opened.t.app, channel, [userEvent('follow', jiro)]);
    await runSchedulers();
    expect(textsTo(jiro)).toEqual(bothGreetings);
  });
});

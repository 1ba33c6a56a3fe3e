import { addDaysToDateValue, type Episode } from '@tsunagu/contracts';
import { and, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePushes, members, memberTags } from '../../db/schema/index.js';
import { databaseKind, signIn } from '../../../test/helpers/test-app.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { tokyoInstant } from '../../lib/tokyo-time.js';
import { createPushQueue } from '../line-push/index.js';
import { createEpisodeScheduler, stepKeys } from './index.js';

const silent = { error() {} };
type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Episodes and follows (issue 14, EPI-01..08, decision 0167): the calls of spec §7, and the
 * scheduler on a fake clock in Asia/Tokyo against reservations made on the booking page and
 * changed by staff through the console's routes — each step queued once, at its time.
 */
describe(`episodes and follows (${databaseKind})`, () => {
  let page: BookingPage;
  let other: Client;
  let now: Date;
  let scheduler: ReturnType<typeof createEpisodeScheduler>;
  const templates: Record<'thanks' | 'reminder' | 'after' | 'welcome', number> = {
    thanks: 0,
    reminder: 0,
    after: 0,
    welcome: 0,
  };
  let inEpisode = 0;
  let episode: Episode;
  let dayBefore: string;
  let dayAfter: string;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const template = async (name: string, text: string) =>
    (
      await ok<{ id: number }>(
        await page.demo.post('/api/templates', {
          name,
          group_id: null,
          messages: [{ type: 'text', text }],
        }),
        201,
      )
    ).id;
  const stepPushes = () =>
    page.t.app.db
      .select()
      .from(linePushes)
      .where(or(like(linePushes.dedupeKey, 'epi:%'), like(linePushes.dedupeKey, 'fol:%')))
      .orderBy(linePushes.id);
  const memberOf = async (sub: string) => {
    const [row] = await page.t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, sub));
    return row!.id;
  };
  const tagsOf = async (memberId: number) =>
    (
      await page.t.app.db
        .select({ tagId: memberTags.tagId })
        .from(memberTags)
        .where(eq(memberTags.memberId, memberId))
    ).map((row) => row.tagId);
  const attach = (attr: string, value: number | null, client: Client = page.demo) =>
    client.patch(`/api/line/slot_groups/${page.salonId}/salon?attr=${attr}`, { value });

  beforeAll(async () => {
    page = await openBookingPage();
    other = await signIn(page.t.app, 'other');
    dayBefore = addDaysToDateValue(page.day, -1);
    dayAfter = addDaysToDateValue(page.day, 1);
    const nickname = (
      await ok<{ id: number }>(
        await page.demo.post('/api/var/items', { name: '呼び名', type: 'text', group_id: null }),
        201,
      )
    ).id;
    templates.thanks = await template(
      '予約お礼',
      `{{var:${nickname}}}、ご予約ありがとうございます`,
    );
    templates.reminder = await template('前日', '明日はご来店日です');
    templates.after = await template('翌日', 'ご来店ありがとうございました');
    templates.welcome = await template('友だち追加', '友だち追加ありがとうございます');
    inEpisode = (
      await ok<{ id: number }>(
        await page.demo.post('/api/line/tags', { name: 'エピソード中', group_id: null }),
        201,
      )
    ).id;
    scheduler = createEpisodeScheduler({
      db: page.t.app.db,
      pushes: createPushQueue({ clock: () => now }),
      log: silent,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await page.close();
  });

  it('EPI-04 EPI-01 EPI-02 creates an episode (type 10) with id, no steps and no hid_at', async () => {
    episode = await ok<Episode>(
      await page.demo.post('/api/episodes', { name: '予約の流れ', type: 10 }),
      201,
    );
    expect(episode).toMatchObject({ name: '予約の流れ', type: 10, steps: [], hid_at: null });
    const refused = await page.demo.post('/api/episodes', { name: ' ', type: 0 });
    expect(errorsOf(refused)).toEqual({
      name: ['名前を入力してください'],
      type: ['種類は1〜99の整数で指定してください'],
    });
  });

  it('EPI-03 saves the steps as a whole; each problem is named by step and field, nothing saved', async () => {
    const theirTemplate = (
      await ok<{ id: number }>(
        await other.post('/api/templates', {
          name: 'よそ',
          group_id: null,
          messages: [{ type: 'text', text: 'x' }],
        }),
        201,
      )
    ).id;
    const refused = await page.demo.post(`/api/episodes/${episode.id}/steps`, {
      steps: [
        { anchor: 'booked', offset_days: 0, at_time: '10:00', template_id: templates.thanks },
        { anchor: 'followed', offset_days: 0, at_time: null, template_id: templates.thanks },
        { anchor: 'visit', offset_days: -1, at_time: null, template_id: theirTemplate },
        { anchor: 'visit', offset_days: 1, at_time: '10:00', template_id: null },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toMatchObject({
      'steps.0.at_time': [
        '「予約時」のステップは予約の直後に送ります（日数・時刻は指定できません）',
      ],
      'steps.1.anchor': ['エピソードの起点は「予約時」か「来店日」です'],
      'steps.2.at_time': ['送信時刻を指定してください'],
      'steps.2.template_id': ['テンプレートが見つかりません'],
      'steps.3.template_id': ['送るテンプレートを選んでください'],
    });
    // The shape is checked before anything else: a time that is not a time of day.
    const badTime = await page.demo.post(`/api/episodes/${episode.id}/steps`, {
      steps: [{ anchor: 'visit', offset_days: 1, at_time: '25:00', template_id: templates.after }],
    });
    expect(errorsOf(badTime)['steps.0.at_time']).toEqual([
      '送信時刻は 00:00〜23:59 の形式で指定してください',
    ]);
    expect((await ok<Episode>(await page.demo.get(`/api/episodes/${episode.id}`))).steps).toEqual(
      [],
    );

    episode = await ok<Episode>(
      await page.demo.post(`/api/episodes/${episode.id}/steps`, {
        steps: [
          {
            anchor: 'booked',
            offset_days: 0,
            at_time: null,
            template_id: templates.thanks,
            add_tag_ids: [inEpisode],
          },
          { anchor: 'visit', offset_days: -1, at_time: '19:00', template_id: templates.reminder },
          {
            anchor: 'visit',
            offset_days: 1,
            at_time: '10:00',
            template_id: templates.after,
            remove_tag_ids: [inEpisode],
          },
        ],
      }),
    );
    expect(
      episode.steps.map((step) => [step.order, step.anchor, step.offset_days, step.at_time]),
    ).toEqual([
      [1, 'booked', 0, null],
      [2, 'visit', -1, '19:00'],
      [3, 'visit', 1, '10:00'],
    ]);
  });

  it("EPI-05 attaches the episode to the salon; a follow, another account's salon or episode are refused", async () => {
    expect(await ok(await attach('episode_id', episode.id))).toEqual({
      episode_id: episode.id,
      follow_id: null,
    });
    expect(errorsOf(await attach('follow_id', episode.id)).value).toEqual([
      'フォロー（種類10以外）を指定してください',
    ]);
    expect((await attach('episode_id', episode.id, other)).statusCode).toBe(404);
    const theirs = await ok<Episode>(
      await other.post('/api/episodes', { name: 'よそ', type: 10 }),
      201,
    );
    expect(errorsOf(await attach('episode_id', theirs.id)).value).toEqual([
      'ステップ配信が見つかりません',
    ]);
    expect((await other.get(`/api/episodes/${episode.id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/episodes/${episode.id}`)).statusCode).toBe(404);
  });

  let hanako = 0;
  let hanakoMember = 0;
  let jiro = 0;

  it('a booking after the episode was attached: the booked step is queued once at once, with its tag', async () => {
    const member = await page.newMember('エピソード 花子');
    hanakoMember = await memberOf(member.sub);
    await ok(
      await page.demo.put(`/api/line/friends/${hanakoMember}/varia`, {
        values: [
          {
            var_id: (
              await ok<{ items: { id: number; name: string }[] }>(
                await page.demo.get('/api/v_resource/varia'),
              )
            ).items.find((item) => item.name === '呼び名')!.id,
            value: '花子さん',
          },
        ],
      }),
    );
    hanako = await page.book(member.client, '10:00');
    jiro = await page.book((await page.newMember('エピソード 次郎')).client, '12:00');

    now = new Date(Date.now() + 60_000);
    expect(await scheduler.runOnce()).toEqual({ queued: 2, withdrawn: 0 });
    const rows = await stepPushes();
    expect(rows.map((row) => row.dedupeKey)).toEqual([
      stepKeys.booked(episode.steps[0]!.id, hanako),
      stepKeys.booked(episode.steps[0]!.id, jiro),
    ]);
    expect(rows[0]!.messages).toEqual([
      { type: 'text', text: '花子さん、ご予約ありがとうございます' },
    ]);
    expect(await tagsOf(hanakoMember)).toContain(inEpisode);
    // Another run, or another process after a restart: nothing again.
    const again = createEpisodeScheduler({
      db: page.t.app.db,
      pushes: createPushQueue({ clock: () => now }),
      log: silent,
      clock: () => now,
    });
    expect(await again.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
  });

  it('the day before at 19:00 Tokyo (10:00 UTC) the reminder step, not a minute earlier', async () => {
    now = tokyoInstant(dayBefore, '18:59:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
    now = tokyoInstant(dayBefore, '19:00:00');
    expect(now.toISOString().slice(11, 16)).toBe('10:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 2, withdrawn: 0 });
    expect((await stepPushes()).slice(-2).map((row) => row.dedupeKey)).toEqual([
      stepKeys.visit(episode.steps[1]!.id, hanako, page.day, '10:00'),
      stepKeys.visit(episode.steps[1]!.id, jiro, page.day, '12:00'),
    ]);
  });

  it('a reservation cancelled before its step went: the queued step is withdrawn, later steps never come', async () => {
    const cancelled = await page.demo.patch(`${page.base}/reservations/${jiro}?attr=status`, {
      value: -1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Nothing has been sent in this test: both of 次郎's queued steps (booked, the day before).
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 2 });
    const [row] = await page.t.app.db
      .select()
      .from(linePushes)
      .where(
        eq(linePushes.dedupeKey, stepKeys.visit(episode.steps[1]!.id, jiro, page.day, '12:00')),
      );
    expect(row!.state).toBe('withdrawn');

    now = tokyoInstant(dayAfter, '10:00:00');
    expect(await scheduler.runOnce()).toEqual({ queued: 1, withdrawn: 0 });
    const last = (await stepPushes()).at(-1)!;
    expect(last.dedupeKey).toBe(stepKeys.visit(episode.steps[2]!.id, hanako, page.day, '10:00'));
    expect(last.messages).toEqual([{ type: 'text', text: 'ご来店ありがとうございました' }]);
    expect(await tagsOf(hanakoMember)).not.toContain(inEpisode);
  });

  it('EPI-07 EPI-08 a deleted episode is kept with hid_at, no longer listed, and sends nothing more', async () => {
    await ok(await page.demo.delete(`/api/episodes/${episode.id}`));
    const kept = await ok<Episode>(await page.demo.get(`/api/episodes/${episode.id}`));
    expect(kept.hid_at).not.toBeNull();
    expect(kept.steps).toHaveLength(3);
    expect(
      (await ok<Episode[]>(await page.demo.get('/api/episodes'))).map((e) => e.id),
    ).not.toContain(episode.id);
    expect((await page.demo.delete(`/api/episodes/${episode.id}`)).statusCode).toBe(404);
    expect(errorsOf(await attach('episode_id', episode.id)).value).toEqual([
      '削除済みのステップ配信は使えません',
    ]);
    await page.book((await page.newMember('エピソード 三郎')).client, '14:00');
    now = new Date(Date.now() + 60_000);
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
  });

  it('EPI-06 a follow (type 20) greets a friend who follows after it was attached, once per follow', async () => {
    const follow = await ok<Episode>(
      await page.demo.post('/api/episodes', { name: '友だち追加後', type: 20 }),
      201,
    );
    const wrong = await page.demo.post(`/api/episodes/${follow.id}/steps`, {
      steps: [{ anchor: 'booked', offset_days: 0, at_time: null, template_id: templates.welcome }],
    });
    expect(errorsOf(wrong)['steps.0.anchor']).toEqual([
      'フォローの起点は「友だち追加」か「来店日」です',
    ]);
    const saved = await ok<Episode>(
      await page.demo.post(`/api/episodes/${follow.id}/steps`, {
        steps: [
          { anchor: 'followed', offset_days: 0, at_time: null, template_id: templates.welcome },
        ],
      }),
    );
    expect(await ok(await attach('follow_id', follow.id))).toMatchObject({ follow_id: follow.id });
    expect(errorsOf(await attach('episode_id', follow.id)).value).toEqual([
      'エピソード（種類10）を指定してください',
    ]);

    // Friends who followed before the follow was attached are not greeted after the fact.
    const followedAt = new Date(Date.now() + 5_000);
    await page.t.app.db
      .update(members)
      .set({ followedAt })
      .where(and(eq(members.id, hanakoMember), eq(members.followState, 'following')));
    now = new Date(followedAt.getTime() + 30_000);
    expect(await scheduler.runOnce()).toEqual({ queued: 1, withdrawn: 0 });
    const greeting = (await stepPushes()).at(-1)!;
    expect(greeting.dedupeKey).toBe(
      stepKeys.followed(saved.steps[0]!.id, hanakoMember, followedAt),
    );
    expect(greeting.memberId).toBe(hanakoMember);
    expect(await scheduler.runOnce()).toEqual({ queued: 0, withdrawn: 0 });
  });
});

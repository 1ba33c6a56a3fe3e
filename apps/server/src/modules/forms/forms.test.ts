import type {
  FormDetail,
  Forms,
  FriendFormAnswer,
  FriendList,
  FriendVarValue,
  PublicForm,
} from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members, memberSessions } from '../../db/schema/index.js';
import { memberClient, memberSignIn } from '../../../test/helpers/member-session.js';
import { createFriendMessageRenderer } from '../message-rendering/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 13: answer forms — REF-11/12 shapes, questions on friend information, the friends' page. */
describe(`answer forms (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let friendId: number;
  let accountId: number;
  const fields = { plan: 0, visits: 0, memo: 0 };
  let gold = 0;
  let form: FormDetail;
  let link = '';

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  /** The friend's page, as a phone opens it: no operator session. */
  const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: CSRF_HEADERS,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://console.example.jp' });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const field = async (name: string, type: string) =>
      (
        await ok<{ id: number }>(
          await demo.post('/api/var/items', { name, type, group_id: null }),
          201,
        )
      ).id;
    fields.plan = await field('希望プラン', 'choice');
    fields.visits = await field('年間来店予定', 'number');
    fields.memo = await field('ご要望', 'text');
    gold = (
      await ok<{ id: number }[]>(
        await demo.put(`/api/var/choice/${fields.plan}`, {
          choices: [{ name: 'ゴールド' }, { name: 'シルバー' }],
        }),
      )
    )[0]!.id;
    friendId = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!.id;
    const [row] = await t.app.db
      .select({ accountId: members.accountId })
      .from(members)
      .where(eq(members.id, friendId));
    accountId = row!.accountId;
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('REF-11 REF-12 creates a form whose questions record friend information; the read has groups, items and ids', async () => {
    const refused = await demo.post('/api/forms', {
      name: '事前アンケート',
      code: 'survey',
      group_id: null,
      questions: [
        { var_id: fields.plan, label: 'ご希望のプラン', required: true },
        { var_id: fields.plan, label: 'もう一度' },
        { var_id: 999_999, label: 'よその欄' },
      ],
    });
    expect(errorsOf(refused)).toEqual({
      'questions.1.var_id': ['同じ友だち情報欄を2つの質問に使っています'],
      'questions.2.var_id': ['友だち情報欄が見つかりません'],
    });
    // The demo account starts with the salon's own forms: a new one comes after them.
    const seeded = await ok<Forms>(await demo.get('/api/v_resource/form'));
    const ungrouped = seeded.items.filter((item) => item.group_id === null).length;
    const { id } = await ok<{ id: number }>(
      await demo.post('/api/forms', {
        name: '事前アンケート',
        code: 'survey',
        group_id: null,
        description: 'ご来店前にお答えください',
        thanks_message: 'ご回答ありがとうございました。当日お待ちしております。',
        questions: [
          { var_id: fields.plan, label: 'ご希望のプラン', required: true },
          {
            var_id: fields.visits,
            label: '年に何回ご来店の予定ですか',
            help: '数字でお答えください',
          },
          { var_id: fields.memo, label: 'ご要望' },
        ],
      }),
      201,
    );
    form = await ok<FormDetail>(await demo.get(`/api/forms/${id}`));
    expect(form.questions.map((q) => [q.order, q.label, q.required])).toEqual([
      [1, 'ご希望のプラン', true],
      [2, '年に何回ご来店の予定ですか', false],
      [3, 'ご要望', false],
    ]);
    expect(form.public_key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const read = await ok<Forms>(await demo.get('/api/v_resource/form'));
    expect(read.items).toEqual([
      ...seeded.items,
      {
        id,
        name: '事前アンケート',
        code: 'survey',
        group_id: null,
        favorite: false,
        order: ungrouped + 1,
      },
    ]);
    expect(read.groups[0]).toEqual(seeded.groups[0]);
    expect(read.groups[0]).toMatchObject({ id: 'fav', name: 'お気に入り', order: 0 });
    expect(read.ids).toEqual([...seeded.ids, id]);
    const taken = await demo.post('/api/forms', {
      name: '別',
      code: 'survey',
      group_id: null,
      questions: [{ var_id: fields.memo, label: 'x' }],
    });
    expect(errorsOf(taken).code).toEqual(['同じコードのフォームがあります']);
  });

  it('REF-14 {{form:code}} renders each friend their own signed link; another friend’s or a forged one is refused', async () => {
    const render = createFriendMessageRenderer(t.app.db, 'https://console.example.jp');
    const text = await render(accountId, friendId, 'アンケートはこちら {{form:survey}}');
    const url = /https:\/\/console\.example\.jp(\/f\/\S+)/.exec(text)?.[1];
    expect(url).toMatch(new RegExp(`^/f/${form.public_key}\\?m=${friendId}\\.[A-Za-z0-9_-]{22}$`));
    link = url!.replace('/f/', '/public/forms/');
    const byOperator = await ok<{ url: string }>(
      await demo.get(`/api/forms/${form.id}/link?friend_id=${friendId}`),
    );
    expect(byOperator.url).toBe(`https://console.example.jp${url}`);

    const page = await ok<PublicForm>(await publicCall('GET', link));
    expect(page.questions.map((q) => [q.label, q.type, q.choices.map((c) => c.name)])).toEqual([
      ['ご希望のプラン', 'choice', ['ゴールド', 'シルバー']],
      ['年に何回ご来店の予定ですか', 'number', []],
      ['ご要望', 'text', []],
    ]);
    const forged = link.replace(/m=(\d+)\./, (_, id: string) => `m=${Number(id) + 1}.`);
    expect((await publicCall('GET', forged)).statusCode).toBe(404);
    expect((await publicCall('GET', `/public/forms/${form.public_key}?m=x`)).statusCode).toBe(404);
  });

  it('an answer is checked like an operator’s edit, all or nothing, then becomes the friend’s values and a submission', async () => {
    const [plan, visits, memo] = form.questions.map((q) => q.id);
    const refused = await publicCall('POST', link, {
      answers: [
        { question_id: visits, value: '十回' },
        { question_id: memo, value: '髪が細いです' },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused)).toEqual({
      [`answers.${plan}`]: ['「ご希望のプラン」は必須です'],
      [`answers.${visits}`]: ['「年に何回ご来店の予定ですか」には数値を入力してください'],
    });
    const before = await ok<FriendVarValue[]>(
      await demo.get(`/api/line/friends/${friendId}/varia`),
    );
    expect(before.find((value) => value.var_id === fields.memo)).toBeUndefined();

    const answered = await ok<{ thanks_message: string }>(
      await publicCall('POST', link, {
        answers: [
          { question_id: plan, value: gold },
          { question_id: visits, value: 12 },
          { question_id: memo, value: '髪が細いです' },
        ],
      }),
    );
    expect(answered.thanks_message).toBe('ご回答ありがとうございました。当日お待ちしております。');
    const values = await ok<FriendVarValue[]>(
      await demo.get(`/api/line/friends/${friendId}/varia`),
    );
    expect(values).toEqual(
      expect.arrayContaining([
        { var_id: fields.plan, value: gold },
        { var_id: fields.visits, value: 12 },
        { var_id: fields.memo, value: '髪が細いです' },
      ]),
    );
    const submissions = await ok<FriendFormAnswer[]>(
      await demo.get(`/api/line/friends/${friendId}/form_answers`),
    );
    expect(submissions[0]).toMatchObject({
      form_id: form.id,
      form_name: '事前アンケート',
      answers: [
        { question: 'ご希望のプラン', answer: 'ゴールド' },
        { question: '年に何回ご来店の予定ですか', answer: '12' },
        { question: 'ご要望', answer: '髪が細いです' },
      ],
    });
  });

  it('a friend signed in on the booking page answers without a link’s token; no session, no form (decision 0172)', async () => {
    const [salon] = await ok<{ id: number }[]>(await demo.get('/api/salons'));
    const url = (await ok<{ url: string }>(await demo.get(`/api/salon/${salon!.id}/online_url`)))
      .url;
    const bookingKey = url.split('/r/')[1]!;
    await demo.patch(`/api/salon/${salon!.id}/configs?attr=enable_online`, { value: true });
    const member = await memberSignIn(t.app, bookingKey, { demo: true });
    const path = `/api/booking/forms/${form.public_key}`;
    expect((await memberClient(t.app, '').get(path)).statusCode).toBe(404);
    expect((await memberClient(t.app, 'tsunagu_member=forged').get(path)).statusCode).toBe(404);
    const page = await ok<PublicForm>(await member.get(path));
    expect(page.name).toBe('事前アンケート');
    const [plan] = form.questions.map((q) => q.id);
    await ok(await member.post(path, { answers: [{ question_id: plan, value: gold }] }));
    const [session] = await t.app.db
      .select({ memberId: memberSessions.memberId })
      .from(memberSessions)
      .where(eq(memberSessions.demo, true));
    const values = await ok<FriendVarValue[]>(
      await demo.get(`/api/line/friends/${session!.memberId}/varia`),
    );
    expect(values).toEqual(expect.arrayContaining([{ var_id: fields.plan, value: gold }]));
  });

  it('a closed form says so; tenancy and permissions hold for every console call', async () => {
    await ok(
      await demo.put(`/api/forms/${form.id}`, {
        name: form.name,
        code: form.code,
        group_id: null,
        accepting: false,
        questions: form.questions.map((q) => ({
          var_id: q.var_id,
          label: q.label,
          required: q.required,
        })),
      }),
    );
    const closed = await publicCall('POST', link, { answers: [] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('このフォームの受付は終了しました');
    expect((await ok<PublicForm>(await publicCall('GET', link))).accepting).toBe(false);

    expect((await other.get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/forms/${form.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/line/friends/${friendId}/form_answers`)).statusCode).toBe(404);
    expect((await ok<Forms>(await other.get('/api/v_resource/form'))).items).toEqual([]);
    expect((await staff.get(`/api/forms/${form.id}`)).statusCode).toBe(200);
    expect(
      (
        await staff.put(`/api/forms/${form.id}`, {
          name: 'x',
          code: 'x',
          group_id: null,
          questions: [],
        })
      ).statusCode,
    ).toBe(403);
    expect((await staff.get(`/api/forms/${form.id}/link?friend_id=${friendId}`)).statusCode).toBe(
      403,
    );
    // Deleting the form keeps what friends answered as their information.
    await ok(await demo.delete(`/api/forms/${form.id}`));
    expect((await publicCall('GET', link)).statusCode).toBe(404);
    const values = await ok<FriendVarValue[]>(
      await demo.get(`/api/line/friends/${friendId}/varia`),
    );
    expect(values).toContainEqual({ var_id: fields.memo, value: '髪が細いです' });
  });
});

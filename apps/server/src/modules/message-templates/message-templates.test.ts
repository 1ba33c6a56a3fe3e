import type { FriendList, Template, TemplateList } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members } from '../../db/schema/index.js';
import { lineParts } from '../line/index.js';
import { createLinePushSender, createPushDispatcher } from '../line-push/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const silent = { info() {}, warn() {}, error() {} };

const text = (value: string) => ({ type: 'text', text: value });
const confirm = {
  type: 'template',
  altText: 'ご来店の確認',
  template: {
    type: 'confirm',
    text: '明日のご予約に来られますか？',
    actions: [
      { type: 'message', label: 'はい', text: 'はい' },
      { type: 'message', label: 'いいえ', text: 'いいえ' },
    ],
  },
};
const flex = {
  type: 'flex',
  altText: 'クーポン',
  contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [] } },
};

/** Issue 14: message templates — folders, 1–5 LINE messages, flex right, tenancy, test send. */
describe(`message templates (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const create = async (body: Record<string, unknown>, client = demo) =>
    (await ok<{ id: number }>(await client.post('/api/templates', body), 201)).id;
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(61)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, line.channels[0]!);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('saves up to five messages in folders; the list shows a preview, not the bodies', async () => {
    const folder = (
      await ok<{ id: number }>(await demo.post('/api/template_groups', { name: '予約' }), 201)
    ).id;
    const reminder = await create({
      name: '前日リマインド',
      group_id: folder,
      messages: [text('明日  {{var:1}}様の\nご予約です'), confirm],
    });
    const loose = await create({ name: 'お礼', group_id: null, messages: [text('ありがとう')] });

    const list = await ok<TemplateList>(await demo.get('/api/templates'));
    expect(list.groups).toEqual([{ id: folder, name: '予約', order: 1 }]);
    expect(
      list.items.map((item) => [item.id, item.order, item.message_count, item.preview]),
    ).toEqual([
      [reminder, 1, 2, '明日 {{var:1}}様の ご予約です'],
      [loose, 1, 1, 'ありがとう'],
    ]);
    expect(list.items[0]).not.toHaveProperty('messages');
    const one = await ok<Template>(await demo.get(`/api/templates/${reminder}`));
    expect(one.messages).toEqual([text('明日  {{var:1}}様の\nご予約です'), confirm]);
  });

  it('names what LINE would refuse, message by message, in Japanese; nothing is saved', async () => {
    const before = (await ok<TemplateList>(await demo.get('/api/templates'))).items.length;
    const refused = await demo.post('/api/templates', {
      name: '壊れたテンプレート',
      group_id: null,
      messages: [
        text('正しい'),
        { type: 'image', originalContentUrl: 'http://example.com/a.jpg', previewImageUrl: '' },
        { ...confirm, template: { ...confirm.template, actions: [confirm.template.actions[0]] } },
      ],
    });
    expect(refused.statusCode).toBe(422);
    const errors = errorsOf(refused);
    expect(errors['messages.1']?.join()).toContain('2つ目のメッセージ：');
    expect(errors['messages.1']?.join()).toContain('https://');
    expect(errors['messages.2']).toEqual([
      '3つ目のメッセージ：確認の選択肢はちょうど2つにしてください',
    ]);
    expect(errors['messages.0']).toBeUndefined();

    const six = await demo.post('/api/templates', {
      name: '多すぎ',
      group_id: null,
      messages: Array.from({ length: 6 }, (_, i) => text(`${i}`)),
    });
    expect(errorsOf(six).messages).toEqual(['メッセージは5つまでです']);
    const none = await demo.post('/api/templates', { name: '空', group_id: null, messages: [] });
    expect(errorsOf(none).messages).toEqual(['メッセージを1つ以上追加してください']);
    expect((await ok<TemplateList>(await demo.get('/api/templates'))).items).toHaveLength(before);
  });

  it('a flex message only in a flex template, and a flex template only with the flex-message right', async () => {
    const inStandard = await demo.post('/api/templates', {
      name: 'フレックス混入',
      group_id: null,
      messages: [flex],
    });
    expect(errorsOf(inStandard)['messages.0']).toEqual([
      '1つ目のメッセージ：フレックスメッセージはフレックスエディタで編集してください',
    ]);
    const coupon = await create({
      name: 'クーポン',
      group_id: null,
      kind: 'flex',
      messages: [flex],
    });
    const huge = await demo.post('/api/templates', {
      name: '大きすぎ',
      group_id: null,
      kind: 'flex',
      messages: [{ ...flex, contents: { ...flex.contents, padding: 'あ'.repeat(11_000) } }],
    });
    expect(errorsOf(huge)['messages.0']?.[0]).toMatch(/大きすぎます（33KB、上限30KB）/);

    // Staff gets template-write but not flex-message.
    const roles = await ok<{ id: number; name: string; permission_keys: string[] }[]>(
      await demo.get('/api/operator_roles'),
    );
    const staffRole = roles.find((role) => !role.permission_keys.includes('flex-message'))!;
    await ok(
      await demo.put(`/api/operator_roles/${staffRole.id}`, {
        name: staffRole.name,
        permission_keys: ['template-write'],
      }),
    );
    const standard = await create(
      { name: 'スタッフ作成', group_id: null, messages: [text('こんにちは')] },
      staff,
    );
    expect(standard).toBeGreaterThan(0);
    const flexByStaff = await staff.post('/api/templates', {
      name: 'スタッフのフレックス',
      group_id: null,
      kind: 'flex',
      messages: [flex],
    });
    expect(flexByStaff.statusCode).toBe(403);
    expect(flexByStaff.json().message).toBe('フレックスメッセージを使う権限がありません');
    expect((await staff.delete(`/api/templates/${coupon}`)).statusCode).toBe(403);
    expect((await staff.get(`/api/templates/${coupon}`)).statusCode).toBe(200);
    await ok(
      await demo.put(`/api/operator_roles/${staffRole.id}`, {
        name: staffRole.name,
        permission_keys: staffRole.permission_keys,
      }),
    );
    expect(
      (await staff.post('/api/templates', { name: 'x', group_id: null, messages: [text('x')] }))
        .statusCode,
    ).toBe(staffRole.permission_keys.includes('template-write') ? 201 : 403);
  });

  it('edits, copies to the same folder, favourites and deletes; a folder holding templates is kept', async () => {
    const folder = (
      await ok<{ id: number }>(
        await demo.post('/api/template_groups', { name: 'キャンペーン' }),
        201,
      )
    ).id;
    const id = await create({ name: '夏', group_id: folder, messages: [text('夏のキャンペーン')] });
    const edited = await ok<Template>(
      await demo.put(`/api/templates/${id}`, {
        name: '夏2026',
        group_id: folder,
        messages: [text('夏のキャンペーン'), text('8月末まで')],
      }),
    );
    expect(edited).toMatchObject({ name: '夏2026', message_count: 2, order: 1 });
    const copy = (await ok<{ id: number }>(await demo.post(`/api/templates/${id}/copy`), 201)).id;
    expect(await ok<Template>(await demo.get(`/api/templates/${copy}`))).toMatchObject({
      name: '夏2026のコピー',
      group_id: folder,
      order: 2,
      messages: edited.messages,
    });
    await ok(await demo.put(`/api/templates/${copy}/favorite`, { favorite: true }));
    expect((await ok<Template>(await demo.get(`/api/templates/${copy}`))).favorite).toBe(true);

    const kept = await demo.delete(`/api/template_groups/${folder}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain('テンプレートが2件あります');
    await ok(await demo.delete(`/api/templates/${id}`));
    await ok(await demo.delete(`/api/templates/${copy}`));
    await ok(await demo.delete(`/api/template_groups/${folder}`));
    expect((await demo.get(`/api/templates/${id}`)).statusCode).toBe(404);
  });

  it("another account's templates, folders and friends do not exist for this one", async () => {
    const mine = await create({ name: '自分の', group_id: null, messages: [text('a')] });
    const theirFolder = (
      await ok<{ id: number }>(await other.post('/api/template_groups', { name: 'よそ' }), 201)
    ).id;
    expect((await other.get(`/api/templates/${mine}`)).statusCode).toBe(404);
    expect(
      (
        await other.put(`/api/templates/${mine}`, {
          name: 'x',
          group_id: null,
          messages: [text('x')],
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/templates/${mine}`)).statusCode).toBe(404);
    expect((await other.post(`/api/templates/${mine}/copy`)).statusCode).toBe(404);
    expect((await ok<TemplateList>(await other.get('/api/templates'))).items).toEqual([]);
    const intoTheirs = await demo.post('/api/templates', {
      name: 'よそのフォルダへ',
      group_id: theirFolder,
      messages: [text('x')],
    });
    expect(errorsOf(intoTheirs).group_id).toEqual(['フォルダが見つかりません']);
    const theirFriend = (await ok<FriendList>(await other.get('/api/line/friends'))).items[0]!;
    const sendToTheirs = await demo.post(`/api/templates/${mine}/test_send`, {
      friend_id: theirFriend.id,
    });
    expect(errorsOf(sendToTheirs).friend_id).toEqual(['LINE友だちが見つかりません']);
  });

  it("test send: the friend receives the template at LINE, written with the friend's own values", async () => {
    const item = await ok<{ id: number }>(
      await demo.post('/api/var/items', { name: '呼び名', type: 'text', group_id: null }),
      201,
    );
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends?state=following')))
      .items[0]!;
    await ok(
      await demo.put(`/api/line/friends/${friend.id}/varia`, {
        values: [{ var_id: item.id, value: 'ハナ' }],
      }),
    );
    const id = await create({
      name: 'テスト送信',
      group_id: null,
      messages: [
        text(`{{var:${item.id}}}さん、こんにちは`),
        { ...confirm, altText: '{{var:' + item.id + '}}さんへ' },
      ],
    });
    const sent = await demo.post(`/api/templates/${id}/test_send`, { friend_id: friend.id });
    expect(sent.statusCode, sent.body).toBe(202);

    const dispatcher = createPushDispatcher({
      db: t.app.db,
      sender: createLinePushSender({ apiBase: line.url, timeoutMs: 2000 }),
      credentials: lineParts(t.app.db, t.config).credentials,
      options: {
        batchSize: 10,
        pollMs: 1000,
        leaseSeconds: 60,
        maxAttempts: 3,
        retryBaseMs: 1000,
        ratePerSecond: 10,
      },
      log: silent,
    });
    await dispatcher.runUntilIdle();
    const [row] = await t.app.db
      .select({ lineUserId: members.lineUserId })
      .from(members)
      .where(eq(members.id, friend.id));
    const delivered = line.requests.filter(
      (request) => request.path === '/v2/bot/message/push' && request.body.to === row!.lineUserId,
    );
    expect(delivered.map((request) => [request.status, request.body.messages])).toEqual([
      [200, [text('ハナさん、こんにちは'), { ...confirm, altText: 'ハナさんへ' }]],
    ]);
    expect(delivered[0]!.retryKey).toMatch(/^[0-9a-f-]{36}$/);

    // A blocked friend is refused at once, naming the field.
    await t.app.db.update(members).set({ followState: 'blocked' }).where(eq(members.id, friend.id));
    const blocked = await demo.post(`/api/templates/${id}/test_send`, { friend_id: friend.id });
    expect(errorsOf(blocked).friend_id).toEqual(['この友だちはブロック中のため送信できません']);
    await t.app.db
      .update(members)
      .set({ followState: 'following' })
      .where(eq(members.id, friend.id));
  });
});

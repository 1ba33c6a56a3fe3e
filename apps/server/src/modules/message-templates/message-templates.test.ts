import type { FriendList, Template, TemplateList } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { members, memberTags } from '../../db/schema/index.js';

type Client = Awaited<ReturnType<typeof signIn>>;

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
  const sendQueued = () => deliverQueuedPushes(t, line);
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
    // The demo account starts with the salon's own templates: new ones come after them.
    const seeded = await ok<TemplateList>(await demo.get('/api/templates'));
    const seededIds = new Set(seeded.items.map((item) => item.id));
    const ungrouped = seeded.items.filter((item) => item.group_id === null).length;
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
    expect(list.groups).toEqual([
      ...seeded.groups,
      { id: folder, name: '予約', order: seeded.groups.length + 1 },
    ]);
    expect(
      list.items
        .filter((item) => !seededIds.has(item.id))
        .map((item) => [item.id, item.order, item.message_count, item.preview]),
    ).toEqual([
      [reminder, 1, 2, '明日 {{var:1}}様の ご予約です'],
      [loose, ungrouped + 1, 1, 'ありがとう'],
    ]);
    for (const item of list.items) expect(item).not.toHaveProperty('messages');
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
    // What LINE would refuse in the container is named by its path (decision 0165).
    const unknownComponent = await demo.post('/api/templates', {
      name: '壊れたカード',
      group_id: null,
      kind: 'flex',
      messages: [
        {
          ...flex,
          contents: {
            type: 'bubble',
            body: { type: 'box', layout: 'vertical', contents: [{ type: 'texxt', text: 'x' }] },
          },
        },
      ],
    });
    expect(unknownComponent.statusCode).toBe(422);
    expect(errorsOf(unknownComponent)['messages.0']).toEqual([
      '1つ目のメッセージ：body.contents[0].type: 不明なコンポーネントです（"texxt"）',
    ]);

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

    await sendQueued();
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

  it("test send result: waiting, then LINE's refusal with its details[]; another account's is not found", async () => {
    const friend = (await ok<FriendList>(await demo.get('/api/line/friends?state=following')))
      .items[0]!;
    const id = await create({
      name: '結果を見るテスト送信',
      group_id: null,
      messages: [text('本文')],
    });
    const sent = await ok<{ push_id: number }>(
      await demo.post(`/api/templates/${id}/test_send`, { friend_id: friend.id }),
      202,
    );
    const result = () => demo.get(`/api/templates/test_sends/${sent.push_id}`);
    expect(await ok(await result())).toEqual({ state: 'queued', reason: '', details: [] });

    const details = [
      { property: 'messages[0].text', message: 'Length must be between 0 and 5000' },
    ];
    line.setBehaviour(() => ({
      status: 400,
      body: { message: 'The request body has 1 error(s)', details },
    }));
    try {
      await sendQueued();
    } finally {
      line.setBehaviour(() => ({ status: 200 }));
    }
    const failed = await ok<{ state: string; reason: string; details: unknown[] }>(await result());
    expect(failed).toMatchObject({ state: 'failed', details });
    expect(failed.reason).toContain('The request body has 1 error(s)');
    expect((await other.get(`/api/templates/test_sends/${sent.push_id}`)).statusCode).toBe(404);
  });

  describe('broadcast to a segment (decision 0166)', () => {
    let tag = 0;
    let segment = 0;
    let demoAccount = 0;
    /** Friends of demo added straight to the table, tagged: ids in order. */
    async function addTaggedFriends(count: number, prefix: string) {
      const rows = await t.app.db
        .insert(members)
        .values(
          Array.from({ length: count }, (_, i) => ({
            accountId: demoAccount,
            displayName: `${prefix}${i}`,
            lineUserId: `U${prefix}${String(i).padStart(31, '0')}`.slice(0, 33),
          })),
        )
        .returning({ id: members.id, lineUserId: members.lineUserId });
      await t.app.db
        .insert(memberTags)
        .values(rows.map((row) => ({ memberId: row.id, tagId: tag })));
      return rows;
    }
    const pushesTo = (path: string) => line.requests.filter((request) => request.path === path);

    beforeAll(async () => {
      // demo's account: the account of one of its friends.
      const friend = (await ok<FriendList>(await demo.get('/api/line/friends'))).items[0]!;
      const [row] = await t.app.db
        .select({ accountId: members.accountId })
        .from(members)
        .where(eq(members.id, friend.id));
      demoAccount = row!.accountId;
      tag = (
        await ok<{ id: number }>(
          await demo.post('/api/line/tags', { name: '一斉送信', group_id: null }),
          201,
        )
      ).id;
      segment = (
        await ok<{ id: number }>(
          await demo.post('/api/journey/member_queries', {
            name: '一斉送信の友だち',
            match: 'all',
            conditions: [{ kind: 'tags', match: 'any', tag_ids: [tag] }],
          }),
          201,
        )
      ).id;
    });

    it('one multicast per 500 following friends, blocked ones left out, each friend once', async () => {
      const friends = await addTaggedFriends(503, 'a');
      const blocked = friends[7]!;
      await t.app.db
        .update(members)
        .set({ followState: 'blocked' })
        .where(eq(members.id, blocked.id));
      const id = await create({
        name: 'お知らせ',
        group_id: null,
        messages: [text('臨時休業のお知らせ')],
      });
      const before = pushesTo('/v2/bot/message/multicast').length;

      const queued = await demo.post(`/api/templates/${id}/broadcast`, {
        member_query_id: segment,
      });
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toEqual({ friends: 502, requests: 2 });
      await sendQueued();

      const sent = pushesTo('/v2/bot/message/multicast').slice(before);
      // Sent side by side: in whichever order LINE answers them.
      const sizes = sent.map((request) => [request.status, (request.body.to as string[]).length]);
      expect(sizes.sort((a, b) => b[1]! - a[1]!)).toEqual([
        [200, 500],
        [200, 2],
      ]);
      const reached = sent.flatMap((request) => request.body.to as string[]);
      expect(new Set(reached).size).toBe(502);
      expect(reached).not.toContain(blocked.lineUserId);
      expect(sent.every((request) => request.retryKey !== undefined)).toBe(true);
      expect(sent[0]!.body.messages).toEqual([text('臨時休業のお知らせ')]);
    });

    it('with aliases: one push per friend, each written with their own values when sent', async () => {
      await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tag));
      const [first, second] = await addTaggedFriends(2, 'b');
      const item = await ok<{ id: number }>(
        await demo.post('/api/var/items', { name: 'ニックネーム', type: 'text', group_id: null }),
        201,
      );
      for (const [friend, value] of [
        [first!, 'イチ'],
        [second!, 'ニ'],
      ] as const)
        await ok(
          await demo.put(`/api/line/friends/${friend.id}/varia`, {
            values: [{ var_id: item.id, value }],
          }),
        );
      const id = await create({
        name: '個別メッセージ',
        group_id: null,
        messages: [text(`{{var:${item.id}}}さん、今月のおすすめです`)],
      });
      const queued = await demo.post(`/api/templates/${id}/broadcast`, {
        member_query_id: segment,
      });
      expect(queued.json()).toEqual({ friends: 2, requests: 2 });
      await sendQueued();
      const received = (userId: string) =>
        pushesTo('/v2/bot/message/push')
          .filter((request) => request.body.to === userId)
          .map((request) => request.body.messages);
      expect(received(first!.lineUserId)).toEqual([[text('イチさん、今月のおすすめです')]]);
      expect(received(second!.lineUserId)).toEqual([[text('ニさん、今月のおすすめです')]]);
    });

    it("another account's segment is not found; a segment of nobody sends nothing", async () => {
      const id = await create({ name: '誰にも', group_id: null, messages: [text('x')] });
      const theirs = (
        await ok<{ id: number }>(
          await other.post('/api/journey/member_queries', {
            name: 'よその',
            match: 'all',
            conditions: [{ kind: 'follow', state: 'following' }],
          }),
          201,
        )
      ).id;
      const foreign = await demo.post(`/api/templates/${id}/broadcast`, {
        member_query_id: theirs,
      });
      expect(errorsOf(foreign).member_query_id).toEqual(['セグメントが見つかりません']);
      await t.app.db.delete(memberTags).where(eq(memberTags.tagId, tag));
      const nobody = await demo.post(`/api/templates/${id}/broadcast`, {
        member_query_id: segment,
      });
      expect(errorsOf(nobody).member_query_id).toEqual([
        'このセグメントに当てはまる、ブロックしていない友だちがいません',
      ]);
      expect(
        (await staff.post(`/api/templates/${id}/broadcast`, { member_query_id: segment }))
          .statusCode,
      ).toBe(403);
    });
  });
});

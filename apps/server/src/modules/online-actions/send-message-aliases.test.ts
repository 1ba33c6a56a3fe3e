import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePushes, members } from '../../db/schema/index.js';
import { openBookingPage, type BookingPage } from '../../../test/salon/booking-page.js';
import { databaseKind } from '../../../test/helpers/test-app.js';
import { lineParts } from '../line/index.js';
import { createLinePushSender, createPushDispatcher } from '../line-push/index.js';
import { createMessageRenderer } from '../message-aliases/index.js';

const silent = { info() {}, warn() {}, error() {} };

/**
 * send_message with aliases (decisions 0156, 0157): the booking confirmation is written with the
 * friend's own friend-information values, as the friend receives it at the fake LINE.
 */
describe(`message aliases in send_message (${databaseKind})`, () => {
  let page: BookingPage;
  const ids: Record<'name' | 'birthday' | 'visits' | 'colors' | 'plan' | 'memo', number> = {
    name: 0,
    birthday: 0,
    visits: 0,
    colors: 0,
    plan: 0,
    memo: 0,
  };
  let red = 0;
  let blue = 0;
  let gold = 0;

  const createItem = async (name: string, type: string) => {
    const made = await page.demo.post('/api/var/items', { name, type, group_id: null });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };
  const setChoices = async (varId: number, names: string[]) => {
    const put = await page.demo.put(`/api/var/choice/${varId}`, {
      choices: names.map((name) => ({ name })),
    });
    expect(put.statusCode, put.body).toBe(200);
    return (put.json() as { id: number }[]).map((choice) => choice.id);
  };
  const memberIdOf = async (sub: string) => {
    const [row] = await page.t.app.db
      .select({ id: members.id, accountId: members.accountId })
      .from(members)
      .where(eq(members.lineUserId, sub));
    return row!;
  };

  beforeAll(async () => {
    page = await openBookingPage();
    ids.name = await createItem('呼び名', 'text');
    ids.birthday = await createItem('誕生日', 'date');
    ids.visits = await createItem('来店回数', 'number');
    ids.colors = await createItem('好きな色', 'multi_choice');
    ids.plan = await createItem('プラン', 'choice');
    ids.memo = await createItem('メモ', 'text');
    const colors = await setChoices(ids.colors, ['赤', '青', '緑']);
    red = colors[0]!;
    blue = colors[1]!;
    gold = (await setChoices(ids.plan, ['ゴールド', 'シルバー']))[0]!;
  });
  afterAll(async () => {
    await page.close();
  });

  it('REF-14 the renderer writes each value as text: dates in Japanese, choices by name, several joined with 、, nothing for no value', async () => {
    const { sub } = await page.newMember('エイリアス 花子');
    const member = await memberIdOf(sub);
    const saved = await page.demo.put(`/api/line/friends/${member.id}/varia`, {
      values: [
        { var_id: ids.name, value: 'はなちゃん' },
        { var_id: ids.birthday, value: '2026-11-24' },
        { var_id: ids.visits, value: 12 },
        { var_id: ids.colors, value: [blue, red] },
        { var_id: ids.plan, value: gold },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const render = createMessageRenderer({
      db: page.t.app.db,
      resolvers: {
        commonVar: async (_account, _member, keys) =>
          new Map(keys.filter((key) => key === 'shop_phone').map((key) => [key, '03-1234-5678'])),
      },
    });
    const text = [
      `{{var:${ids.name}}}さん`,
      `誕生日 {{var:${ids.birthday}}}`,
      `来店 {{var:${ids.visits}}}回`,
      `色 {{var:${ids.colors}}}`,
      `プラン {{var:${ids.plan}}}`,
      `メモ[{{var:${ids.memo}}}] 消えた項目[{{var:999999}}] 書式外[{{var:x}}]`,
      `☎ {{commonVar:shop_phone}} {{commonVar:none}} {{form:entry}}`,
    ].join('\n');
    const rendered = await render(member.accountId, member.id, text);
    const colors = rendered.split('\n')[3];
    expect(['色 赤、青', '色 青、赤']).toContain(colors);
    expect(rendered.split('\n')).toEqual([
      'はなちゃんさん',
      '誕生日 2026年11月24日',
      '来店 12回',
      colors,
      'プラン ゴールド',
      'メモ[] 消えた項目[] 書式外[]',
      '☎ 03-1234-5678  ',
    ]);
    // Another account sees none of this friend's values (tenancy).
    expect(await render(member.accountId + 1000, member.id, `[{{var:${ids.name}}}]`)).toBe('[]');
    // A text without aliases is returned as it is.
    expect(await render(member.accountId, member.id, 'こんにちは {{')).toBe('こんにちは {{');
  });

  it('REF-14 a booking’s send_message reaches the friend with their own values written in', async () => {
    await page.setActions([
      {
        type: 'send_message',
        enabled: true,
        text: `{{var:${ids.name}}}様、ご予約ありがとうございます。お誕生日（{{var:${ids.birthday}}}）の月は10%オフです。`,
      },
    ]);
    const { sub, client } = await page.newMember('エイリアス 次郎');
    const member = await memberIdOf(sub);
    const saved = await page.demo.put(`/api/line/friends/${member.id}/varia`, {
      values: [
        { var_id: ids.name, value: '次郎' },
        { var_id: ids.birthday, value: '1990-04-05' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await page.book(client, '11:00');

    const dispatcher = createPushDispatcher({
      db: page.t.app.db,
      sender: createLinePushSender({ apiBase: page.line.url, timeoutMs: 2000 }),
      credentials: lineParts(page.t.app.db, page.t.config).credentials,
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
    const delivered = page.line.requests.filter(
      (request) => request.path === '/v2/bot/message/push' && request.body.to === sub,
    );
    expect(delivered.map((request) => [request.status, request.body.messages])).toEqual([
      [
        200,
        [
          {
            type: 'text',
            text: '次郎様、ご予約ありがとうございます。お誕生日（1990年4月5日）の月は10%オフです。',
          },
        ],
      ],
    ]);
  });

  it('the friend’s LINE display name: as LINE gave it, 様 or お客様 when none, never another account’s friend', async () => {
    const { sub } = await page.newMember('表示名 花子');
    const member = await memberIdOf(sub);
    const render = createMessageRenderer({ db: page.t.app.db });
    const text = '{{friend:name_sama}}、はじめまして。[{{friend:name}}] [{{friend:other}}]';
    expect(await render(member.accountId, member.id, text)).toBe(
      '表示名 花子様、はじめまして。[表示名 花子] []',
    );
    await page.t.app.db.update(members).set({ displayName: '' }).where(eq(members.id, member.id));
    expect(await render(member.accountId, member.id, text)).toBe('お客様、はじめまして。[] []');
    expect(await render(member.accountId + 1000, member.id, '{{friend:name_sama}}')).toBe('お客様');
  });

  it('a message of aliases only, none with a value, is not sent (LINE refuses an empty text)', async () => {
    await page.setActions([{ type: 'send_message', enabled: true, text: `{{var:${ids.memo}}}` }]);
    const { sub, client } = await page.newMember('エイリアス 三郎');
    await page.book(client, '13:00');
    const member = await memberIdOf(sub);
    const queued = await page.t.app.db
      .select()
      .from(linePushes)
      .where(eq(linePushes.memberId, member.id));
    expect(queued).toHaveLength(0);
  });
});

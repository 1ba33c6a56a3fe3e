import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from './fake-line.js';

// The fake LINE's rich menus where its logic is more than bookkeeping: the hourly budgets, the
// image taken once, bulk link's 500, and a batch retried with its resumeRequestKey.

let line: FakeLine;
const channel = fakeChannel(1);

beforeEach(async () => {
  line = await startFakeLine({ channels: [channel] });
});
afterEach(async () => {
  await line.close();
});

const call = (method: string, path: string, body?: unknown, type = 'application/json') =>
  fetch(`${line.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${channel.token}`, 'content-type': type },
    body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
  });

const menu = {
  size: { width: 2500, height: 843 },
  selected: false,
  name: 'テスト',
  chatBarText: 'メニュー',
  areas: [
    { bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'message', text: 'a' } },
  ],
};

/** A PNG header of the given size (all LINE's check reads). */
function png(width: number, height: number) {
  const head = Buffer.alloc(33);
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'ascii');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}

async function created() {
  const res = await call('POST', '/v2/bot/richmenu', menu);
  expect(res.status).toBe(200);
  const { richMenuId } = (await res.json()) as { richMenuId: string };
  return richMenuId;
}

async function withImage() {
  const id = await created();
  expect(
    (await call('POST', `/v2/bot/richmenu/${id}/content`, png(2500, 843), 'image/png')).status,
  ).toBe(200);
  return id;
}

const user = (n: number) => `U${n.toString(16).padStart(32, '0')}`;

describe('fake LINE rich menus', () => {
  it('checks a rich menu as LINE does: chat bar text over 14, more than 20 areas, an area outside', async () => {
    const res = await call('POST', '/v2/bot/richmenu/validate', {
      ...menu,
      chatBarText: 'あ'.repeat(15),
      areas: [
        ...Array.from({ length: 20 }, () => menu.areas[0]),
        { bounds: { x: 2000, y: 0, width: 1000, height: 100 }, action: { type: 'message' } },
      ],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: { property: string }[] };
    expect(body.details.map((d) => d.property)).toEqual(['chatBarText', 'areas']);
    const outside = await call('POST', '/v2/bot/richmenu/validate', {
      ...menu,
      areas: [{ bounds: { x: 2000, y: 0, width: 1000, height: 100 }, action: { type: 'message' } }],
    });
    expect(((await outside.json()) as { details: unknown[] }).details).toEqual([
      { message: 'out of the rich menu', property: 'areas[0].bounds' },
    ]);
    expect(line.richMenu.menus.size).toBe(0);
  });

  it('takes an image once, of the menu size only; a second upload is a 400', async () => {
    const id = await created();
    const wrong = await call(
      'POST',
      `/v2/bot/richmenu/${id}/content`,
      png(2500, 1686),
      'image/png',
    );
    expect(wrong.status).toBe(400);
    expect((await call('POST', `/v2/bot/user/all/richmenu/${id}`)).status).toBe(400);
    const first = await call('POST', `/v2/bot/richmenu/${id}/content`, png(2500, 843), 'image/png');
    expect(first.status).toBe(200);
    const second = await call(
      'POST',
      `/v2/bot/richmenu/${id}/content`,
      png(2500, 843),
      'image/png',
    );
    expect(second.status).toBe(400);
    expect((await call('POST', `/v2/bot/user/all/richmenu/${id}`)).status).toBe(200);
    const current = await call('GET', '/v2/bot/user/all/richmenu');
    expect(await current.json()).toEqual({ richMenuId: id });
  });

  it('spends one budget of 100 an hour on creates and deletes, then 429 until the hour has passed', async () => {
    let now = Date.parse('2026-11-26T00:00:00Z');
    line.richMenu.setClock(() => now);
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1) ids.push(await created());
    for (const id of ids.slice(0, 40))
      expect((await call('DELETE', `/v2/bot/richmenu/${id}`)).status).toBe(200);
    expect((await call('POST', '/v2/bot/richmenu', menu)).status).toBe(429);
    expect((await call('DELETE', `/v2/bot/richmenu/${ids[50]}`)).status).toBe(429);
    expect(line.richMenu.menus.size).toBe(20);
    now += 3_600_000;
    expect((await call('POST', '/v2/bot/richmenu', menu)).status).toBe(200);
  });

  it('bulk links at most 500 users a call', async () => {
    const id = await withImage();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => user(i + 1));
    const tooMany = await call('POST', '/v2/bot/richmenu/bulk/link', {
      richMenuId: id,
      userIds: ids(501),
    });
    expect(tooMany.status).toBe(400);
    const ok = await call('POST', '/v2/bot/richmenu/bulk/link', {
      richMenuId: id,
      userIds: ids(500),
    });
    expect(ok.status).toBe(202);
    expect(line.richMenu.bulkLinks).toEqual([500]);
    const linked = await call('GET', `/v2/bot/user/${user(500)}/richmenu`);
    expect(await linked.json()).toEqual({ richMenuId: id });
  });

  it('a batch LINE took but answered 500 is resumed by its resumeRequestKey: nobody switched twice', async () => {
    const old = await withImage();
    const next = await withImage();
    const back = await withImage();
    await call('POST', '/v2/bot/richmenu/bulk/link', {
      richMenuId: old,
      userIds: [user(1), user(2)],
    });
    line.richMenu.setBehaviour('batch', (n) => (n === 0 ? { status: 500, taken: true } : null));
    const body = { operations: [{ type: 'link', from: old, to: next }], resumeRequestKey: 'pub-1' };
    expect((await call('POST', '/v2/bot/richmenu/batch', body)).status).toBe(500);
    // Meanwhile one user moves back to the old menu: a second run of the batch would switch them.
    await call('POST', `/v2/bot/user/${user(2)}/richmenu/${old}`);
    const retry = await call('POST', '/v2/bot/richmenu/batch', body);
    expect(retry.status).toBe(202);
    expect(line.richMenu.batches).toHaveLength(1);
    expect(line.richMenu.batches[0]!.switched).toBe(2);
    expect(line.richMenu.links.get(channel.channelId)?.get(user(2))).toBe(old);
    const requestId = retry.headers.get('x-line-request-id')!;
    const poll = async () => {
      const res = await call('GET', `/v2/bot/richmenu/progress/batch?requestId=${requestId}`);
      return ((await res.json()) as { phase: string }).phase;
    };
    expect(await poll()).toBe('ongoing');
    expect(await poll()).toBe('succeeded');
    // A new key is a new batch; the fourth within the hour is 429 (3 an hour).
    for (const key of ['pub-2', 'pub-3'])
      expect(
        (
          await call('POST', '/v2/bot/richmenu/batch', {
            operations: [{ type: 'link', from: old, to: back }],
            resumeRequestKey: key,
          })
        ).status,
      ).toBe(202);
    const fourth = await call('POST', '/v2/bot/richmenu/batch', {
      operations: [{ type: 'unlinkAll' }],
    });
    expect(fourth.status).toBe(429);
  });

  it('aliases: created once per id, moved by update, gone after delete', async () => {
    const a = await withImage();
    const b = await withImage();
    expect(
      (await call('POST', '/v2/bot/richmenu/alias', { richMenuAliasId: 'tab-a', richMenuId: a }))
        .status,
    ).toBe(200);
    expect(
      (await call('POST', '/v2/bot/richmenu/alias', { richMenuAliasId: 'tab-a', richMenuId: b }))
        .status,
    ).toBe(400);
    expect((await call('POST', '/v2/bot/richmenu/alias/tab-a', { richMenuId: b })).status).toBe(
      200,
    );
    const list = await call('GET', '/v2/bot/richmenu/alias/list');
    expect(await list.json()).toEqual({ aliases: [{ richMenuAliasId: 'tab-a', richMenuId: b }] });
    expect((await call('DELETE', '/v2/bot/richmenu/alias/tab-a')).status).toBe(200);
    expect((await call('GET', '/v2/bot/richmenu/alias/tab-a')).status).toBe(400);
  });
});

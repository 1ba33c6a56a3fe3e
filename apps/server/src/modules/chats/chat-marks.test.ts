import type { ChatInbox, ChatInboxEntry, ChatMarkList, FriendList } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 24, decision 0306: the shop's own chat marks (対応マーク) beside the state. */
describe(`chat marks (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const marksOf = async (client: Client) =>
    ((await client.get('/api/line/chat_marks')).json() as ChatMarkList).marks;
  const friendsOf = async (client: Client) =>
    ((await client.get('/api/line/friends')).json() as FriendList).items;

  it('the owner defines marks, sets one on a thread and filters the inbox by it; deleting a mark unmarks', async () => {
    const created = await demo.post('/api/line/chat_marks', {
      name: '要折返し',
      colour: '#E11D48',
    });
    expect(created.statusCode, created.body).toBe(201);
    const callBack = created.json().id as number;
    const booked = (
      await demo.post('/api/line/chat_marks', { name: '予約済み', colour: '#16a34a' })
    ).json().id as number;

    const duplicate = await demo.post('/api/line/chat_marks', {
      name: ' 要折返し ',
      colour: '#000000',
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['同じ名前のマークがすでにあります']);
    const colour = await demo.post('/api/line/chat_marks', { name: '至急', colour: 'red' });
    expect(colour.json().errors.colour).toEqual(['色は #RRGGBB の形で指定してください']);
    const empty = await demo.post('/api/line/chat_marks', { name: ' ', colour: '#000000' });
    expect(empty.json().errors.name).toEqual(['マーク名を入力してください']);

    const [first, second] = await friendsOf(demo);
    const set = await demo.put(`/api/line/chats/${first!.id}/mark`, { mark_id: callBack });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as ChatInboxEntry).mark).toEqual({
      id: callBack,
      name: '要折返し',
      colour: '#e11d48',
    });
    await demo.put(`/api/line/chats/${second!.id}/mark`, { mark_id: booked });

    const filtered: ChatInbox = (await demo.get(`/api/line/chats?mark_id=${callBack}`)).json();
    expect(filtered.entries.map((entry) => [entry.friend_id, entry.mark?.name])).toEqual([
      [first!.id, '要折返し'],
    ]);
    expect((await marksOf(demo)).map((mark) => [mark.name, mark.threads])).toEqual([
      ['要折返し', 1],
      ['予約済み', 1],
    ]);

    // Renamed and recoloured: the inbox shows the new name.
    await demo.put(`/api/line/chat_marks/${callBack}`, { name: '要電話', colour: '#f97316' });
    const renamed: ChatInbox = (await demo.get(`/api/line/chats?mark_id=${callBack}`)).json();
    expect(renamed.entries[0]!.mark).toMatchObject({ name: '要電話', colour: '#f97316' });

    // Taken off with null; a deleted mark leaves its threads unmarked.
    const off = await demo.put(`/api/line/chats/${first!.id}/mark`, { mark_id: null });
    expect((off.json() as ChatInboxEntry).mark).toBeNull();
    expect((await demo.delete(`/api/line/chat_marks/${booked}`)).statusCode).toBe(200);
    const after: ChatInbox = (await demo.get(`/api/line/chats?mark_id=${booked}`)).json();
    expect(after.entries).toEqual([]);
    const thread = await demo.get(`/api/line/chats/${second!.id}/messages`);
    expect(thread.json().friend.mark).toBeNull();
  });

  it('tenancy and rights: read-only staff read marks but cannot define or set them; another account neither sees nor uses them', async () => {
    const id = (await demo.post('/api/line/chat_marks', { name: 'VIP', colour: '#7c3aed' })).json()
      .id as number;
    const [friend] = await friendsOf(demo);

    expect((await marksOf(staff)).map((mark) => mark.name)).toContain('VIP');
    expect(
      (await staff.post('/api/line/chat_marks', { name: 'x', colour: '#000000' })).statusCode,
    ).toBe(403);
    expect(
      (await staff.put(`/api/line/chats/${friend!.id}/mark`, { mark_id: id })).statusCode,
    ).toBe(403);
    expect((await staff.delete(`/api/line/chat_marks/${id}`)).statusCode).toBe(403);

    expect((await marksOf(other)).map((mark) => mark.name)).not.toContain('VIP');
    expect(
      (await other.put(`/api/line/chat_marks/${id}`, { name: '乗っ取り', colour: '#000000' }))
        .statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/line/chat_marks/${id}`)).statusCode).toBe(404);
    const [theirs] = await friendsOf(other);
    const used = await other.put(`/api/line/chats/${theirs!.id}/mark`, { mark_id: id });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.mark_id).toEqual(['マークが見つかりません']);
    // Demo's friend through the other account: not found.
    expect(
      (await other.put(`/api/line/chats/${friend!.id}/mark`, { mark_id: null })).statusCode,
    ).toBe(404);
    await demo.put(`/api/line/chats/${friend!.id}/mark`, { mark_id: id });
    const peek: ChatInbox = (await other.get(`/api/line/chats?mark_id=${id}`)).json();
    expect(peek.entries).toEqual([]);
    expect((await marksOf(demo)).find((mark) => mark.id === id)?.name).toBe('VIP');
  });
});

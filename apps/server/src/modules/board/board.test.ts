import { BOARD_TEXT, type Board, type BoardCard } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { chatThreads } from '../../db/schema/index.js';
import { openStream } from '../../../test/helpers/sse.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 24: the follow-up board — columns, moves with versions, limits, tenancy, live moves. */
describe(`follow-up board (${databaseKind})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let url: string;
  let demo: Client;
  let staff: Client;
  let other: Client;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const board = async (client = demo) => ok<Board>(await client.get('/api/line/board'));
  const column = (b: Board, name: string) => b.columns.find((c) => c.name === name)!;
  const move = (client: Client, card: BoardCard, columnId: number, version = card.version) =>
    client.put(`/api/line/board/cards/${card.friend_id}`, { version, column_id: columnId });

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // A second server process on the same database: moves made there must reach streams here.
    second = await buildApp(t.config);
  }, 300_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('the demo board has the four follow-up columns in order, with friends on them', async () => {
    const b = await board();
    expect(b.columns.map((c) => [c.name, c.order, c.limit, c.chat_state])).toEqual([
      ['新規', 1, null, 'unhandled'],
      ['予約待ち', 2, 5, 'in_progress'],
      ['来店済み', 3, null, 'resolved'],
      ['要フォロー', 4, null, null],
    ]);
    expect(b.cards.length).toBeGreaterThanOrEqual(4);
    const counts = Object.fromEntries(b.columns.map((c) => [c.name, c.card_count]));
    expect(counts['新規']).toBe(2);
    expect(b.cards.every((card) => card.display_name !== '' && card.version >= 1)).toBe(true);
  });

  it('a move raises the version; a move made on the old version is refused with 409 and the board keeps the first move', async () => {
    const b = await board();
    const card = b.cards.find((c) => c.column_id === column(b, '新規').id)!;
    const moved = await ok<BoardCard>(await move(demo, card, column(b, '要フォロー').id));
    expect(moved).toMatchObject({
      column_id: column(b, '要フォロー').id,
      version: card.version + 1,
    });

    const stale = await move(demo, card, column(b, '来店済み').id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BOARD_TEXT.stale);
    const after = (await board()).cards.find((c) => c.friend_id === card.friend_id)!;
    expect(after).toMatchObject({ column_id: column(b, '要フォロー').id, version: moved.version });
  });

  it('a column at its limit refuses a card with its name and limit (409); a free place lets it in', async () => {
    const b = await board();
    const target = column(b, '来店済み');
    await ok(
      await demo.put(`/api/line/board/columns/${target.id}`, {
        name: target.name,
        colour: target.colour,
        limit: target.card_count,
        chat_state: target.chat_state,
      }),
    );
    const card = b.cards.find((c) => c.column_id === column(b, '新規').id)!;
    const refused = await move(demo, card, target.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOARD_TEXT.columnFull('来店済み', target.card_count));
    expect((await board()).cards.find((c) => c.friend_id === card.friend_id)?.column_id).toBe(
      column(b, '新規').id,
    );
    await ok(
      await demo.put(`/api/line/board/columns/${target.id}`, {
        name: target.name,
        colour: target.colour,
        limit: target.card_count + 1,
        chat_state: target.chat_state,
      }),
    );
    await ok(await move(demo, card, target.id));
  });

  it('columns are created at the right end, reordered, edited and deleted; names and chat states are one per board', async () => {
    const id = (
      await ok<{ id: number }>(
        await demo.post('/api/line/board/columns', {
          name: '失注',
          colour: '#828282',
          limit: null,
          chat_state: null,
        }),
        201,
      )
    ).id;
    let b = await board();
    expect(b.columns.at(-1)).toMatchObject({ id, name: '失注', order: b.columns.length });
    const ids = b.columns.map((c) => c.id);
    await ok(await demo.put('/api/line/board/columns/order', { ids: [id, ...ids.slice(0, -1)] }));
    b = await board();
    expect(b.columns[0]).toMatchObject({ id, order: 1 });

    const taken = await demo.post('/api/line/board/columns', {
      name: '失注',
      colour: '#828282',
      limit: null,
      chat_state: null,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([BOARD_TEXT.nameTaken]);
    const tied = await demo.put(`/api/line/board/columns/${id}`, {
      name: '失注',
      colour: '#828282',
      limit: null,
      chat_state: 'unhandled',
    });
    expect(tied.statusCode).toBe(422);
    expect(tied.json().errors.chat_state).toEqual([BOARD_TEXT.chatStateTaken('unhandled', '新規')]);
    const partial = await demo.put('/api/line/board/columns/order', { ids: [id] });
    expect(partial.statusCode).toBe(422);

    await ok(await demo.delete(`/api/line/board/columns/${id}`));
    b = await board();
    expect(b.columns.map((c) => c.order)).toEqual([1, 2, 3, 4]);
    expect(b.columns.some((c) => c.id === id)).toBe(false);
  });

  it('a card keeps an assignee of the account and a due date; both are checked', async () => {
    const b = await board();
    const card = b.cards[0]!;
    const operators = await ok<{ id: number; name: string }[]>(
      await demo.get('/api/line/board/assignees'),
    );
    const updated = await ok<BoardCard>(
      await demo.put(`/api/line/board/cards/${card.friend_id}`, {
        version: card.version,
        assignee_id: operators[0]!.id,
        due_date: '2026-12-24',
      }),
    );
    // The card's assignee is the friend's chat thread's (one assignee per friend).
    expect(updated).toMatchObject({
      assignee: operators[0],
      due_date: '2026-12-24',
      version: card.version + 1,
    });
    const badDate = await demo.put(`/api/line/board/cards/${card.friend_id}`, {
      version: updated.version,
      due_date: '2026-02-30',
    });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.due_date).toEqual([BOARD_TEXT.dueDateInvalid]);
  });

  it('a move into a column tied to a chat state gives the friend’s chat thread that state; a thread’s new state moves the card', async () => {
    const b = await board();
    const card = b.cards.find((c) => c.column_id === column(b, '要フォロー').id)!;
    await ok(await move(demo, card, column(b, '予約待ち').id));
    const stateOf = async (friendId: number) =>
      (
        await t.app.db
          .select({ state: chatThreads.state, assigneeId: chatThreads.assigneeId })
          .from(chatThreads)
          .where(eq(chatThreads.memberId, friendId))
      )[0];
    expect((await stateOf(card.friend_id))?.state).toBe('in_progress');

    // The chat marks the thread 対応済み: the card follows into 来店済み (tied to it).
    await ok(await demo.put(`/api/line/chats/${card.friend_id}/state`, { state: 'resolved' }));
    const after = (await board()).cards.find((c) => c.friend_id === card.friend_id)!;
    expect(after.column_id).toBe(column(b, '来店済み').id);
    expect((await stateOf(card.friend_id))?.state).toBe('resolved');
  });

  it('tenancy: another account sees none of this board, and cannot move, edit or delete its cards and columns', async () => {
    const b = await board();
    const card = b.cards[0]!;
    expect((await board(other)).columns).toEqual([]);
    expect((await move(other, card, b.columns[0]!.id)).statusCode).toBe(404);
    expect((await other.delete(`/api/line/board/cards/${card.friend_id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/line/board/columns/${b.columns[0]!.id}`)).statusCode).toBe(
      404,
    );
    // Its own column, then the demo friend put on it: the friend is not theirs.
    const otherColumn = (
      await ok<{ id: number }>(
        await other.post('/api/line/board/columns', {
          name: '新規',
          colour: '#2f80ed',
          limit: null,
          chat_state: null,
        }),
        201,
      )
    ).id;
    const foreign = await other.post('/api/line/board/cards', {
      friend_id: card.friend_id,
      column_id: otherColumn,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.friend_id).toEqual([BOARD_TEXT.friendNotFound]);
    // Nor can the demo move a card into the other account's column.
    const intoForeign = await move(demo, card, otherColumn);
    expect(intoForeign.statusCode).toBe(422);
    expect(intoForeign.json().errors.column_id).toEqual([BOARD_TEXT.columnNotFound]);
    expect((await board()).cards.find((c) => c.friend_id === card.friend_id)).toEqual(card);
  });

  it('permission: an operator without board-write reads nothing and moves nothing (403)', async () => {
    const b = await board();
    expect((await staff.get('/api/line/board')).statusCode).toBe(403);
    expect((await move(staff, b.cards[0]!, b.columns[1]!.id)).statusCode).toBe(403);
    expect(
      (
        await staff.post('/api/line/board/columns', {
          name: 'x',
          colour: '#000000',
          limit: null,
          chat_state: null,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('live: a move made in another server process reaches every open stream of the account, and no other account’s', async () => {
    const b = await board();
    const card = b.cards.find((c) => c.column_id !== column(b, '要フォロー').id)!;
    const [mine, theirs] = await Promise.all([
      openStream(`${url}/api/line/events`, demo.cookie),
      openStream(`${url}/api/line/events`, other.cookie),
    ]);
    expect(mine.status).toBe(200);
    const secondDemo = await signIn(second, 'demo');
    await ok(await move(secondDemo, card, column(b, '要フォロー').id));
    await mine.waitFor(1);
    expect(mine.events[0]?.data).toMatchObject({
      kind: 'board',
      change: 'card',
      account_id: expect.any(Number),
      friend_id: card.friend_id,
      column_id: column(b, '要フォロー').id,
      version: card.version + 1,
    });
    // The other account's stream heard nothing, though it was open the whole time.
    await ok(await other.get('/api/line/board'));
    expect(theirs.events).toEqual([]);
    mine.close();
    theirs.close();
  });
});

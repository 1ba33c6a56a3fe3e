import { BOARD_TEXT, type Board } from '@tsunagu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeHandler } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';

const card = (friendId: number, columnId: number, name: string) => ({
  friend_id: friendId,
  column_id: columnId,
  version: 3,
  display_name: name,
  icon_url: '',
  last_message_at: null,
  last_message_preview: null,
  tags: [],
  assignee: null,
  due_date: null,
  moved_at: '2026-11-20T01:00:00.000Z',
});
const board: Board = {
  columns: [
    {
      id: 1,
      name: '新規',
      colour: '#2f80ed',
      order: 1,
      limit: null,
      chat_state: 'unhandled',
      card_count: 1,
    },
    {
      id: 2,
      name: '予約待ち',
      colour: '#f2994a',
      order: 2,
      limit: 1,
      chat_state: null,
      card_count: 1,
    },
  ],
  cards: [card(11, 1, '佐藤 美咲'), card(12, 2, '高橋 美咲')],
};

function render(api: Record<string, FakeHandler> = {}) {
  return renderApp('/line/board', {
    session: makeSession(),
    api: { 'GET /api/line/board': () => reply(200, board), ...api },
  });
}

describe('BoardList (issue 24)', () => {
  it('ROUTE-18 moves a card from its 移動 menu with the version it showed', async () => {
    const app = render({
      'PUT /api/line/board/cards/:id': (request) =>
        reply(200, { ...card(11, 2, '佐藤 美咲'), version: 4, ...(request.body as object) }),
    });
    const fresh = await screen.findByRole('region', { name: '新規' });
    await app.user.click(within(fresh).getByRole('button', { name: '佐藤 美咲を移動' }));
    await app.user.click(screen.getByRole('menuitem', { name: '予約待ち' }));
    const waiting = screen.getByRole('region', { name: '予約待ち' });
    expect(await within(waiting).findByRole('listitem', { name: '佐藤 美咲' })).toBeVisible();
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ version: 3, column_id: 2 });
  });

  it('a refused move goes back to its column and says why', async () => {
    const app = render({
      'PUT /api/line/board/cards/:id': () =>
        reply(409, { message: BOARD_TEXT.columnFull('予約待ち', 1) }),
    });
    const fresh = await screen.findByRole('region', { name: '新規' });
    await app.user.click(within(fresh).getByRole('button', { name: '佐藤 美咲を移動' }));
    await app.user.click(screen.getByRole('menuitem', { name: '予約待ち' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      BOARD_TEXT.columnFull('予約待ち', 1),
    );
    expect(
      within(screen.getByRole('region', { name: '新規' })).getByRole('listitem', {
        name: '佐藤 美咲',
      }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: '予約待ち' })).queryByRole('listitem', {
        name: '佐藤 美咲',
      }),
    ).toBeNull();
  });
});

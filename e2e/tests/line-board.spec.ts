import { BOARD_TEXT, type Board } from '@tsunagu/contracts';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

// Issue 24: the follow-up board. Two staff have it open in two browsers; a card dragged by one
// moves on the other's screen without a reload (the account's event stream). A move the server
// refuses (a full column) goes back, with the reason.
test.describe.configure({ mode: 'serial' });

const json = { 'x-requested-with': 'XMLHttpRequest' };
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function boardOf(page: Page): Promise<Board> {
  const response = await page.request.get('/api/line/board');
  expect(response.status()).toBe(200);
  return (await response.json()) as Board;
}

test('a card dragged in one browser moves in another browser live; a full column sends it back with the reason', async ({
  browser,
}) => {
  // Wide enough for the four columns side by side: the drag needs no sideways scroll.
  const wide = { viewport: { width: 1600, height: 900 } };
  const [first, second] = await Promise.all([browser.newContext(wide), browser.newContext(wide)]);
  try {
    const [a, b] = await Promise.all([first.newPage(), second.newPage()]);
    await Promise.all([signIn(a, 'demo'), signIn(b, 'demo')]);
    await Promise.all([a.goto('/line/board'), b.goto('/line/board')]);
    await expect(a.getByRole('heading', { level: 1, name: 'ボード一覧' })).toBeVisible();

    const board = await boardOf(a);
    const fresh = board.columns.find((c) => c.name === '新規')!;
    const card = board.cards.find((c) => c.column_id === fresh.id)!;
    const name = card.display_name;
    await expect(column(b, '新規').getByRole('listitem', { name })).toBeVisible();

    // Drag in the first browser: the card lands in 要フォロー there and, live, in the second.
    await column(a, '新規')
      .getByRole('listitem', { name })
      .dragTo(column(a, '要フォロー').getByRole('list').first());
    await expect(column(a, '要フォロー').getByRole('listitem', { name })).toBeVisible();
    await expect(column(b, '要フォロー').getByRole('listitem', { name })).toBeVisible();
    await expect(column(b, '新規').getByRole('listitem', { name })).toHaveCount(0);

    // 来店済み is made full; the second browser moves the card there with the keyboard's menu.
    const visited = board.columns.find((c) => c.name === '来店済み')!;
    const full = await a.request.put(`/api/line/board/columns/${visited.id}`, {
      headers: json,
      data: {
        ...visited,
        limit: visited.card_count,
        card_count: undefined,
        id: undefined,
        order: undefined,
      },
    });
    expect(full.status(), await full.text()).toBe(200);
    await b.getByRole('button', { name: `${name}を移動` }).click();
    await b.getByRole('menuitem', { name: '来店済み' }).click();
    await expect(b.getByRole('alert')).toContainText(
      BOARD_TEXT.columnFull('来店済み', visited.card_count),
    );
    await expect(column(b, '要フォロー').getByRole('listitem', { name })).toBeVisible();
    await expect(column(b, '来店済み').getByRole('listitem', { name })).toHaveCount(0);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

test('a card moves with Alt+→ from the keyboard', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/line/board');
  const board = await boardOf(page);
  const fresh = board.columns.find((c) => c.name === '新規')!;
  const card = board.cards.find((c) => c.column_id === fresh.id)!;
  const name = card.display_name;
  await column(page, '新規').getByRole('link', { name }).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(column(page, '予約待ち').getByRole('listitem', { name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '予約待ち' })).toHaveCount(1);
});

import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, disconnectChannel } from '../line-webhook';

// Issue 25, ROUTE-28: a saved 6-area menu is published from its editor as everyone's default;
// the built server's publish job makes it on the fake LINE (menu, image, default) and the list
// shows it 公開中 with its areas.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const json = { 'x-requested-with': 'XMLHttpRequest' };
const NAME = 'e2e 公開する6分割メニュー';

/** Six cells of a 3×2 grid over LINE's large size, each a link. */
const sixAreas = Array.from({ length: 6 }, (_, i) => ({
  bounds: {
    x: (i % 3) * 833,
    y: Math.floor(i / 3) * 843,
    width: i % 3 === 2 ? 834 : 833,
    height: 843,
  },
  action: { type: 'uri', uri: `https://example.com/menu/${i + 1}` },
}));

test('ROUTE-28 a menu published as the default from its editor is 公開中 on LINE and in the list', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  try {
    const created = await page.request.post('/api/line/rich_menus', {
      headers: json,
      data: {
        name: NAME,
        chat_bar_text: 'メニュー',
        selected: true,
        size: { width: 2500, height: 1686 },
        areas: sixAreas,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // The picture as the browser paints it, uploaded raw as the editor does.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1250;
      canvas.height = 843;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#2f6f5e';
      g.fillRect(0, 0, 1250, 843);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    const uploaded = await page.request.put(`/api/line/rich_menus/${id}/image`, {
      headers: { ...json, 'content-type': 'image/png' },
      data: Buffer.from(png, 'base64'),
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await page.goto(`/line/richmenu/${id}/edit`);
    await page.getByRole('radio', { name: 'すべての友だち（デフォルト）' }).check();
    await page.getByRole('button', { name: '公開する' }).click();
    // The job runs beside the API; the editor follows its progress to the end.
    await expect(page.getByRole('region', { name: '公開', exact: true })).toContainText('公開中', {
      timeout: 60_000,
    });

    const onLine = [...lineServer.line.richMenu.menus.values()].filter(
      (menu) => menu.channelId === channel.channelId && menu.name === NAME,
    );
    expect(onLine).toHaveLength(1);
    expect(onLine[0]!.areas).toHaveLength(6);
    expect(onLine[0]!.image).not.toBeNull();
    expect(lineServer.line.richMenu.defaults.get(channel.channelId)).toBe(onLine[0]!.richMenuId);

    await page.getByRole('link', { name: '← リッチメニュー一覧' }).click();
    const row = page.getByTestId('rich-menu-row').filter({ hasText: NAME });
    await expect(row).toContainText('公開中');
    await expect(row).toContainText('6個');
  } finally {
    await disconnectChannel(page);
  }
});

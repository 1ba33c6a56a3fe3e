import { RICH_MENU_TEXT, type RichMenu } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richMenus } from '../../db/schema/index.js';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';
import { RICH_MENU_EDIT_TEXT } from './service.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Issue 25, decision 0268: the editor saves a menu again (`PUT …/{id}`) and shows its prepared
 * picture (`GET …/{id}/image`) — per account, writes for template-write only.
 */
describe(`rich menu editor routes (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const menu = (patch: Record<string, unknown> = {}) => ({
    name: '予約メニュー',
    chat_bar_text: 'メニュー',
    selected: true,
    size: { width: 2500, height: 843 },
    areas: [],
    ...patch,
  });
  const png = () =>
    sharp({ create: { width: 2500, height: 843, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a saved draft takes the new name and areas; staff and another account cannot save it', async () => {
    const mine = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    const areas = [
      {
        bounds: { x: 0, y: 0, width: 1250, height: 843 },
        action: { type: 'uri', uri: 'https://example.com/r/abc' },
      },
    ];
    const saved = await ok<RichMenu>(
      await demo.put(`/api/line/rich_menus/${mine.id}`, menu({ name: '冬のメニュー', areas })),
    );
    expect(saved).toMatchObject({ name: '冬のメニュー', areas, state: 'draft' });
    expect((await ok<RichMenu>(await demo.get(`/api/line/rich_menus/${mine.id}`))).name).toBe(
      '冬のメニュー',
    );
    expect((await staff.put(`/api/line/rich_menus/${mine.id}`, menu())).statusCode).toBe(403);
    expect((await other.put(`/api/line/rich_menus/${mine.id}`, menu())).statusCode).toBe(404);
    const tooLong = await demo.put(
      `/api/line/rich_menus/${mine.id}`,
      menu({ chat_bar_text: 'あ'.repeat(15) }),
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ chat_bar_text: [RICH_MENU_TEXT.chatBarTooLong] });
  });

  it('the picture is read back by any operator of the account; a new size drops it', async () => {
    const mine = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    expect((await demo.get(`/api/line/rich_menus/${mine.id}/image`)).json()).toEqual(
      expect.objectContaining({ message: RICH_MENU_EDIT_TEXT.noImage }),
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/line/rich_menus/${mine.id}/image`,
      headers: { cookie: demo.cookie, ...CSRF_HEADERS, 'content-type': 'image/png' },
      payload: await png(),
    });
    const image = await staff.get(`/api/line/rich_menus/${mine.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 2500, height: 843 });
    expect((await other.get(`/api/line/rich_menus/${mine.id}/image`)).statusCode).toBe(404);

    const resized = await ok<RichMenu>(
      await demo.put(
        `/api/line/rich_menus/${mine.id}`,
        menu({ size: { width: 2500, height: 1686 } }),
      ),
    );
    expect(resized.has_image).toBe(false);
  });

  it('a menu being published cannot be saved (409)', async () => {
    const mine = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    await t.app.db.update(richMenus).set({ state: 'publishing' }).where(eq(richMenus.id, mine.id));
    const refused = await demo.put(`/api/line/rich_menus/${mine.id}`, menu({ name: '変更' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RICH_MENU_TEXT.busy);
  });
});

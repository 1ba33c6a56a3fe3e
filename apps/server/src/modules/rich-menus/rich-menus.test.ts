import { RICH_MENU_TEXT, type ActionSet, type RichMenu } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
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
import { RICH_MENU_IMAGE_TEXT } from './rich-menu-image.js';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Issue 25: rich menu drafts (decision 0258) — made and read per account, areas naming only the
 * account's own action sets and menus, writes for `template-write` only, the image prepared to
 * the menu's size on `PUT …/image`.
 */
describe(`rich menus (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let demoSet: ActionSet;
  let otherSet: ActionSet;

  async function ok<T>(response: { statusCode: number; body: string; json(): T }, code = 200) {
    expect(response.statusCode, response.body).toBe(code);
    return response.json();
  }
  const errorsOf = (response: { json(): unknown }) =>
    (response.json() as { errors: Record<string, string[]> }).errors;
  const menu = (areas: unknown[] = []) => ({
    name: '予約メニュー',
    chat_bar_text: 'メニュー',
    selected: true,
    size: { width: 2500, height: 843 },
    areas,
  });
  const area = (action: unknown, x = 0) => ({
    bounds: { x, y: 0, width: 1250, height: 843 },
    action,
  });
  const putImage = (client: Client, id: number, body: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/line/rich_menus/${id}/image`,
      headers: { cookie: client.cookie, ...CSRF_HEADERS, 'content-type': type },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const set = (client: Client) =>
      client.post('/api/line/action_sets', { name: '予約', actions: [] });
    demoSet = await ok<ActionSet>(await set(demo), 201);
    otherSet = await ok<ActionSet>(await set(other), 201);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('a draft made with an action set and a tab switch is listed and read by its account only', async () => {
    const first = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    const created = await ok<RichMenu>(
      await demo.post(
        '/api/line/rich_menus',
        menu([
          area({ type: 'postback', action_set_id: demoSet.id }),
          area({ type: 'richmenuswitch', rich_menu_id: first.id }, 1250),
        ]),
      ),
      201,
    );
    expect(created).toMatchObject({
      state: 'draft',
      has_image: false,
      line_rich_menu_id: null,
      publish: null,
      size: { width: 2500, height: 843 },
    });
    expect(created.areas[0]!.action).toEqual({ type: 'postback', action_set_id: demoSet.id });
    const list = await ok<{ rich_menus: RichMenu[] }>(await staff.get('/api/line/rich_menus'));
    expect(list.rich_menus.map((m) => m.id)).toEqual([first.id, created.id]);
    expect((await other.get(`/api/line/rich_menus/${created.id}`)).statusCode).toBe(404);
    const others = await ok<{ rich_menus: RichMenu[] }>(await other.get('/api/line/rich_menus'));
    expect(others.rich_menus.map((m) => m.id)).not.toContain(created.id);
  });

  it("an area naming another account's action set or menu is refused, naming the field", async () => {
    const theirs = await ok<RichMenu>(await other.post('/api/line/rich_menus', menu()), 201);
    const response = await demo.post(
      '/api/line/rich_menus',
      menu([
        area({ type: 'datetimepicker', mode: 'date', action_set_id: otherSet.id }),
        area({ type: 'richmenuswitch', rich_menu_id: theirs.id }, 1250),
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({
      'areas.0.action.action_set_id': ['アクションセットが見つかりません'],
      'areas.1.action.rich_menu_id': [RICH_MENU_TEXT.notFound],
    });
  });

  it('the body is checked at the edge: menu bar text over 14 names chat_bar_text', async () => {
    const response = await demo.post('/api/line/rich_menus', {
      ...menu(),
      chat_bar_text: 'あ'.repeat(15),
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ chat_bar_text: [RICH_MENU_TEXT.chatBarTooLong] });
  });

  it('writes need template-write: staff reads but cannot create or upload', async () => {
    expect((await staff.post('/api/line/rich_menus', menu())).statusCode).toBe(403);
    const mine = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    const png = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect((await putImage(staff, mine.id, png)).statusCode).toBe(403);
  });

  it("the owner's picture is stored at the menu's size within 1 MB; not an image is a 422; another account's menu is a 404", async () => {
    const mine = await ok<RichMenu>(await demo.post('/api/line/rich_menus', menu()), 201);
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#e94' },
    })
      .jpeg()
      .toBuffer();
    const stored = await ok<RichMenu>(await putImage(demo, mine.id, photo, 'image/jpeg'));
    expect(stored.has_image).toBe(true);
    const [row] = await t.app.db
      .select({ image: richMenus.image })
      .from(richMenus)
      .where(and(eq(richMenus.id, mine.id)));
    const meta = await sharp(row!.image!).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 2500, height: 843 });
    expect(row!.image!.length).toBeLessThanOrEqual(1024 * 1024);

    const text = await putImage(demo, mine.id, Buffer.from('これは画像ではありません'));
    expect(text.statusCode).toBe(422);
    expect(errorsOf(text)).toEqual({ image: [RICH_MENU_IMAGE_TEXT.notImage] });
    expect((await putImage(other, mine.id, photo, 'image/jpeg')).statusCode).toBe(404);
  });
});

import type { LandingChoices, LandingPage, MessageImage, Site, SitePage } from '@tsunagu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forms,
  members,
  salonReservations,
  salonCourses,
  salons,
  trackerArrivals,
  trackerClicks,
  trackers,
} from '../../db/schema/index.js';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  login,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const CONSOLE = 'https://console.example.jp';
const PAGES = 'https://pages.example.jp';
const PAGES_HOST = 'pages.example.jp';

/**
 * The XSS payloads a PureEdit body is tested with (decision 0342 lists the same): each must be
 * gone from what is stored and what is served. `marker` is what would be left if it survived.
 */
const XSS_PAYLOADS = [
  { name: '<script>', html: '<script>alert(1)</script>', marker: /<script|alert\(1\)/i },
  {
    name: 'onerror=',
    html: '<img src="https://x.example/a.png" onerror="alert(2)">',
    marker: /onerror|alert\(2\)/i,
  },
  {
    name: 'javascript: URL',
    html: '<a href="javascript:alert(3)">a</a>',
    marker: /javascript:|alert\(3\)/i,
  },
  {
    name: 'SVG with script',
    html: '<svg><script>alert(4)</script></svg>',
    marker: /<svg|alert\(4\)/i,
  },
  { name: 'SVG onload', html: '<svg onload="alert(5)"></svg>', marker: /<svg|onload|alert\(5\)/i },
  {
    name: 'CSS expression()',
    html: '<div style="width:expression(alert(6))">x</div>',
    marker: /expression|alert\(6\)|style=/i,
  },
  {
    name: 'CSS url(javascript:)',
    html: '<p style="background:url(javascript:alert(7))">x</p>',
    marker: /javascript:|alert\(7\)|style=/i,
  },
  {
    name: '<style> block',
    html: '<style>body{background:url("javascript:alert(8)")}</style>',
    marker: /<style>body|alert\(8\)/i,
  },
  {
    name: '<iframe>',
    html: '<iframe src="https://evil.example/"></iframe>',
    marker: /<iframe|evil\.example/i,
  },
  {
    name: '<object>',
    html: '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/e">',
    marker: /<object|<embed|evil\.example/i,
  },
  {
    name: 'data: URL in href',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg5KTwvc2NyaXB0Pg==">d</a>',
    marker: /data:text/i,
  },
  {
    name: '<meta http-equiv=refresh>',
    html: '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    marker: /<meta http-equiv|evil\.example/i,
  },
  { name: '<base>', html: '<base href="https://evil.example/">', marker: /<base|evil\.example/i },
  {
    name: 'form action javascript:',
    html: '<form action="javascript:alert(10)"><button>送信</button></form>',
    marker: /<form|javascript:|alert\(10\)/i,
  },
  {
    name: 'mixed-case and entity-encoded javascript:',
    html: '<a href="JaVaScRiPt&#58;alert(11)">b</a>',
    marker: /javascript|alert\(11\)/i,
  },
];

/** Issue 29 (decisions 0340–0343): landing pages at /p/, shop sites at /s/, sanitised HTML. */
describe(`landing pages and sites (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let other: Client;
  let image: MessageImage;
  let demoSalon: { id: number; publicKey: string; name: string };
  let demoForm: { id: number; publicKey: string };
  let accountId: number;

  const onPages = (url: string, host = PAGES_HOST) =>
    t.app.inject({ method: 'GET', url, headers: { host } });
  const page = (slug: string, blocks: unknown[], extra: object = {}) => ({
    name: `テスト ${slug}`,
    slug,
    title: '冬のキャンペーン',
    description: '初回20%オフ',
    blocks,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: CONSOLE, PAGES_ORIGIN: PAGES });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    const me = (await demo.get('/api/auth/me')).json<{ account: { id: number } }>();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/line/message_images',
      headers: { cookie: demo.cookie, ...CSRF_HEADERS, 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode).toBe(201);
    image = uploaded.json<MessageImage>();
    const salonRows = await t.app.db
      .select({ id: salons.id, publicKey: salons.publicKey, name: salons.name })
      .from(salons)
      .where(eq(salons.accountId, me.account.id));
    demoSalon = salonRows[0]!;
    const formRows = await t.app.db
      .select({ id: forms.id, publicKey: forms.publicKey })
      .from(forms)
      .where(eq(forms.accountId, me.account.id));
    demoForm = formRows[0]!;
    accountId = me.account.id;
    expect(demoSalon).toBeDefined();
    expect(demoForm).toBeDefined();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a malformed block, naming the block and its field in Japanese', async () => {
    const response = await demo.post(
      '/api/line/landing_pages',
      page('bad-blocks', [
        { type: 'heading', text: '' },
        { type: 'video', url: 'x' },
      ]),
    );
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['blocks.0.text', 'blocks.1.type']));
    expect(JSON.stringify(errors)).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('refuses a slug that is not lower-case letters, digits and hyphens', async () => {
    const response = await demo.post('/api/line/landing_pages', page('Winter Sale!', []));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.slug).toEqual([
      'URL は半角英小文字・数字・ハイフンの 3〜60 文字で、先頭と末尾は英数字にしてください',
    ]);
  });

  it('refuses a friend-add button without a tracker', async () => {
    const response = await demo.post(
      '/api/line/landing_pages',
      page('no-tracker', [{ type: 'friend_button', label: '友だち追加' }]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['blocks.0.label']).toEqual([
      '友だち追加ボタンには流入経路を選んでください',
    ]);
  });

  it('keeps a draft off the public page until 公開, then shows the published copy with OGP and every block', async () => {
    const created = await demo.post(
      '/api/line/landing_pages',
      page(
        'winter-sale',
        [
          { type: 'heading', text: '冬のキャンペーン', level: 1 },
          { type: 'text', text: 'ご来店お待ちしています' },
          { type: 'image', image_id: image.id, alt: '店内' },
          { type: 'booking_button', label: '予約する', salon_id: demoSalon.id },
          { type: 'form', label: 'アンケートに答える', form_id: demoForm.id },
          { type: 'coupon', title: '20%オフ', code: 'WINTER', valid_until: '2026-12-31' },
          { type: 'map', address: '東京都渋谷区神南1-1-1' },
          { type: 'faq', items: [{ question: '駐車場は？', answer: 'ありません' }] },
        ],
        { og_image_id: image.id },
      ),
    );
    expect(created.statusCode).toBe(201);
    const lp = created.json<LandingPage>();
    expect(lp).toMatchObject({
      url: `${PAGES}/p/winter-sale`,
      published_at: null,
      has_unpublished_changes: true,
    });
    expect((await onPages('/p/winter-sale')).statusCode).toBe(404);

    const published = await demo.post(`/api/line/landing_pages/${lp.id}/publish`);
    expect(published.json<LandingPage>()).toMatchObject({ has_unpublished_changes: false });
    const shown = await onPages('/p/winter-sale');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    const html = shown.body;
    expect(html).toContain('<h1>冬のキャンペーン</h1>');
    expect(html).toContain('<meta property="og:title" content="冬のキャンペーン">');
    expect(html).toContain(`<meta property="og:url" content="${PAGES}/p/winter-sale">`);
    expect(html).toContain(`<meta property="og:image" content="${image.original_url}">`);
    expect(html).toContain(`src="${image.original_url}"`);
    expect(html).toContain(`href="${CONSOLE}/r/${demoSalon.publicKey}"`);
    expect(html).toContain(`href="${CONSOLE}/f/${demoForm.publicKey}"`);
    expect(html).toContain('有効期限：2026/12/31まで');
    expect(html).toContain('<details><summary>駐車場は？</summary>');
    expect(html).toContain('maps/search/?api=1&amp;query=');
    expect(html).not.toMatch(/<script/i);

    // 下書き保存 changes the draft only; the public page shows the published copy until 公開.
    const edited = await demo.put(
      `/api/line/landing_pages/${lp.id}`,
      page('winter-sale', [{ type: 'heading', text: '春のキャンペーン', level: 1 }], {
        og_image_id: image.id,
      }),
    );
    expect(edited.json<LandingPage>().has_unpublished_changes).toBe(true);
    expect((await onPages('/p/winter-sale')).body).toContain('冬のキャンペーン</h1>');
    await demo.post(`/api/line/landing_pages/${lp.id}/publish`);
    expect((await onPages('/p/winter-sale')).body).toContain('<h1>春のキャンペーン</h1>');

    // Views were counted on /p/ (three answered pages; the 404 before publishing is not one).
    const listed = (await demo.get('/api/line/landing_pages')).json<{ pages: LandingPage[] }>();
    expect(listed.pages.find((row) => row.id === lp.id)?.stats).toEqual({
      views: 3,
      friends: 0,
      bookings: 0,
    });

    await demo.post(`/api/line/landing_pages/${lp.id}/unpublish`);
    expect((await onPages('/p/winter-sale')).statusCode).toBe(404);
  });

  it('serves /p/ with a strict CSP: no script at all, styles only by hash, no frames, forms or base', async () => {
    const created = (
      await demo.post('/api/line/landing_pages', page('csp-check', [{ type: 'text', text: 'x' }]))
    ).json<LandingPage>();
    await demo.post(`/api/line/landing_pages/${created.id}/publish`);
    const csp = String((await onPages('/p/csp-check')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('makes a slug unique over all accounts (/p/ has no account in it)', async () => {
    await demo.post('/api/line/landing_pages', page('shared-slug', []));
    const response = await other.post('/api/line/landing_pages', page('shared-slug', []));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.slug).toEqual(['この URL はすでに使われています']);
  });

  it("keeps accounts apart: another account's page is not found and its images, forms and salons cannot be used", async () => {
    const mine = (
      await demo.post('/api/line/landing_pages', page('tenancy-mine', []))
    ).json<LandingPage>();
    expect((await other.get(`/api/line/landing_pages/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.put(`/api/line/landing_pages/${mine.id}`, page('tenancy-x', []))).statusCode,
    ).toBe(404);
    expect((await other.post(`/api/line/landing_pages/${mine.id}/publish`)).statusCode).toBe(404);
    expect((await other.delete(`/api/line/landing_pages/${mine.id}`)).statusCode).toBe(404);
    const theirs = await other.post(
      '/api/line/landing_pages',
      page('tenancy-theirs', [
        { type: 'image', image_id: image.id },
        { type: 'form', label: 'フォーム', form_id: demoForm.id },
        { type: 'booking_button', label: '予約', salon_id: demoSalon.id },
      ]),
    );
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({
      'blocks.0.image_id': ['画像が見つかりません'],
      'blocks.1.form_id': ['フォームが見つかりません'],
      'blocks.2.salon_id': ['予約ボタンにはサロンを選んでください'],
    });
    const list = (await other.get('/api/line/landing_pages')).json<{ pages: LandingPage[] }>();
    expect(list.pages.map((row) => row.slug)).not.toContain('tenancy-mine');
  });

  it("points the friend-add button at the page's tracker /t/{code} and counts its friends and their bookings", async () => {
    const [tracker] = await t.app.db
      .insert(trackers)
      .values({ accountId, name: 'LP 冬', code: 'lpwinter01' })
      .returning();
    const created = await demo.post(
      '/api/line/landing_pages',
      page('with-tracker', [{ type: 'friend_button', label: 'LINEで友だち追加' }], {
        tracker_id: tracker!.id,
      }),
    );
    expect(created.statusCode).toBe(201);
    const lp = created.json<LandingPage>();
    await demo.post(`/api/line/landing_pages/${lp.id}/publish`);
    expect((await onPages('/p/with-tracker')).body).toContain(
      `<a class="button line" href="${CONSOLE}/t/lpwinter01">LINEで友だち追加</a>`,
    );
    // Another account cannot send its page through demo's tracker.
    const theirs = await other.post(
      '/api/line/landing_pages',
      page('their-tracker', [], { tracker_id: tracker!.id }),
    );
    expect(theirs.json().errors).toEqual({ tracker_id: ['流入経路が見つかりません'] });

    // Two friends (with no booking yet) arrived through the tracker; one of them booked afterwards.
    const [first, second] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.accountId, accountId),
          sql`not exists (select 1 from ${salonReservations} where ${salonReservations.memberId} = ${members.id})`,
        ),
      )
      .limit(2);
    for (const member of [first!, second!]) {
      const [click] = await t.app.db
        .insert(trackerClicks)
        .values({ accountId, trackerId: tracker!.id, stage: 'friend', memberId: member.id })
        .returning();
      await t.app.db.insert(trackerArrivals).values({
        accountId,
        trackerId: tracker!.id,
        memberId: member.id,
        clickId: click!.id,
        kind: 'new_friend',
      });
    }
    const booked = await t.app.db
      .select({ id: salonReservations.id })
      .from(salonReservations)
      .where(eq(salonReservations.salonId, demoSalon.id))
      .limit(1);
    await t.app.db
      .update(salonReservations)
      .set({ memberId: first!.id, createdAt: new Date(Date.now() + 60_000) })
      .where(eq(salonReservations.id, booked[0]!.id));
    const shown = (await demo.get(`/api/line/landing_pages/${lp.id}`)).json<LandingPage>();
    expect(shown.stats).toEqual({ views: 1, friends: 2, bookings: 1 });
  });

  it("never lets the console's session cookie reach /p/ or /s/: host-only cookie, pages answered only on their own host", async () => {
    const signedIn = await login(t.app, 'demo');
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('tsunagu_session=');
    expect(setCookie.toLowerCase()).not.toContain('domain=');
    expect(new URL(CONSOLE).host).not.toBe(PAGES_HOST);

    const created = (
      await demo.post(
        '/api/line/landing_pages',
        page('cookie-check', [{ type: 'text', text: 'x' }]),
      )
    ).json<LandingPage>();
    await demo.post(`/api/line/landing_pages/${created.id}/publish`);
    // Asked on the console's host (where the browser would send the cookie): only a redirect.
    const onConsole = await t.app.inject({
      method: 'GET',
      url: '/p/cookie-check',
      headers: { host: 'console.example.jp', cookie: demo.cookie },
    });
    expect(onConsole.statusCode).toBe(308);
    expect(onConsole.headers.location).toBe(`${PAGES}/p/cookie-check`);
    expect(onConsole.body).not.toContain('<main>');
    const onSite = await t.app.inject({
      method: 'GET',
      url: '/s/any-site',
      headers: { host: 'console.example.jp' },
    });
    expect(onSite.headers.location).toBe(`${PAGES}/s/any-site`);
    const shown = await onPages('/p/cookie-check');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['set-cookie']).toBeUndefined();
  });

  it(`sanitises a PureEdit page on save and serves it without any of ${XSS_PAYLOADS.length} XSS payloads`, async () => {
    const site = await demo.post('/api/line/sites', {
      name: 'サロン公式サイト',
      slug: 'xss-site',
      salon_id: null,
    });
    expect(site.statusCode).toBe(201);
    const body = XSS_PAYLOADS.map(
      (payload, index) => `<p>安全な文章 ${index}</p>${payload.html}`,
    ).join('\n');
    const saved = await demo.post(`/api/line/sites/${site.json<Site>().id}/pages`, {
      title: 'お知らせ',
      path: 'news',
      html: `<h2>お知らせ</h2>${body}<a href="https://example.jp/">公式</a>`,
    });
    expect(saved.statusCode).toBe(201);
    const stored = (
      await demo.get(`/api/line/site_pages/${saved.json<SitePage>().id}`)
    ).json<SitePage>();
    const served = await onPages('/s/xss-site/news');
    expect(served.statusCode).toBe(200);
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'none'");
    for (const payload of XSS_PAYLOADS) {
      expect(stored.html, payload.name).not.toMatch(payload.marker);
      expect(served.body, payload.name).not.toMatch(payload.marker);
      expect(served.body).toContain(`<p>安全な文章 ${XSS_PAYLOADS.indexOf(payload)}</p>`);
    }
    expect(served.body).not.toMatch(/<script|\son[a-z]+=/i);
    expect(served.body).toContain(
      '<a href="https://example.jp/" rel="noopener noreferrer nofollow">公式</a>',
    );
  });

  it('every operator reads the list; staff without landing-write cannot open a page or create one (403)', async () => {
    const staff = await signIn(t.app, 'staff');
    const listed = await staff.get('/api/line/landing_pages');
    expect(listed.statusCode).toBe(200);
    const demoPages = (await demo.get('/api/line/landing_pages')).json<{
      pages: { id: number }[];
    }>();
    expect(listed.json<{ pages: { id: number }[] }>().pages.map((p) => p.id)).toEqual(
      demoPages.pages.map((p) => p.id),
    );
    expect((await staff.post('/api/line/landing_pages', page('スタッフ', []))).statusCode).toBe(
      403,
    );
    if (demoPages.pages[0])
      expect((await staff.get(`/api/line/landing_pages/${demoPages.pages[0].id}`)).statusCode).toBe(
        403,
      );
  });

  it("builds a shop site's menu, staff and hours from the salon at each request (always current)", async () => {
    const created = await demo.post('/api/line/sites', {
      name: 'デモサロン',
      slug: 'demo-shop',
      salon_id: demoSalon.id,
    });
    expect(created.statusCode).toBe(201);
    const courses = await t.app.db
      .select()
      .from(salonCourses)
      .where(eq(salonCourses.salonId, demoSalon.id));
    const course = courses.find((row) => row.isPublic)!;
    const menu = await onPages('/s/demo-shop/menu');
    expect(menu.statusCode).toBe(200);
    expect(menu.body).toContain(course.name);
    expect(menu.body).toContain(`${course.price.toLocaleString('ja-JP')}円`);
    expect(menu.body).toContain(`href="${CONSOLE}/r/${demoSalon.publicKey}"`);
    // The salon renames the course: the site shows the new name at once, nothing to republish.
    await t.app.db
      .update(salonCourses)
      .set({ name: '新メニュー・冬限定' })
      .where(eq(salonCourses.id, course.id));
    expect((await onPages('/s/demo-shop/menu')).body).toContain('新メニュー・冬限定');
    const hours = await onPages('/s/demo-shop/hours');
    expect(hours.body).toContain('<h2>営業時間</h2>');
    expect((await onPages('/s/demo-shop/staff')).body).toContain('<h2>スタッフ</h2>');
    expect(
      (
        await other.post('/api/line/sites', {
          name: 'x',
          slug: 'other-shop',
          salon_id: demoSalon.id,
        })
      ).json().errors,
    ).toEqual({ salon_id: ['サロンが見つかりません'] });
  });

  it("files a site in one of the account's content groups like pages and trackers; another account's folder is refused by name", async () => {
    const folder = (
      await demo.post('/api/line/content-groups', { name: 'サイトのフォルダ' })
    ).json<{ id: number }>();
    const created = await demo.post('/api/line/sites', {
      name: '店のサイト',
      slug: 'filed-shop',
      salon_id: null,
      group_id: folder.id,
    });
    expect(created.statusCode).toBe(201);
    const listed = (await demo.get('/api/line/sites')).json<{ sites: Site[] }>().sites;
    expect(listed.find((site) => site.slug === 'filed-shop')?.group_id).toBe(folder.id);
    const refused = await other.post('/api/line/sites', {
      name: 'x',
      slug: 'other-filed-shop',
      salon_id: null,
      group_id: folder.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ group_id: ['フォルダが見つかりません'] });
  });

  it("files a landing page only in the account's own content groups; another account's folder is refused by name", async () => {
    const folder = (
      await demo.post('/api/line/content-groups', { name: 'ページのフォルダ' })
    ).json<{ id: number }>();
    const filed = await demo.post(
      '/api/line/landing_pages',
      page('filed-page', [], { group_id: folder.id }),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const refused = await other.post(
      '/api/line/landing_pages',
      page('other-filed-page', [], { group_id: folder.id }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ group_id: ['フォルダが見つかりません'] });
  });

  it("the editor's choices are the account's own images, forms, salons and trackers, by name; staff is refused", async () => {
    const mine = (await demo.get('/api/line/landing_pages/choices')).json<LandingChoices>();
    expect(mine.images.map((choice) => choice.id)).toContain(image.id);
    expect(mine.images.find((choice) => choice.id === image.id)).toMatchObject({
      label: expect.stringMatching(/^#\d+（8×8、\d{4}\/\d{2}\/\d{2}）$/),
      url: expect.stringMatching(/^\/api\/media\/images\//),
    });
    expect(mine.forms.map((choice) => choice.id)).toContain(demoForm.id);
    expect(mine.salons).toContainEqual({ id: demoSalon.id, name: demoSalon.name });
    const theirs = (await other.get('/api/line/landing_pages/choices')).json<LandingChoices>();
    expect(theirs.images.map((choice) => choice.id)).not.toContain(image.id);
    expect(theirs.forms.map((choice) => choice.id)).not.toContain(demoForm.id);
    expect(theirs.salons.map((choice) => choice.id)).not.toContain(demoSalon.id);
    const staff = await signIn(t.app, 'staff');
    expect((await staff.get('/api/line/landing_pages/choices')).statusCode).toBe(403);
  });
});

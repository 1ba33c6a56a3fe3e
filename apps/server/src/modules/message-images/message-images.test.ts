import type { FriendList, MessageImage, Notification } from '@tsunagu/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import { deliverQueuedPushes } from '../../../test/helpers/push-delivery.js';
import {
  createTestApp,
  CSRF_HEADERS,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const ORIGIN = 'https://console.example.jp';

/** A phone photo: noisy (so it does not compress away), held sideways (EXIF 6), with EXIF. */
async function phonePhoto(width: number, height: number) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 9) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'Tsunagu 1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Issue 24, decision 0305: images an operator attaches to an お知らせ or a chat reply. */
describe(`message images (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let staff: Client;
  let other: Client;

  const upload = (client: Client, bytes: Buffer, type = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: '/api/line/message_images',
      headers: { cookie: client.cookie, ...CSRF_HEADERS, 'content-type': type },
      payload: bytes,
    });
  /** What LINE gets when it fetches a URL we gave it: no cookie, no header of ours. */
  const fetchAsLine = (url: string) =>
    t.app.inject({ method: 'GET', url: url.slice(ORIGIN.length) });

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(81), fakeChannel(82)] });
    t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_PUSH_SENDER: 'line',
      SECRETS_KEY: TEST_SECRETS_KEY,
      PUBLIC_ORIGIN: ORIGIN,
    });
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    await connectChannel(demo, line.channels[0]!);
    await connectChannel(other, line.channels[1]!);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('a phone photo is stored upright without its EXIF; both URLs serve it publicly, cached; an unknown key is 404', async () => {
    const photo = await phonePhoto(1600, 1200);
    const response = await upload(demo, photo);
    expect(response.statusCode, response.body).toBe(201);
    const image: MessageImage = response.json();
    // Held sideways: LINE shows it as the owner saw it, 1200 wide and 1600 high.
    expect(image).toMatchObject({ content_type: 'image/jpeg', width: 1200, height: 1600 });
    expect(image.original_url).toMatch(
      /^https:\/\/console\.example\.jp\/api\/media\/images\/[\w-]{43}$/,
    );
    expect(image.preview_url).toBe(`${image.original_url}/preview`);

    const original = await fetchAsLine(image.original_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toContain('public');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    const served = await sharp(original.rawPayload).metadata();
    expect([served.width, served.height, served.orientation ?? 1]).toEqual([1200, 1600, 1]);
    expect(served.exif).toBeUndefined();
    expect(original.rawPayload.length).toBe(image.bytes);

    const preview = await fetchAsLine(image.preview_url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
    const small = await sharp(preview.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([768, 1024]);

    const unknown = image.original_url.replace(/[\w-]{43}$/, 'A'.repeat(43));
    expect((await fetchAsLine(unknown)).statusCode).toBe(404);
    expect((await fetchAsLine(`${unknown}/preview`)).statusCode).toBe(404);
    expect((await fetchAsLine(`${ORIGIN}/api/media/images/1`)).statusCode).toBe(404);
  });

  it('a PNG stays PNG; what is not a JPEG/PNG, empty or over 10 MB is refused in Japanese naming image', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#ff000080' },
    })
      .png()
      .toBuffer();
    const ok = await upload(demo, png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ content_type: 'image/png', width: 300, height: 200 });
    expect((await fetchAsLine(ok.json().original_url)).headers['content-type']).toBe('image/png');

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const notImage = await upload(demo, gif, 'image/png');
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.image).toEqual(['画像は JPEG か PNG にしてください']);

    const empty = await upload(demo, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.image).toEqual(['画像を選んでください']);

    const huge = await upload(demo, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.body).not.toContain('FST_');
  });

  it('read-only staff cannot upload; another account cannot send demo’s image (tenancy)', async () => {
    const photo = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .toBuffer();
    expect((await upload(staff, photo)).statusCode).toBe(403);
    const image: MessageImage = (await upload(demo, photo)).json();
    const friend = ((await other.get('/api/line/friends')).json() as FriendList).items[0]!;
    const stolen = await other.post(`/api/line/chats/${friend.id}/messages`, {
      image_id: image.id,
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.image_id).toEqual(['画像が見つかりません']);
  });

  it('a chat reply with an uploaded image: LINE receives the image message with both URLs, and the URLs serve it', async () => {
    const image: MessageImage = (await upload(demo, await phonePhoto(800, 600))).json();
    const friend = ((await demo.get('/api/line/friends')).json() as FriendList).items.find(
      (item) => item.follow_state === 'following',
    )!;
    const sent = await demo.post(`/api/line/chats/${friend.id}/messages`, { image_id: image.id });
    expect(sent.statusCode, sent.body).toBe(201);
    await deliverQueuedPushes(t, line);
    const push = line.requests.find(
      (request) =>
        request.path === '/v2/bot/message/push' &&
        JSON.stringify(request.body.messages).includes(image.original_url),
    );
    expect(push?.body.messages).toEqual([
      {
        type: 'image',
        originalContentUrl: image.original_url,
        previewImageUrl: image.preview_url,
      },
    ]);
    const fetched = await fetchAsLine(image.original_url);
    expect(fetched.rawPayload.length).toBe(image.bytes);
  });

  it('an お知らせ with an image goes to LINE with both URLs', async () => {
    const image: MessageImage = (await upload(demo, await phonePhoto(640, 480))).json();
    const created = await demo.post('/api/line/notifications', {
      title: '新メニューの写真',
      content: {
        messages: [
          { type: 'text', text: '新メニューのご案内です' },
          {
            type: 'image',
            originalContentUrl: image.original_url,
            previewImageUrl: image.preview_url,
          },
        ],
      },
      audience: { kind: 'all' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const sent = await demo.post(`/api/line/notifications/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as Notification).state).toBe('sending');
    await deliverQueuedPushes(t, line);
    const request = line.narrowcast.requests.find((r) =>
      JSON.stringify(r.body).includes(image.preview_url),
    );
    expect(request?.body.messages).toContainEqual({
      type: 'image',
      originalContentUrl: image.original_url,
      previewImageUrl: image.preview_url,
    });
    expect((await fetchAsLine(image.preview_url)).statusCode).toBe(200);
  });
});

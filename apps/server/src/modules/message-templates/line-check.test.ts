import type { Template } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannel, startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { connectChannel } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  ...extra,
});
/** Within every limit we check; LINE refuses the word LINE in a sender's name. */
const lineSender = text('お知らせです', { sender: { name: 'LINE公式サロン' } });

/** Issue 23: a template is also checked by LINE itself on save (decision 0192). */
describe(`templates checked by LINE on save (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let other: Client;

  const save = (client: Client, messages: unknown[], name = 'LINEの確認') =>
    client.post('/api/templates', { name, group_id: null, messages });

  beforeAll(async () => {
    line = await startFakeLine({ channels: [fakeChannel(81)] });
    t = await createTestApp({ LINE_API_BASE: line.url });
    [demo, other] = await Promise.all([signIn(t.app, 'demo'), signIn(t.app, 'other')]);
    await connectChannel(demo, line.channels[0]!);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await line?.close();
  });

  it('LINE takes the messages: saved, and the answer says LINE checked them', async () => {
    const messages = [text('{{var:1}}様、ご予約ありがとうございます')];
    const saved = await save(demo, messages);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ id: expect.any(Number), line_check: 'passed' });
    expect(line.validateCalls.at(-1)).toEqual({
      channelId: line.channels[0]!.channelId,
      messages,
    });
  });

  it("LINE refuses: 422 with LINE's detail on the message it names, nothing saved", async () => {
    const before = (await demo.get('/api/templates')).json().items.length;
    const refused = await save(demo, [text('はじめに'), lineSender], 'LINEが断る');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'LINEが受け付けない内容があります。メッセージごとの表示を確認してください',
      errors: {
        'messages.1': [
          '2つ目のメッセージ：LINEが受け付けませんでした：The sender name contains a word that cannot be used（sender.name）',
        ],
      },
    });
    expect((await demo.get('/api/templates')).json().items).toHaveLength(before);
  });

  it('an edit is checked too: refused, the template stays as it was', async () => {
    const { id } = (await save(demo, [text('元の文')], '編集')).json();
    const edited = await demo.put(`/api/templates/${id}`, {
      name: '編集',
      group_id: null,
      messages: [text('x'.repeat(4000)), text('y'.repeat(4000)), lineSender],
    });
    expect(edited.statusCode).toBe(422);
    expect(Object.keys(edited.json().errors)).toEqual(['messages.2']);
    const kept = (await demo.get(`/api/templates/${id}`)).json() as Template;
    expect(kept.messages).toEqual([text('元の文')]);
    const fine = await demo.put(`/api/templates/${id}`, {
      name: '編集',
      group_id: null,
      messages: [text('新しい文')],
    });
    expect(fine.json()).toMatchObject({ messages: [text('新しい文')], line_check: 'passed' });
  });

  it('LINE out of reach: saved anyway, and the answer says it was not checked', async () => {
    line.failValidation(500);
    try {
      const saved = await save(demo, [lineSender], 'LINEが落ちている');
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().line_check).toBe('unreachable');
      const stored = (await demo.get(`/api/templates/${saved.json().id}`)).json() as Template;
      expect(stored.messages).toEqual([lineSender]);
    } finally {
      line.failValidation(null);
    }
  });

  it('an account without a LINE channel saves with our own checks only; LINE is not asked', async () => {
    const calls = line.validateCalls.length;
    const saved = await save(other, [lineSender]);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().line_check).toBe('not_connected');
    expect(line.validateCalls).toHaveLength(calls);
  });
});

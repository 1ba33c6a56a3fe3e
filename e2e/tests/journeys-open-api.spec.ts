import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test } from '../line-server';
import { connectChannel, deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 14, end to end: the owner builds a journey from a template and a journey tag in the
// console, makes a trigger whose action starts it and issues an API key; an external system
// posts an event with that key; the journey's message reaches the fake LINE as a push to the
// friend, and the journey tag marks them on the journey's page. Decisions 0169–0171.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const USER = `U${'e7'.repeat(16)}`;
const NAME = '西田 つばさ';
const TEMPLATE = `購入のお礼${RUN}`;
const TEXT = `ご購入ありがとうございました（${RUN}）`;
const JOURNEY_TAG = `お礼済み${RUN}`;
const JOURNEY = `購入後のお礼${RUN}`;
const EVENT = `purchase_${RUN}`;
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('a journey built in the console is started by an event posted with an API key', async ({
  page,
  lineServer,
}) => {
  const channel = lineServer.line.channels[0]!;
  lineServer.line.setProfile(USER, { displayName: NAME });
  await signIn(page, 'demo');
  await connectChannel(page, channel);
  const template = await page.request.post('/api/templates', {
    headers: json,
    data: { name: TEMPLATE, group_id: null, messages: [{ type: 'text', text: TEXT }] },
  });
  expect(template.status(), await template.text()).toBe(201);

  try {
    // The friend follows the account (LINE's signed webhook).
    await deliverWebhook(page, channel, [friendEvent('follow', USER, `01E2EJOURNEY${RUN}`)]);

    // A journey tag, then the journey: send the template, then mark the friend.
    await page.goto('/line/journey-tag');
    await page.getByRole('button', { name: 'ジャーニータグ' }).click();
    const modal = page.getByRole('dialog', { name: 'ジャーニータグ' });
    await modal.getByLabel('新しいジャーニータグ').fill(JOURNEY_TAG);
    await modal.getByRole('button', { name: '追加' }).click();
    await expect(modal.getByText(JOURNEY_TAG)).toBeVisible();
    await modal.getByRole('button', { name: '閉じる' }).click();

    await page.getByRole('link', { name: 'ジャーニーを作成', exact: true }).click();
    await page.getByLabel('ジャーニー名').fill(JOURNEY);
    await page.getByRole('checkbox', { name: /稼働中にする/ }).check();
    await page.getByLabel('どの友だちが始めるか').selectOption('trigger');
    await page.getByLabel('追加するステップ').selectOption('send');
    await page.getByRole('button', { name: '＋ステップを追加' }).click();
    await page
      .getByRole('group', { name: 'ステップ1' })
      .getByLabel('テンプレート')
      .selectOption({ label: TEMPLATE });
    await page.getByLabel('追加するステップ').selectOption('add_journey_tag');
    await page.getByRole('button', { name: '＋ステップを追加' }).click();
    await page
      .getByRole('group', { name: 'ステップ2' })
      .getByLabel('ジャーニータグ')
      .selectOption({ label: JOURNEY_TAG });
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('ジャーニーを作成しました')).toBeVisible();
    await expect(page).toHaveURL(/\/line\/journey-tag\/\d+\/edit$/);
    const journeyPage = page.url();

    // The trigger that starts it, and a key for the external system.
    await page.goto('/line/triggers');
    await page.getByRole('button', { name: 'トリガーを作成' }).click();
    const triggerDialog = page.getByRole('dialog', { name: 'トリガーの作成' });
    await triggerDialog.getByLabel('トリガー名').fill(`購入${RUN}`);
    await triggerDialog.getByLabel('イベント名').fill(EVENT);
    await triggerDialog.getByRole('button', { name: '保存' }).click();
    const card = page.getByRole('region', { name: `購入${RUN}` });
    await card.getByRole('button', { name: '＋アクションを追加' }).click();
    const actionDialog = page.getByRole('dialog', { name: 'アクションの追加' });
    await actionDialog.getByLabel('アクション名').fill('お礼ジャーニーを開始');
    await actionDialog.getByLabel('すること').selectOption('journey');
    await actionDialog.getByLabel('対象', { exact: true }).selectOption({ label: JOURNEY });
    await actionDialog.getByRole('button', { name: '保存' }).click();
    await expect(card.getByText(`ジャーニーを開始：${JOURNEY}`)).toBeVisible();

    await page.getByRole('button', { name: 'APIキーを発行' }).click();
    const naming = page.getByRole('dialog', { name: 'APIキーの発行' });
    await naming.getByRole('textbox').fill(`POSレジ${RUN}`);
    await naming.getByRole('button', { name: '保存' }).click();
    const shown = page.getByRole('dialog', { name: 'APIキーを発行しました' });
    const secret = (await shown.getByLabel('APIキーの値').textContent())!.trim();
    expect(secret).toMatch(/^tsk_/);
    await shown.getByRole('button', { name: '閉じる' }).click();

    // The external system posts the event: no session, only the key.
    const posted = await page.request.post('/api/open_api/events', {
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': `receipt-${RUN}` },
      data: { event: EVENT, label: 'レシート R-1001', line_user_id: USER },
    });
    expect(posted.status(), await posted.text()).toBe(202);
    expect((await posted.json()).actions).toEqual([
      expect.objectContaining({ name: 'お礼ジャーニーを開始', result: 'ran' }),
    ]);

    // The journey's message reaches LINE as a push to the friend.
    await expect
      .poll(
        () =>
          lineServer.line.requests.filter(
            (request) =>
              request.path === '/v2/bot/message/push' &&
              request.body.to === USER &&
              JSON.stringify(request.body.messages).includes(TEXT),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);

    // The journey tag marks the friend on the journey's page; the log shows the event.
    await page.goto(journeyPage);
    const marked = page.getByRole('region', { name: 'ジャーニータグが付いた友だち' });
    await marked.getByRole('button', { name: JOURNEY_TAG }).click();
    await expect(marked.getByText(NAME)).toBeVisible();
    await page.goto('/line/triggers');
    const log = page.getByRole('region', { name: '受信したイベント' });
    await expect(log.getByText('レシート R-1001')).toBeVisible();
    await expect(log.getByText('お礼ジャーニーを開始：実行しました')).toBeVisible();
  } finally {
    await disconnectChannel(page);
  }
});

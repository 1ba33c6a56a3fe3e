import { expect } from '@playwright/test';
import { signIn } from '../fixtures';
import { lineTest as test, PUBLIC_ORIGIN } from '../line-server';
import { deliverWebhook, disconnectChannel, friendEvent } from '../line-webhook';

// Issue 29 (流入経路): the owner creates a tracker in the console; a person opens its URL on a
// 390 px phone, signs in through the fake LINE Login, is sent to the add-friend page and
// follows (the fake webhook); the tracker's list counts the click and the new friend.
test.describe.configure({ mode: 'serial' });

const USER = `U${'7a'.repeat(16)}`;
const LOGIN_CHANNEL = '2000000290';
const LOGIN_SECRET = 'c'.repeat(32);
const json = { 'x-requested-with': 'XMLHttpRequest' };

test('ISSUE-29 a tracker made in the console counts the click and the friend who came through it', async ({
  page,
  browser,
  lineServer,
}) => {
  test.setTimeout(120_000);
  const channel = lineServer.line.channels[0]!;
  lineServer.line.login.addChannel(LOGIN_CHANNEL, LOGIN_SECRET);
  lineServer.line.login.setUser({ sub: USER, friend: false });
  await signIn(page, 'demo');
  const connected = await page.request.put('/api/line/channel', {
    headers: json,
    data: {
      channel_id: channel.channelId,
      channel_secret: channel.secret,
      channel_access_token: channel.token,
      login_channel_id: LOGIN_CHANNEL,
      login_channel_secret: LOGIN_SECRET,
    },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  try {
    await page.goto('/vue3-dev/line/tracker/edit/new');
    await page.getByLabel('流入経路名（お客様には見えません）').fill('Instagram プロフィール');
    await page.getByRole('button', { name: '作成する' }).click();
    await expect(page.getByText('保存しました')).toBeVisible();
    const url = (await page.getByTestId('tracker-url').textContent())!;
    expect(url).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/t/[a-z0-9]{10}$`));

    // The phone: 390 px wide, LINE's in-app browser.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/14.9.0',
    });
    // The console's public origin is the proxy on loopback here: the phone opens the URL there,
    // and the hop LINE Login sends back to {PUBLIC_ORIGIN}/t/callback is taken to it too. The
    // add-friend page (line.me) is not reached from the sandbox: its request is what is checked.
    const base = new URL(page.url()).origin;
    const tab = await phone.newPage();
    const hop = (prefix: string) =>
      tab.waitForRequest((request) => request.url().startsWith(prefix));
    const toCallback = hop(`${PUBLIC_ORIGIN}/t/callback?`);
    await tab.goto(`${url.replace(PUBLIC_ORIGIN, base)}?utm_source=ig`).catch(() => null);
    const callback = (await toCallback).url();
    const toAddFriend = hop('https://line.me/R/ti/p/');
    await tab.goto(callback.replace(PUBLIC_ORIGIN, base)).catch(() => null);
    expect((await toAddFriend).url()).toBe(
      `https://line.me/R/ti/p/${encodeURIComponent(channel.basicId!)}`,
    );
    await phone.close();

    await deliverWebhook(page, channel, [friendEvent('follow', USER, '01E2ETRACKERFOLLOW00001')]);

    // The webhook's events are handled after its answer: wait for the friend to be tied.
    await expect
      .poll(async () => {
        const list = await (await page.request.get('/api/line/trackers')).json();
        return list.trackers.find((t: { name: string }) => t.name === 'Instagram プロフィール')
          ?.friends;
      })
      .toBe(1);
    await page.goto('/line/tracker');
    const row = page.getByTestId('tracker-row').filter({ hasText: 'Instagram プロフィール' });
    await expect(row.getByTestId('tracker-clicks')).toHaveText('1');
    await expect(row.getByTestId('tracker-friends')).toHaveText('1');
    await row.getByTestId('tracker-friends').getByRole('button').click();
    await expect(page.getByRole('region', { name: /新しい友だち/ }).getByRole('link')).toHaveCount(
      1,
    );
  } finally {
    await disconnectChannel(page);
  }
});

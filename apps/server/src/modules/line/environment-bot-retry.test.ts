import type { LineChannel } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { startFakeLine } from '../../../test/fakes/fake-line.js';
import { signLineBody, userEvent } from '../../../test/helpers/line-channels.js';
import {
  createTestApp,
  databaseKind,
  signIn,
  TEST_SECRETS_KEY,
} from '../../../test/helpers/test-app.js';

/**
 * Issue 23, decision 0183: LINE unreachable when the API starts leaves the environment's
 * channel without its bot, and LINE's webhook calls name the bot. The app asks LINE again in
 * the background, backing off, until the bot is known; from then on the webhook is accepted —
 * nobody had to press 確認.
 */
describe(`the environment's channel whose bot LINE could not tell at start (${databaseKind})`, () => {
  it('is refused while LINE is down and accepted once LINE answers again, without 確認', async () => {
    const line = await startFakeLine({ token: 'env-token' });
    line.setDown(true);
    const t = await createTestApp({
      LINE_API_BASE: line.url,
      LINE_CHANNEL_ACCESS_TOKEN: 'env-token',
      LINE_CHANNEL_SECRET: 'env-secret',
      SECRETS_KEY: TEST_SECRETS_KEY,
      LINE_BOT_RETRY_BASE_MS: '20',
    });
    try {
      const demo = await signIn(t.app, 'demo');
      const bot = line.channels[0]!.botUserId;
      const webhook = () => {
        const body = JSON.stringify({
          destination: bot,
          events: [userEvent('follow', `U${'e'.repeat(32)}`)],
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/line/webhook',
          headers: {
            'content-type': 'application/json',
            'x-line-signature': signLineBody(body, 'env-secret'),
          },
          payload: body,
        });
      };
      const channel = async () => (await demo.get('/api/line/channel')).json() as LineChannel;

      expect(await channel()).toMatchObject({ connected: true, bot: null });
      expect((await webhook()).statusCode).toBe(401);

      line.setDown(false);
      // The retry runs in the background: wait (bounded) for it to have asked LINE.
      for (let round = 0; round < 600 && (await channel()).bot === null; round += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await channel()).bot).toMatchObject({ user_id: bot });
      expect((await webhook()).statusCode).toBe(200);
    } finally {
      await t.close();
      await line.close();
    }
  }, 300_000);
});

import { signIn } from '../fixtures';
import { salonTest as test } from '../salon-server';

test.describe.configure({ timeout: 180_000 });
for (const user of ['demo', 'staff'] as const)
  for (const width of [1440, 390])
    test(`shots ${user} ${width}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width === 1440 ? 900 : 844 },
      });
      const page = await context.newPage();
      await signIn(page, user);
      await page.goto('/line/reserve/salon');
      await page.locator('.tl__row').first().waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/desk-shots/${user}-${width}-timeline.png` });
      await page.getByRole('button', { name: /^要対応/ }).click();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `/tmp/desk-shots/${user}-${width}-pending.png` });
      await page.goto('/line/reserve/salon/shifts/week?date=2026-11-23');
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `/tmp/desk-shots/${user}-${width}-week.png` });
      await context.close();
    });

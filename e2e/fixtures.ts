import { test as base, expect } from '@playwright/test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoUser } from './demo-users';

export { expect };

export const MAIN_MENU = 'メインメニュー';

/** The built server started by global-setup.ts. */
export function serverUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is unset: run through e2e/playwright.config.ts');
  return url;
}

/** Signs in through the login page, as a user would, and waits for the main layout. */
export async function signIn(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/account/login');
  await page.getByLabel('ログインID', { exact: true }).fill(user);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('navigation', { name: MAIN_MENU })).toBeVisible();
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

async function signedInState(browser: Browser, user: DemoUser): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: serverUrl() });
  try {
    await signIn(await context.newPage(), user);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

type TestOptions = {
  /** Start each test signed in as this user (one sign-in per worker and user), or signed out. */
  signedInAs: DemoUser | null;
};
type TestFixtures = {
  /**
   * A new page, signed in as `signedInAs` (or signed out), in a browser context the worker keeps
   * for that user: for the sweeps that only open pages and read them (routes, guard, layout), so
   * each test does not pay a fresh context and a cold cache for the app's scripts (decision 0390).
   * Tests that change what the browser keeps (cookies, storage) use `page`.
   */
  sweepPage: Page;
};
type WorkerFixtures = {
  sessionOf: (user: DemoUser) => Promise<StorageState>;
  sweepContextOf: (user: DemoUser | null) => Promise<BrowserContext>;
};

export const test = base.extend<TestOptions & TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  signedInAs: [null, { option: true }],
  sessionOf: [
    async ({ browser }, use) => {
      const sessions = new Map<DemoUser, Promise<StorageState>>();
      await use((user) => {
        let session = sessions.get(user);
        if (!session) {
          session = signedInState(browser, user);
          sessions.set(user, session);
        }
        return session;
      });
    },
    { scope: 'worker' },
  ],
  sweepContextOf: [
    async ({ browser, sessionOf }, use, workerInfo) => {
      // The project's context options (locale, time zone), as the built-in context gets them.
      const { locale, timezoneId } = workerInfo.project.use;
      const contexts = new Map<DemoUser | null, Promise<BrowserContext>>();
      await use(async (user) => {
        let context = contexts.get(user);
        if (!context) {
          context = (async () =>
            browser.newContext({
              baseURL: serverUrl(),
              locale,
              timezoneId,
              storageState: user ? await sessionOf(user) : undefined,
            }))();
          contexts.set(user, context);
        }
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: 'worker' },
  ],
  sweepPage: async ({ signedInAs, sweepContextOf, viewport }, use, testInfo) => {
    const page = await (await sweepContextOf(signedInAs)).newPage();
    if (viewport) await page.setViewportSize(viewport);
    try {
      await use(page);
      if (testInfo.status !== testInfo.expectedStatus) {
        const screenshot = await page.screenshot({ fullPage: true }).catch(() => null);
        if (screenshot) {
          await testInfo.attach('screenshot', { body: screenshot, contentType: 'image/png' });
        }
      }
    } finally {
      await page.close();
    }
  },
  storageState: async ({ signedInAs, sessionOf, storageState }, use) => {
    await use(signedInAs ? await sessionOf(signedInAs) : storageState);
  },
});

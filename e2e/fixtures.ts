import { test as base, expect } from '@playwright/test';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
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
type WorkerFixtures = { sessionOf: (user: DemoUser) => Promise<StorageState> };

export const test = base.extend<TestOptions, WorkerFixtures>({
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
  storageState: async ({ signedInAs, sessionOf, storageState }, use) => {
    await use(signedInAs ? await sessionOf(signedInAs) : storageState);
  },
});

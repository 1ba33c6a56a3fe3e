import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

// The system Chromium from Debian's package, never a browser downloaded by Playwright.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests',
  // The built server is started once, on a free port with a fresh data folder (global-setup.ts).
  globalSetup: './global-setup.ts',
  outputDir: path.join(root, '.test-output/playwright-artifacts'),
  fullyParallel: true,
  workers: 2,
  retries: 0, // a flaky test is a bug to fix, not to retry away
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ??
          path.join(root, '.test-output/playwright.json'),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});

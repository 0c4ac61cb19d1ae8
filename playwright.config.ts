import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

/**
 * Browser journeys (DESIGN.md section 12). `npm run test:e2e` starts the server and sets E2E_BASE_URL;
 * Playwright drives the system's Chromium (never `npx playwright install`, STACK.md).
 */
const isCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  // Two cores on the CI machine: one browser at a time is faster than two fighting for them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_FLAGS],
        },
      },
    },
  ],
});

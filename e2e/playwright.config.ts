import { defineConfig } from '@playwright/test';
import { HOST_URL } from './support/apps';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium.mjs';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  globalSetup: './support/globalSetup.ts',
  // Two cores shared with builds and other suites: two workers, no retries, bounded times.
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 45_000,
  // The whole suite took ~9 min here before the issue, portfolio, rollout and BSC journeys were added;
  // a hang still stops well inside CI's limit (90 min, the whole run's target 40).
  globalTimeout: 25 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: HOST_URL,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'light',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});

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
  // ~20 min on 2 cores beside the api suites once the issue, portfolio, rollout and BSC journeys joined
  // (the rollout spec's 200 visitors alone ~10 min); a hang still stops well inside CI's 90 min.
  globalTimeout: 40 * 60_000,
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

// The `test` every read-only spec uses: it holds a shared lock on the running servers for the
// duration of each test, so the resilience spec never stops a remote underneath it.
import { test as base } from '@playwright/test';
import { acquireShared } from './serverLock';

export const test = base.extend<{ serversShared: void }>({
  serversShared: [
    async ({}, use, testInfo) => {
      const release = await acquireShared(`${process.pid}-${testInfo.testId}`);
      try {
        await use();
      } finally {
        release();
      }
    },
    // Waiting for the resilience spec to finish must not eat into the test's own time.
    { auto: true, timeout: 240_000 },
  ],
});

export { expect } from '@playwright/test';

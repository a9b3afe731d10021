// ARCHITECTURE "Module Federation": a remote that fails to load shows a localized fallback with a
// retry inside the shell, and the rest of the site keeps working. These tests really stop remote
// servers, so they hold the servers exclusively (see support/serverLock.ts) and restore them after.
import { expect, test, type Page } from '@playwright/test';
import { REMOTES, REMOTE_KEYS, portOf, type RemoteKey } from '../support/apps';
import { header, html, navigateByHeader, selectLanguage } from '../support/hostUi';
import { serveHanging, serveNotFound } from '../support/stubRemoteServer';
import { capture } from '../support/screenshot';
import { makeRemoteThrowWhileRendering } from '../support/renderThrow';
import { acquireExclusive } from '../support/serverLock';
import { ensureAllAppsRunning, startApp, stopApp } from '../support/serverProcess';

let releaseServers: (() => void) | undefined;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  releaseServers = await acquireExclusive();
});

test.afterAll(async ({}, testInfo) => {
  testInfo.setTimeout(60_000);
  try {
    await ensureAllAppsRunning();
  } finally {
    releaseServers?.();
  }
});

/** Another remote than `key`, to show the rest of the site still works. */
function otherRemote(key: RemoteKey): RemoteKey {
  return REMOTE_KEYS[(REMOTE_KEYS.indexOf(key) + 1) % REMOTE_KEYS.length] ?? 'market';
}

const RAW_MESSAGE_KEY = /\b[a-z]+(\.[a-zA-Z]+){2,}\b/;

async function expectLocalizedFallback(page: Page): Promise<void> {
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(page.getByTestId('remote-retry')).toBeVisible();
  // textContent, as toHaveText compares it (innerText adds layout line breaks).
  const english = ((await fallback.textContent()) ?? '').trim();
  expect(english, 'fallback text').not.toBe('');
  expect(english, 'fallback shows text, not a message key').not.toMatch(RAW_MESSAGE_KEY);
  await selectLanguage(page, 'fr');
  await expect(fallback).not.toHaveText(english);
  await selectLanguage(page, 'en');
  await expect(fallback).toHaveText(english);
}

test.describe('a remote that cannot be loaded', () => {
  for (const key of REMOTE_KEYS) {
    const remote = REMOTES[key];
    const other = REMOTES[otherRemote(key)];

    test(`${key} stopped: fallback with retry, the rest works, retry after restart renders`, async ({ page }) => {
      await stopApp(remote.app);
      try {
        await page.goto(remote.path);
        await expect(header(page)).toBeVisible();
        await expectLocalizedFallback(page);
        await expect(page.getByTestId(remote.pageTestId)).toHaveCount(0);
        await capture(page, `fallback/${key}-stopped.png`);

        // The shell still works: theme switch, and another remote's route.
        const theme = await html(page).getAttribute('data-theme');
        await page.getByTestId('theme-switch').click();
        await expect(html(page)).not.toHaveAttribute('data-theme', theme ?? '');
        await navigateByHeader(page, other.path);
        await expect(page.getByTestId(other.pageTestId)).toBeVisible();
        await navigateByHeader(page, remote.path);
        await expect(page.getByTestId('remote-fallback')).toBeVisible();
      } finally {
        await startApp(remote.app);
      }
      await page.getByTestId('remote-retry').click();
      await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    });
  }

  test('market answering 404 for its manifest: fallback, then retry after redeploy renders', async ({ page }) => {
    const remote = REMOTES.market;
    await stopApp(remote.app);
    const notFound = await serveNotFound(portOf(remote.app));
    try {
      await page.goto(remote.path);
      await expect(header(page)).toBeVisible();
      await expectLocalizedFallback(page);
      await navigateByHeader(page, REMOTES.claim.path);
      await expect(page.getByTestId(REMOTES.claim.pageTestId)).toBeVisible();
      await navigateByHeader(page, remote.path);
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
    } finally {
      await notFound.close();
      await startApp(remote.app);
    }
    await page.getByTestId('remote-retry').click();
    await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
  });

  test('issue hanging past the load time-out (fast-forwarded): fallback, retry after restart renders', async ({ page }) => {
    const remote = REMOTES.issue;
    const origin = `http://127.0.0.1:${portOf(remote.app)}`;
    await stopApp(remote.app);
    const hanging = await serveHanging(portOf(remote.app));
    try {
      await page.clock.install();
      const stuckRequest = page.waitForRequest((request) => request.url().startsWith(origin));
      await page.goto(remote.path);
      await stuckRequest;
      await expect(header(page)).toBeVisible();
      // A real second of waiting: the stuck load must keep the page waiting, not fail early.
      await page.waitForTimeout(1000);
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      // Spec §9's chunk time-out is 120 s; the page's clock jumps past it instead of the test waiting.
      await page.clock.fastForward('02:05');
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
      await expect(page.getByTestId('remote-retry')).toBeVisible();
      await navigateByHeader(page, REMOTES.market.path);
      await expect(page.getByTestId(REMOTES.market.pageTestId)).toBeVisible();
      await navigateByHeader(page, remote.path);
      await page.clock.fastForward('02:05');
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
    } finally {
      await hanging.close();
      await startApp(remote.app);
    }
    await page.getByTestId('remote-retry').click();
    await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
  });

  test('market throwing while rendering: fallback inside the shell, retry renders once it stops', async ({ page }) => {
    const remote = REMOTES.market;
    await makeRemoteThrowWhileRendering(page, `http://127.0.0.1:${portOf(remote.app)}`, 'mfe_market');
    await page.goto(remote.path);
    await expect(header(page)).toBeVisible();
    await expectLocalizedFallback(page);
    await expect(page.getByTestId(remote.pageTestId)).toHaveCount(0);
    expect(await page.evaluate(() => window.__e2eRenderThrows), 'the fallback came from a render throw').toBeGreaterThan(0);
    await navigateByHeader(page, REMOTES.issue.path);
    await expect(page.getByTestId(REMOTES.issue.pageTestId)).toBeVisible();
    await navigateByHeader(page, remote.path);
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await page.evaluate(() => {
      window.__e2eRenderThrow = false;
    });
    await page.getByTestId('remote-retry').click();
    await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
  });
});

// Issue 31: a team's dev loop. The spec runs `pnpm dev mfe-claim` (scripts/dev.mjs) on its own base
// port (support/apps.ts DEV_BASE_PORT): the suite's back end answers on 8787/8545, so it is reused;
// the remotes' builds the test command made are served as they are (--no-rebuild: they are the builds
// under test beside it); the host is its development build; the claim remote runs on
// webpack-dev-server with React Refresh and the printed URL's `?remote-dev=` loads it into the site.
//
// The journey: /claim shows inside the host's shell from the dev server, with the badge naming it; a
// connected wallet; an edit of the claim page's source (restored after) shows on the page with no
// navigation, the wallet still connected; the badge's button goes back to the remote's own build. And
// the suite's production site ignores `?remote-dev`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEV_BASE_PORT, DEV_SERVER_PORT_OFFSET, portOf } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/serverProcess';
import { capture } from '../support/screenshot';
import { installTestWallet } from '../support/testWallet';
import { connectInjectedWallet, shortAddressPattern } from '../support/walletUi';

const DEV_SITE = `http://127.0.0.1:${DEV_BASE_PORT}`;
const CLAIM_DEV_PORT = portOf('mfe-claim', DEV_BASE_PORT + DEV_SERVER_PORT_OFFSET);
const CLAIM_BUILD_PORT = portOf('mfe-claim', DEV_BASE_PORT);
const CLAIM_DEV_MANIFEST = `http://127.0.0.1:${CLAIM_DEV_PORT}/mf-manifest.json`;
const CLAIM_PAGE = path.join(REPO_ROOT, 'mfe-claim/src/pages/claim/ClaimPage.tsx');
const LOG = path.join(REPO_ROOT, 'e2e/test-results/dev/pnpm-dev.log');
/** The line of ClaimPage.tsx the edit goes after: the page's last hint. */
const ANCHOR = '<FormattedMessage id="claim.oncePerUser" />';

let dev: ChildProcess | null = null;
let original: string | null = null;

function restoreSource(): void {
  if (original !== null && fs.readFileSync(CLAIM_PAGE, 'utf8') !== original) fs.writeFileSync(CLAIM_PAGE, original);
}

/** Requests the page makes to a port (the dev server's, or the claim remote's build). */
function requestsTo(page: Page, port: number): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(port)) seen.push(request.url());
  });
  return seen;
}

test.describe('pnpm dev mfe-claim', () => {
  // The host's development build and the dev server's first compile: minutes on two busy cores.
  test.describe.configure({ mode: 'serial', timeout: 600_000 });

  test.beforeAll(async () => {
    test.setTimeout(540_000);
    original = fs.readFileSync(CLAIM_PAGE, 'utf8');
    expect(original, 'ClaimPage.tsx holds the line the edit goes after').toContain(ANCHOR);
    fs.mkdirSync(path.dirname(LOG), { recursive: true });
    const out = fs.openSync(LOG, 'w');
    dev = spawn(process.execPath, ['scripts/dev.mjs', 'mfe-claim', '--base-port', String(DEV_BASE_PORT), '--no-rebuild'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', out, out],
      detached: true,
    });
    const deadline = Date.now() + 500_000;
    for (;;) {
      const text = fs.readFileSync(LOG, 'utf8');
      if (/^PRDS dev: /m.test(text)) break;
      if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`pnpm dev did not get ready:\n${text.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    restoreSource();
    if (dev?.pid && dev.exitCode === null) {
      process.kill(-dev.pid, 'SIGTERM');
      await new Promise((resolve) => dev?.once('exit', resolve));
    }
  });

  test('one line says where the site is and which remote is live; it reuses the suite back end', () => {
    const line = fs
      .readFileSync(LOG, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('PRDS dev: '));
    expect(line).toContain(`${DEV_SITE}/?remote-dev=mfe_claim@${CLAIM_DEV_MANIFEST}`);
    expect(line).toContain(`live with React Refresh: mfe_claim (http://127.0.0.1:${CLAIM_DEV_PORT})`);
    expect(line).toContain('from builds: host (development build), mfe_market, mfe_issue, mfe_license, mfe_portfolio');
    expect(line).toContain('api http://127.0.0.1:8787, chain 31337 at http://127.0.0.1:8545');
    expect(line).not.toContain('started here');
  });

  test('/claim from the dev server inside the whole site; an edit shows in place, the wallet stays connected', async ({
    page,
  }) => {
    const wallet = await installTestWallet(page);
    const fromDevServer = requestsTo(page, CLAIM_DEV_PORT);
    const fromBuild = requestsTo(page, CLAIM_BUILD_PORT);
    await page.goto(`${DEV_SITE}/claim?remote-dev=mfe_claim@${CLAIM_DEV_MANIFEST}`);

    // The shell as the site has it: header, navigation, footer, the language switch; the page from the dev server.
    await expect(page.getByTestId('page-claim')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-nav')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('lang-switch')).toBeVisible();
    expect(fromDevServer.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    expect(fromBuild).toEqual([]);
    const badge = page.getByTestId('remote-dev-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toContainText('mfe_claim');
    await expect(badge).toContainText(`http://127.0.0.1:${CLAIM_DEV_PORT}`);

    await connectInjectedWallet(page);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    await expect(page.getByTestId('claim-address')).toContainText(/0x/i);
    await capture(page, 'dev-01-claim-from-dev-server.png');

    // A mark only this page load has: a reload would drop it.
    await page.evaluate(() => {
      (window as unknown as { prdsDevMark: number }).prdsDevMark = 31;
    });
    const historyLength = await page.evaluate(() => history.length);
    const stamp = `Edited ${Date.now()}`;
    const saved = Date.now();
    fs.writeFileSync(CLAIM_PAGE, original!.replace(ANCHOR, `${ANCHOR}\n          <span data-testid="dev-edit">${stamp}</span>`));
    await expect(page.getByTestId('dev-edit')).toHaveText(stamp, { timeout: 30_000 });
    const updatedMs = Date.now() - saved;
    console.log(`dev: saved ClaimPage.tsx → the page showed the edit in ${updatedMs} ms (React Refresh, no reload)`);
    test.info().annotations.push({ type: 'save-to-page-ms', description: String(updatedMs) });

    expect(await page.evaluate(() => (window as unknown as { prdsDevMark?: number }).prdsDevMark)).toBe(31);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect(page.getByTestId('wallet-account')).toHaveText(shortAddressPattern(wallet.address));
    await capture(page, 'dev-02-edit-shown.png');

    // Restored: the edit goes away the same way.
    restoreSource();
    await expect(page.getByTestId('dev-edit')).toHaveCount(0, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { prdsDevMark?: number }).prdsDevMark)).toBe(31);

    // The override is kept: a reload without the query still loads the dev server.
    await page.goto(`${DEV_SITE}/claim`);
    await expect(page.getByTestId('page-claim')).toBeVisible({ timeout: 60_000 });
    await expect(badge).toBeVisible();
    expect(fromBuild).toEqual([]);

    // One click back to the remote's own build.
    await page.getByTestId('remote-dev-clear').click();
    await expect(badge).toHaveCount(0);
    await expect(page.getByTestId('page-claim')).toBeVisible({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.has('remote-dev')).toBe(false);
    expect(fromBuild.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  });
});

test('the production site ignores ?remote-dev', async ({ page }) => {
  const toDevPort = requestsTo(page, CLAIM_DEV_PORT);
  await page.goto(`/claim?remote-dev=mfe_claim@${CLAIM_DEV_MANIFEST}`);
  await expect(page.getByTestId('page-claim')).toBeVisible();
  await expect(page.getByTestId('remote-dev-badge')).toHaveCount(0);
  // Kept nowhere: nothing in storage names the dev server.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(CLAIM_DEV_MANIFEST);
  await page.reload();
  await expect(page.getByTestId('page-claim')).toBeVisible();
  expect(toDevPort).toEqual([]);
});

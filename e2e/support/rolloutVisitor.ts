// The rollout as its visitors meet it: loading /claim on the rollout host as one install id or one
// rollout cookie, which release rendered it (server and browser), the canary's share among many
// visitors, and `rollout status`'s row of a release (rollout.spec.ts).
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { API_URL, ROLLOUT_HOST_URL, rollout } from './rollout';
import { expectReactOwns, rootHtmlOf, serverReleaseOf, ssrBlockOf, type SsrBlock } from './ssrPage';

/** Loads /claim as the visitor with this install id (a fresh visitor unless it has one) and says which release rendered. */
export async function visit(page: Page, installId: string | null = null, query = ''): Promise<string> {
  if (!page.url().startsWith(ROLLOUT_HOST_URL)) await page.goto(`${ROLLOUT_HOST_URL}/`);
  await page.evaluate((id) => {
    localStorage.clear();
    if (id !== null) localStorage.setItem('prds.rollout.id', id);
  }, installId);
  return reload(page, query);
}

/** Loads /claim again, keeping what the page remembers, and says which release rendered. */
export async function reload(page: Page, query = ''): Promise<string> {
  await page.goto(`${ROLLOUT_HOST_URL}/claim${query}`, { waitUntil: 'domcontentloaded' });
  // 30 s, not the 10 s default: one of the ~720 loads of the 200-visitor count, beside the other
  // worker and the api suites on 2 cores, ran past 10 s in a clean-clone run. If the page shows
  // something else instead (a fallback, an error), the failure says what.
  try {
    await expect(page.getByTestId('page-claim')).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(no body)');
    throw new Error(`/claim${query} did not render the claim page; it shows: ${shown.slice(0, 300)}`, { cause: error });
  }
  // The release the page's script runs, not the one the server's HTML was rendered with: the page
  // renders anew when its release differs (the server's failed here, or the server chose by another key).
  return browserRelease(page);
}

/**
 * The canary's share (v2) among `visitors` fresh install ids, each loaded once (the first `recheck` of them
 * twice more), over four browser contexts at a time. The api is cut off: which release a page picks
 * needs none of it, and the claim page's reads would only slow the count down.
 */
export async function shareOfV2(
  browser: Browser,
  visitors: number,
  recheck: number,
  releases: { stable: string; canary: string },
): Promise<{ v2: number; kept: number }> {
  const lanes = 4;
  const contexts = await Promise.all(Array.from({ length: lanes }, () => browser.newContext()));
  let got = 0;
  let kept = 0;
  await Promise.all(
    contexts.map(async (context, lane) => {
      const page = await context.newPage();
      await page.route(`${API_URL}/**`, (route) => route.abort());
      for (let i = lane; i < visitors; i += lanes) {
        const seen = await visit(page, randomUUID());
        expect([releases.stable, releases.canary]).toContain(seen);
        if (seen === releases.canary) got += 1;
        if (i < recheck) {
          // The same visitor comes back: the same release, twice more.
          expect(await reload(page)).toBe(seen);
          expect(await reload(page)).toBe(seen);
          kept += 1;
        }
      }
    }),
  );
  await Promise.all(contexts.map((context) => context.close()));
  return { v2: got, kept };
}

/**
 * `rollout status`'s table row of a version (visits, loaded, failed, the failure kinds), once it
 * matches: the pages' reports reach the api a moment after the load. The remote's heading line names
 * the canary too, so the row is the line that starts with the version.
 */
export async function statusRow(version: string, expected: RegExp): Promise<string> {
  let row = '';
  await expect
    .poll(
      () => {
        row =
          rollout('status')
            .split('\n')
            .find((line) => line.trim().startsWith(`${version} `)) ?? '';
        return row;
      },
      { timeout: 15_000 },
    )
    .toMatch(expected);
  return row;
}

/**
 * /claim's HTML as the server answers this page's visitor (its cookies), before any script: the
 * server render's block, the release its HTML was rendered with (the release build's mark), and that HTML.
 */
export async function serverClaim(page: Page): Promise<{ block: SsrBlock | null; release: string; root: string }> {
  const answer = await page.request.get(`${ROLLOUT_HOST_URL}/claim`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  return { block: ssrBlockOf(html), release: serverReleaseOf(html), root: rootHtmlOf(html) };
}

/** The release the page runs once its script has taken the page over (hydrated or rendered it itself). */
export async function browserRelease(page: Page): Promise<string> {
  await expectReactOwns(page, '[data-remote-release]', 30_000);
  return (await page.locator('[data-remote-release]').getAttribute('data-remote-release')) ?? '';
}

/** A browser context whose only memory of the visitor is the rollout cookie with bucket key `key`. */
export async function cookieVisitor(browser: Browser, key: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'prds_rollout', value: key, url: ROLLOUT_HOST_URL }]);
  return context;
}

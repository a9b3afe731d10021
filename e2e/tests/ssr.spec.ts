// The first screen from the server (issue 26, 'Tests'): the web server (scripts/serve.mjs) renders
// the shell and the route's content with the visitor's remote release, in the visitor's language
// (cookie prds_lang) and theme (cookie prds_theme); the page hydrates that HTML. Without JavaScript
// the list and a market's options are on the page; with it, hydration warns of nothing and moves
// nothing, and buying works as before. The HTML has no inline script to run (the CSP runs none), and
// no route reports a CSP violation. A server render past its time budget falls back to the
// browser's render (a host of this spec's own with a 1 ms budget).
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { writeReleaseInfo } from '../../scripts/release/releaseFiles';
import { HOST_URL, REMOTES } from '../support/apps';
import { openMarkets } from '../support/chain';
import { recordCspViolations } from '../support/cspViolations';
import { expect, test } from '../support/fixtures';
import { html } from '../support/hostUi';
import { fillBuy, marketRows, quietOpenMarket, shownAmount, submitBuy, walletWithUsdt } from '../support/marketPage';
import { BAKED_API_ORIGIN } from '../support/ownStack';
import { capture } from '../support/screenshot';
import { expectReactOwns, rootHtmlOf, ssrBlockOf } from '../support/ssrPage';
import { REPO_ROOT, startReleasesHost } from '../support/serverProcess';
import { connectInjectedWallet } from '../support/walletUi';

/** A market the seed made, its id (the detail pages' subject). */
async function someMarket(): Promise<string> {
  const [id] = await openMarkets();
  if (id === undefined) throw new Error('no open market on the devnet');
  return String(id);
}

async function setPreferences(context: BrowserContext, lang: string, theme: 'day' | 'night'): Promise<void> {
  await context.addCookies([
    { name: 'prds_lang', value: lang, url: HOST_URL },
    { name: 'prds_theme', value: theme, url: HOST_URL },
  ]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  const LANGS = [
    { lang: 'en', dir: 'ltr' },
    { lang: 'zh', dir: 'ltr' },
    { lang: 'ar', dir: 'rtl' },
  ] as const;

  for (const { lang, dir } of LANGS) {
    test(`/market shows its first rows and /detail/<id> the options with odds, in ${lang} (dir ${dir}), day and night`, async ({
      page,
      context,
    }) => {
      const id = await someMarket();
      const background: Record<string, string> = {};
      for (const theme of ['day', 'night'] as const) {
        await setPreferences(context, lang, theme);

        const list = await page.goto('/market');
        expect(list?.status()).toBe(200);
        await expect(html(page)).toHaveAttribute('lang', lang);
        await expect(html(page)).toHaveAttribute('dir', dir);
        await expect(html(page)).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('site-header')).toBeVisible();
        const first = marketRows(page).first();
        await expect(first).toBeVisible();
        expect(await marketRows(page).count()).toBeGreaterThan(1);
        // The event text, the state badge and the payout multipliers of the first row.
        expect((await first.innerText()).split('\n')[0]?.trim()).toMatch(/\S{3}/);
        await expect(first.getByTestId('market-row-state')).toHaveText(/\S/);
        await expect(first.getByTestId(/^market-row-multiplier-\d+$/).first()).toHaveText(/^×\s*[\d٠-٩]/);
        await expect(page.getByTestId('market-list-skeleton')).toHaveCount(0);
        background[theme] = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
        await capture(page, `ssr/nojs-market-${lang}-${theme}.png`);

        const detail = await page.goto(`/detail/${id}`);
        expect(detail?.status()).toBe(200);
        await expect(html(page)).toHaveAttribute('dir', dir);
        await expect(page.getByTestId('page-detail')).toHaveAttribute('data-market-id', id);
        await expect(page.getByTestId('detail-event')).toHaveText(/\S{3}/);
        await expect(page.getByTestId('detail-skeleton')).toHaveCount(0);
        // Every option with its odds (a percentage, in Latin or Arabic-Indic digits).
        const odds = page.getByTestId(/^detail-option-probability-\d+$/);
        expect(await odds.count()).toBeGreaterThanOrEqual(2);
        for (const shown of await odds.all()) await expect(shown).toHaveText(/[\d٠-٩][\d٠-٩.,٫]*\s*[%٪]|[%٪]\s*[\d٠-٩]/);
        await capture(page, `ssr/nojs-detail-${lang}-${theme}.png`);
      }
      expect(background.night, 'the night page is painted in other colours than the day page').not.toBe(background.day);
    });
  }
});

/**
 * Records what hydrating must not do: a console message about hydration (React 19 logs a mismatch as
 * an error: 'Hydration failed …' / '… did not match', minified as React error #418/#423/#425), any
 * uncaught page error, and the server's page element being taken out of the document (a page
 * rendered again from scratch instead of hydrated). Call before page.goto.
 */
async function watchHydration(
  page: Page,
): Promise<{ hydrationMessages: string[]; pageErrors: string[]; removed: () => Promise<string[]> }> {
  const seen = { hydrationMessages: [] as string[], pageErrors: [] as string[] };
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|React error #(418|419|421|422|423|425)\b/i.test(text))
      seen.hydrationMessages.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(String(error)));
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { __ssrRemoved: string[] }).__ssrRemoved = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) {
            const pages = [node, ...node.querySelectorAll('[data-testid^="page-"]')].filter((el) =>
              (el.getAttribute('data-testid') ?? '').startsWith('page-'),
            );
            for (const el of pages) removed.push(el.getAttribute('data-testid') ?? '');
          }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    ...seen,
    removed: () => page.evaluate(() => (window as unknown as { __ssrRemoved: string[] }).__ssrRemoved),
  };
}

/** The layout shift the page has had since it started (every entry not caused by input), read after load. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(total);
        }, 500);
      }),
  );
}

test.describe('with JavaScript', () => {
  test('/market hydrates the server’s rows: no hydration warning, no page error, CLS ≤ 0.02', async ({ page }) => {
    const watch = await watchHydration(page);
    const response = await page.goto('/market');
    const block = ssrBlockOf((await response?.text()) ?? '');
    expect(block).toMatchObject({ rendered: true, lang: 'en', theme: 'day', remote: { name: REMOTES.market.container } });
    await expectReactOwns(page, '[data-testid="page-market-list"]');
    await expectReactOwns(page, '[data-testid="market-list"]');
    await page.waitForLoadState('load');
    // The rows the server sent are the rows the page keeps.
    await expect(marketRows(page).first()).toBeVisible();
    // What the page does after hydrating (the remote's effects, fonts) settles within this time.
    await page.waitForTimeout(1_500);
    const cls = await layoutShift(page);
    console.log(`[ssr] /market CLS ${cls.toFixed(4)}`);
    expect(cls).toBeLessThanOrEqual(0.02);
    expect(watch.hydrationMessages).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(await watch.removed()).toEqual([]);
    // Hydrated means working: a filter changes the URL and the rows.
    await page.getByTestId('market-status-tabs').getByRole('tab').nth(1).click();
    await expect(page).toHaveURL(/[?&]status=/);
  });

  test('/detail/<id> hydrates with no warning and no shift, then a buy works as before', async ({ page }) => {
    test.setTimeout(120_000);
    const id = await quietOpenMarket();
    await walletWithUsdt(page, '20');
    const watch = await watchHydration(page);
    const response = await page.goto(`/detail/${id}`);
    expect(ssrBlockOf((await response?.text()) ?? '')).toMatchObject({
      rendered: true,
      remote: { name: REMOTES.market.container },
    });
    await expectReactOwns(page, '[data-testid="page-detail"]');
    await expectReactOwns(page, '[data-testid="detail-event"]');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_500);
    const cls = await layoutShift(page);
    console.log(`[ssr] /detail/${id} CLS ${cls.toFixed(4)}`);
    expect(cls).toBeLessThanOrEqual(0.02);
    expect(watch.hydrationMessages).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(await watch.removed()).toEqual([]);

    // The buy as markets.spec.ts makes it: connect, choose, amount, approve + buy, the position shown.
    await connectInjectedWallet(page);
    await expect(page.getByTestId('buy-balance')).toContainText('20');
    const form = await fillBuy(page, 0, '5');
    await expect(form.getByTestId('buy-estimate')).toHaveText(/\d/);
    await submitBuy(page);
    await expect
      .poll(() => shownAmount(page.getByTestId('detail-positions').getByTestId('position-invested')), { timeout: 20_000 })
      .toBe(5);
    expect(watch.pageErrors).toEqual([]);
  });

  test('/detail/unknown answers 404 with the not-found page', async ({ page, request }) => {
    const answer = await request.get('/detail/unknown');
    expect(answer.status()).toBe(404);
    expect(ssrBlockOf(await answer.text())).toMatchObject({ rendered: true });
    expect(rootHtmlOf(await answer.text())).toContain('data-testid="page-not-found"');
    const shown = await page.goto('/detail/unknown');
    expect(shown?.status()).toBe(404);
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await expect(page.getByTestId('page-not-found').locator('h1')).toHaveText(/not found/i);
  });

  const ROUTES = ['/', '/market', '/detail/<id>', '/portfolio', '/issue', '/nft', '/claim'];

  test('no route reports a CSP violation', async ({ page }) => {
    test.setTimeout(90_000);
    const id = await someMarket();
    const violations = await recordCspViolations(page);
    for (const route of ROUTES) {
      await page.goto(route.replace('<id>', id));
      await expect(page.locator('[data-testid^="page-"]').first()).toBeVisible();
      await page.waitForLoadState('load');
      await page.waitForTimeout(500);
      expect(violations, `after ${route}`).toEqual([]);
    }
  });

  test('the pages’ HTML has no inline script that would run: only scripts by src and JSON data blocks', async ({ request }) => {
    const id = await someMarket();
    for (const route of ROUTES) {
      const answer = await request.get(route.replace('<id>', id));
      expect(answer.status(), route).toBe(200);
      const text = await answer.text();
      const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      const inline = scripts.filter(
        ([, attributes = '', body = '']) =>
          !/\ssrc=/i.test(attributes) && !/\stype="application\/json"/i.test(attributes) && body.trim() !== '',
      );
      expect(
        inline.map(([tag]) => tag.slice(0, 120)),
        route,
      ).toEqual([]);
      // No inline event handlers in what the server rendered either.
      expect(rootHtmlOf(text), route).not.toMatch(/\son[a-z]+=/i);
      expect(ssrBlockOf(text)?.rendered, `${route} server-rendered`).toBe(true);
    }
  });
});

test.describe('a server render past its time budget', () => {
  const dir = path.join(REPO_ROOT, 'e2e', 'test-results', 'ssr-over-budget');

  test('the page is rendered by the browser, and the HTML says the render was aborted', async ({ page }) => {
    test.setTimeout(90_000);
    // The market remote's local build as a published release (pinned as `pnpm release` pins it), on a
    // host of its own whose render budget is 1 ms: no render with data fits in it.
    fs.rmSync(dir, { recursive: true, force: true });
    const shared = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string })
      .version;
    const packageVersion = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'mfe-market', 'package.json'), 'utf8')) as { version: string }
    ).version;
    const version = `${packageVersion}+ssr.budget`;
    const folder = path.join(dir, 'mfe_market', version);
    fs.cpSync(path.join(REPO_ROOT, 'mfe-market', 'dist'), folder, { recursive: true });
    const info = writeReleaseInfo(folder, {
      container: 'mfe_market',
      folder: 'mfe-market',
      version,
      packageVersion,
      buildId: 'ssr.budget',
      shared,
      builtAt: new Date().toISOString(),
      note: '',
    });
    expect(Object.keys(info.integrity)).toContain('server/remoteEntry.js');
    fs.writeFileSync(
      path.join(dir, 'rollout.json'),
      JSON.stringify({
        schemaVersion: 1,
        salt: 'ssr-budget',
        reports: false,
        autoRollback: null,
        remotes: {
          mfe_market: {
            stable: version,
            canary: null,
            lastGood: [],
            requires: { host: '*', shared: '*' },
            versions: {
              [version]: { url: `/releases/mfe_market/${version}/mf-manifest.json`, integrity: null, shared, publishedAt: null },
            },
          },
        },
      }),
    );
    const server = await startReleasesHost(dir, path.join(dir, 'serve.log'), ['--ssr-budget-ms', '1']);
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      // The api's CORS knows the suite's own ports: this host's page reaches it through Playwright.
      await page.route(`${BAKED_API_ORIGIN}/**`, async (route) => {
        // The live stream never ends, so it cannot be fetched whole and passed on: this page goes without it.
        if (new URL(route.request().url()).pathname === '/api/stream') return route.abort();
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': origin } });
      });
      const answer = await page.request.get(`${origin}/market`);
      const text = await answer.text();
      expect(ssrBlockOf(text)).toEqual({ rendered: false, remote: { name: 'mfe_market', version }, stage: 'aborted' });
      expect(rootHtmlOf(text)).toBe('');
      await page.goto(`${origin}/market`);
      await expect(page.getByTestId('page-market-list')).toBeVisible({ timeout: 20_000 });
      await expect(marketRows(page).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      expect(fs.readFileSync(path.join(dir, 'serve.log'), 'utf8')).toMatch(/\/market rendered in the browser: .*budget/);
    } finally {
      await server.stop();
    }
  });
});

// Spec §2: every route renders its page (through the host and the remote that owns it), unknown paths
// show not-found, /license redirects, and the market list carries its controls.
import { PAGE_ROUTES, REMOTES, portOf } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { header, navigateByHeader, openPage, pageHeading } from '../support/hostUi';

test.describe('routes', () => {
  for (const route of PAGE_ROUTES) {
    test(`${route.path} renders ${route.pageTestId} inside the shell`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openPage(page, route.path, route.pageTestId);
      await expect(header(page)).toBeVisible();
      const heading = await pageHeading(page);
      expect(heading, 'each page has a visible, non-empty <h1>').not.toBe('');
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });
  }

  test('the My License tab of /nft shows page-nft-mine', async ({ page }) => {
    await openPage(page, '/nft', 'page-nft-sale');
    await page.getByRole('tab', { name: 'My License', exact: true }).click();
    await expect(page.getByTestId('page-nft-mine')).toBeVisible();
    await page.getByRole('tab', { name: 'Get License', exact: true }).click();
    await expect(page.getByTestId('page-nft-sale')).toBeVisible();
  });

  test('/license lands on /nft', async ({ page }) => {
    await page.goto('/license');
    await expect(page).toHaveURL(/\/nft$/);
    await expect(page.getByTestId('page-nft-sale')).toBeVisible();
  });

  test('the market list has search, category, sort and the All tab', async ({ page }) => {
    await openPage(page, '/market', 'page-market-list');
    const search = page.getByTestId('market-search');
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('placeholder', 'Please enter search content');
    await expect(page.getByTestId('market-category')).toBeVisible();
    const sort = page.getByTestId('market-sort');
    await expect(sort).toBeVisible();
    const sortValues = await sort
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(sortValues).toEqual(expect.arrayContaining(['volume', 'newest']));
    await sort.selectOption('newest');
    await expect(sort).toHaveValue('newest');
    await search.fill('bitcoin');
    await expect(search).toHaveValue('bitcoin');
    // The tab's name carries the count of markets it holds once the api answered: 'All 13'.
    await expect(page.getByRole('tab', { name: /^All( \d[\d,]*)?$/ })).toBeVisible();
  });

  test('the header has language, theme and wallet controls and links to every section', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    const bar = header(page);
    await expect(bar.getByTestId('lang-switch')).toBeVisible();
    await expect(bar.getByTestId('theme-switch')).toBeVisible();
    await expect(bar.getByTestId('wallet-slot')).toBeVisible();
    for (const path of ['/', '/market', '/issue', '/nft', '/portfolio', '/claim', '/bridge', '/deposit']) {
      await expect(bar.locator(`a[href="${path}"]`).first()).toBeVisible();
    }
  });

  // The page renders short (its remote, then its data, arriving) and then grows: the footer must start
  // below the first screen, or it is pushed out of it as the page fills (Lighthouse CLS 0.2–0.3).
  for (const path of ['/', '/market']) {
    test(`${path} loads on a phone without shifting its layout`, async ({ page }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await page.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as Window & { __e2eShifts?: typeof shifts }).__e2eShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node?: Node | null }[];
          })[]) {
            const sources = (entry.sources ?? []).map((source) =>
              source.node instanceof Element ? (source.node.getAttribute('data-testid') ?? source.node.tagName) : '#text',
            );
            shifts.push({ value: entry.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openPage(page, path, path === '/' ? 'page-home' : 'page-market-list');
      await expect(page.locator('[data-testid^="featured-market-"], [data-testid^="market-row-"]').first()).toBeVisible();
      await page.waitForTimeout(1_000);
      const shifts = await page.evaluate(
        () => (window as Window & { __e2eShifts?: { value: number; sources: string[] }[] }).__e2eShifts ?? [],
      );
      expect(shifts.filter((shift) => shift.sources.includes('site-footer'))).toEqual([]);
      expect(
        shifts.reduce((sum, shift) => sum + shift.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThan(0.1);
    });
  }

  test('pages, scripts and manifests are sent compressed; pages are private to their visitor, the rest cached as before', async ({
    request,
  }) => {
    const host = await request.get('/market', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(host.headers()['content-encoding']).toBe('br');
    // The page answer names this visitor's releases (its rollout cookie): revalidated, and kept by no
    // shared cache (issue 26).
    expect(host.headers()['cache-control']).toBe('private, no-cache');
    expect(host.headers()['vary']).toMatch(/cookie/i);
    const html = await host.text();
    expect(html).toMatch(/<div id="?root"?>/);
    const script = html.match(/<script[^>]+src="?([^"\s>]+\.js)/)?.[1];
    expect(script, 'the host page loads a script').toBeTruthy();
    const gzipped = await request.get(new URL(script!, host.url()).toString(), { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers()['content-encoding']).toBe('gzip');
    expect(gzipped.headers()['vary']).toContain('accept-encoding');
    const manifest = await request.get(`http://127.0.0.1:${portOf('mfe-market')}/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(manifest.headers()['content-encoding']).toBe('br');
    expect(((await manifest.json()) as { name?: string }).name).toBeTruthy();
  });

  test('header nav moves between remotes without reloading the document', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await page.evaluate(() => {
      (window as Window & { __e2eSameDocument?: boolean }).__e2eSameDocument = true;
    });
    for (const remote of Object.values(REMOTES)) {
      await navigateByHeader(page, remote.path);
      await expect(page.getByTestId(remote.pageTestId)).toBeVisible();
    }
    const sameDocument = await page.evaluate(
      () => (window as Window & { __e2eSameDocument?: boolean }).__e2eSameDocument === true,
    );
    expect(sameDocument, 'navigation kept the same document (history routing)').toBe(true);
  });
});

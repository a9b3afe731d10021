// Spec §8's HTTP client on the built site: a 401/403 answer reloads the page (debounced 500 ms). An api
// that keeps refusing must not reload the page forever (issue 14 item 5): after two reloads within a
// minute the shell shows a localized error with a retry, and the retry works once the api answers again.
import { expect, test } from '../support/fixtures';
import { selectLanguage } from '../support/hostUi';
import { renderInBrowser } from '../support/ssrPage';

const API = 'http://127.0.0.1:8787';

test.describe('the api answering 401', () => {
  test('two reloads at most, then an error with Retry instead of a reload loop', async ({ page }) => {
    // The page's own requests are what is refused: the server's render (which asks the api itself and
    // hands the page its data) is taken out, so the page asks for everything.
    await renderInBrowser(page);
    let refusing = true;
    let refused = 0;
    await page.route(`${API}/api/**`, async (route) => {
      if (!refusing) return route.continue();
      refused += 1;
      return route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":401,"msg":"unauthorized"}' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await page.goto('/');
    const banner = page.getByTestId('auth-refused');
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(banner).toContainText("The server keeps refusing this page's requests");
    expect(refused).toBeGreaterThanOrEqual(3);
    // The first load and two reloads; nothing more once the error shows.
    expect(loads).toBe(3);
    await page.waitForTimeout(1_500);
    expect(loads).toBe(3);

    // The error is in the page's language like every other text.
    await selectLanguage(page, 'zh');
    await expect(banner).toContainText('服务器持续拒绝此页面的请求');
    await selectLanguage(page, 'en');

    refusing = false;
    await banner.getByTestId('auth-refused-retry').click();
    await expect(page.getByTestId('auth-refused')).toHaveCount(0);
    await expect(page.locator('[data-testid^="featured-market-"]').first()).toBeVisible({ timeout: 15_000 });
    expect(loads).toBe(4);
  });
});

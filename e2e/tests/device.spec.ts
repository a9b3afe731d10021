// Device detection and rem scaling: mobile < 768 ≤ tablet < 992 ≤ desktop; root font size
// width / 750 × 100 px, capped at 100 px.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { html, openPage } from '../support/hostUi';

const CASES = [
  { width: 375, device: 'mobile', fontSize: '50px' },
  { width: 767, device: 'mobile', fontSize: '100px' },
  { width: 991, device: 'tablet', fontSize: '100px' },
  { width: 1200, device: 'desktop', fontSize: '100px' },
] as const;

function rootFontSize(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
}

test.describe('device and root font size', () => {
  for (const { width, device, fontSize } of CASES) {
    test(`${width}px wide is ${device} with a ${fontSize} root font`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, '/market', 'page-market-list');
      await expect(html(page)).toHaveAttribute('data-device', device);
      await expect.poll(() => rootFontSize(page)).toBe(fontSize);
    });
  }

  test('follows the window as it is resized', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openPage(page, '/', 'page-home');
    await expect(html(page)).toHaveAttribute('data-device', 'desktop');
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(html(page)).toHaveAttribute('data-device', 'mobile');
    await expect.poll(() => rootFontSize(page)).toBe('80px');
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(html(page)).toHaveAttribute('data-device', 'tablet');
    await expect.poll(() => rootFontSize(page)).toBe('100px');
  });
});

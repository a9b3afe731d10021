// Theme: the stored choice, else prefers-color-scheme; toggling stores it and restyles the page.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { html, openPage } from '../support/hostUi';

function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

test.describe('theme', () => {
  test.describe('dark colour scheme', () => {
    test.use({ colorScheme: 'dark' });

    test('starts in night without a stored choice', async ({ page }) => {
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('data-theme', 'night');
    });

    test('a stored day choice overrides the dark scheme', async ({ page }) => {
      await page.addInitScript(() => {
        if (sessionStorage.getItem('e2e.seeded') === null) {
          localStorage.setItem('prds.theme', 'day');
          sessionStorage.setItem('e2e.seeded', '1');
        }
      });
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('data-theme', 'day');
    });
  });

  test.describe('light colour scheme', () => {
    test.use({ colorScheme: 'light' });

    test('starts in day without a stored choice', async ({ page }) => {
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('data-theme', 'day');
    });

    test('a stored night choice overrides the light scheme', async ({ page }) => {
      await page.addInitScript(() => {
        if (sessionStorage.getItem('e2e.seeded') === null) {
          localStorage.setItem('prds.theme', 'night');
          sessionStorage.setItem('e2e.seeded', '1');
        }
      });
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('data-theme', 'night');
    });

    test('toggling switches the colours, stores the choice and survives a reload', async ({ page }) => {
      await openPage(page, '/market', 'page-market-list');
      await expect(html(page)).toHaveAttribute('data-theme', 'day');
      const dayBackground = await bodyBackground(page);
      await page.getByTestId('theme-switch').click();
      await expect(html(page)).toHaveAttribute('data-theme', 'night');
      expect(await page.evaluate(() => localStorage.getItem('prds.theme'))).toBe('night');
      await expect.poll(() => bodyBackground(page)).not.toBe(dayBackground);
      await page.reload();
      await expect(page.getByTestId('page-market-list')).toBeVisible();
      await expect(html(page)).toHaveAttribute('data-theme', 'night');
      await page.getByTestId('theme-switch').click();
      await expect(html(page)).toHaveAttribute('data-theme', 'day');
      expect(await page.evaluate(() => localStorage.getItem('prds.theme'))).toBe('day');
      await expect.poll(() => bodyBackground(page)).toBe(dayBackground);
    });
  });
});

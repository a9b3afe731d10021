// Full-page screenshots of every route in day and night, home and market list in the scripts that need
// extra fonts, and a few pages at phone width, into e2e/screenshots/ for people to look at. Each one
// also checks what a look would: the page's one heading is there, nothing threw, nothing is wider than
// the window, and no text is drawn as boxes for want of a font.
import type { Page } from '@playwright/test';
import { PAGE_ROUTES, type LangCode } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { html, openPage, pageHeading } from '../support/hostUi';
import { expectNoHorizontalOverflow, expectNoTofu } from '../support/pageChecks';
import { capture } from '../support/screenshot';

const THEMES = ['day', 'night'] as const;

/** Stores theme and language before the first load only, so the app's own writes are not undone. */
async function seedPreferences(page: Page, theme: string, lang: LangCode): Promise<void> {
  await page.addInitScript(
    ([storedTheme, storedLang]) => {
      if (sessionStorage.getItem('e2e.seeded') !== null) return;
      localStorage.setItem('prds.theme', storedTheme);
      localStorage.setItem('prds.lang', storedLang);
      sessionStorage.setItem('e2e.seeded', '1');
    },
    [theme, lang] as const,
  );
}

/** Uncaught errors of the page from now on; `expectSound` fails on any. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What every screenshot must show: one non-empty heading, no errors, no sideways scroll, no tofu. */
async function expectSound(page: Page, errors: readonly string[]): Promise<void> {
  expect(await pageHeading(page), 'a visible, non-empty <h1>').not.toBe('');
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoTofu(page);
  expect(errors, 'uncaught errors in the page').toEqual([]);
}

test.describe('screenshots', () => {
  for (const theme of THEMES) {
    for (const route of PAGE_ROUTES) {
      test(`${route.name} in ${theme}`, async ({ page }) => {
        const errors = watchErrors(page);
        await seedPreferences(page, theme, 'en');
        await openPage(page, route.path, route.pageTestId);
        await expect(html(page)).toHaveAttribute('data-theme', theme);
        await expectSound(page, errors);
        await capture(page, `${theme}/${route.name}.png`);
      });
    }
  }

  test('My License tab in day and night', async ({ page }) => {
    const errors = watchErrors(page);
    for (const theme of THEMES) {
      await openPage(page, '/nft', 'page-nft-sale');
      if ((await html(page).getAttribute('data-theme')) !== theme) await page.getByTestId('theme-switch').click();
      await expect(html(page)).toHaveAttribute('data-theme', theme);
      await page.getByRole('tab', { name: 'My License', exact: true }).click();
      await expect(page.getByTestId('page-nft-mine')).toBeVisible();
      await expectSound(page, errors);
      await capture(page, `${theme}/nft-mine.png`);
    }
  });

  const SCRIPT_LANGS = ['zh', 'ja', 'ko', 'th', 'ar', 'ru'] as const satisfies readonly LangCode[];
  for (const lang of SCRIPT_LANGS) {
    test(`home and market list in ${lang}`, async ({ page }) => {
      const errors = watchErrors(page);
      await seedPreferences(page, 'day', lang);
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('lang', lang);
      await expect(html(page)).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expectSound(page, errors);
      await capture(page, `lang/${lang}-home.png`);
      await openPage(page, '/market', 'page-market-list');
      await expectSound(page, errors);
      await capture(page, `lang/${lang}-market-list.png`);
    });
  }

  const MOBILE_ROUTES = PAGE_ROUTES.filter((route) => ['home', 'market-list', 'issue', 'portfolio'].includes(route.name));
  for (const route of MOBILE_ROUTES) {
    test(`${route.name} at 375px in day`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 375, height: 812 });
      await seedPreferences(page, 'day', 'en');
      await openPage(page, route.path, route.pageTestId);
      await expect(html(page)).toHaveAttribute('data-device', 'mobile');
      await expectSound(page, errors);
      await capture(page, `mobile/${route.name}.png`);
    });
  }
});

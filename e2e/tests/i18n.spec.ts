// ARCHITECTURE "Front-end conventions": all 12 languages change the visible text, Arabic is right to
// left, and the choice survives a reload.
import type { Page } from '@playwright/test';
import { LANG_CODES, REMOTES } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { header, html, openPage, pageHeading, selectLanguage } from '../support/hostUi';

const ROUTE = REMOTES.market;

async function englishTexts(page: Page) {
  await openPage(page, ROUTE.path, ROUTE.pageTestId);
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  return { h1: await pageHeading(page), nav: (await header(page).locator('nav').first().innerText()).trim() };
}

test.describe('languages', () => {
  test('the language switch offers exactly the 12 languages', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await page.getByTestId('lang-switch').click();
    const values = await page
      .getByTestId('lang-listbox')
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('data-value')));
    expect(values).toEqual([...LANG_CODES]);
  });

  for (const lang of LANG_CODES.filter((code) => code !== 'en')) {
    test(`${lang} replaces the English heading and nav text`, async ({ page }) => {
      const english = await englishTexts(page);
      await selectLanguage(page, lang);
      await expect(html(page)).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('h1')).not.toHaveText(english.h1);
      await expect(header(page).locator('nav').first()).not.toHaveText(english.nav);
      // Market controls are remote text: they follow the host's language too.
      await expect(page.getByTestId('market-search')).not.toHaveAttribute('placeholder', 'Please enter search content');
    });
  }

  test('the chosen language survives a reload', async ({ page }) => {
    const english = await englishTexts(page);
    await selectLanguage(page, 'ja');
    await expect(page.locator('h1')).not.toHaveText(english.h1);
    const japaneseH1 = await pageHeading(page);
    expect(await page.evaluate(() => localStorage.getItem('prds.lang'))).toBe('ja');
    await page.reload();
    await expect(page.getByTestId(ROUTE.pageTestId)).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'ja');
    await expect(page.getByTestId('lang-switch')).toHaveAttribute('data-value', 'ja');
    await expect(page.locator('h1')).toHaveText(japaneseH1);
  });

  test('Arabic is right to left and survives a reload; back to English is left to right', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await selectLanguage(page, 'ar');
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await selectLanguage(page, 'en');
    await expect(html(page)).toHaveAttribute('dir', 'ltr');
  });

  test.describe('with a supported browser language and nothing stored', () => {
    test.use({ locale: 'ko' });
    test('the initial language follows the browser', async ({ page }) => {
      await openPage(page, '/', 'page-home');
      await expect(html(page)).toHaveAttribute('lang', 'ko');
      await expect(page.getByTestId('lang-switch')).toHaveAttribute('data-value', 'ko');
    });
  });
});

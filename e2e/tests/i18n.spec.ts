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

// Issue 27 items 10/22, 12 and 21: a German visitor in Berlin reads German marks, one date-time format
// with its zone, and a tab title per route.
test.describe('German numbers, dates and titles', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('each route has its own German title, figures use German marks, times name their zone', async ({ page }) => {
    await openPage(page, '/', 'page-home');
    await selectLanguage(page, 'de');
    await expect(page).toHaveTitle('PRDS · Prognosemärkte');

    await openPage(page, ROUTE.path, ROUTE.pageTestId);
    await expect(page).toHaveTitle('Märkte · PRDS');
    // Every multiplier and volume reads with a decimal comma (or none), never an English '1.63' or '1,234.5'.
    // Read once the rows are there (the page may still be rendering them in its new language).
    await expect(page.locator('[data-testid^="market-row-multiplier-"]').first()).toBeVisible();
    const multipliers = await page.locator('[data-testid^="market-row-multiplier-"]').allInnerTexts();
    expect(multipliers.length).toBeGreaterThan(0);
    for (const text of multipliers) expect(text.trim()).toMatch(/^×\d{1,3}(\.\d{3})*(,\d{1,2})?$/);
    // The seeded odds have decimals ('×1,63'); the seeded volumes are whole ('275 USDT').
    expect(multipliers.some((text) => text.includes(','))).toBe(true);
    const volumes = await page.getByTestId('market-row-volume').allInnerTexts();
    for (const text of volumes) expect(text.trim()).toMatch(/^\d{1,3}(\.\d{3})*(,\d+)?[KMB]? USDT$/);

    const row = page.locator('a[data-testid^="market-row-"]').first();
    const event = (await row.locator('.row-event').innerText()).trim();
    await row.click();
    await expect(page.getByTestId('page-detail')).toBeVisible();
    await expect(page).toHaveTitle(`${event} · PRDS`);
    // Trades: '27.11.2026, 05:53 MEZ'-style, the zone named; no English '11/27/26, 4:53 AM'.
    const time = page.getByTestId('trade-row').first().locator('time');
    await expect(time).toHaveText(/^\d{1,2}\. [A-Za-zä]+\.? \d{4}, \d{2}:\d{2} (MEZ|MESZ)$/);
  });
});

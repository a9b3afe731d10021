// Issue 27's accessibility sweep as checks: axe-core (WCAG 2.0/2.1 A and AA) with zero violations on
// every route at 375 and 1280 px in day and night, and with the connect dialog and a License dialog
// open; every route at 320 px without sideways scrolling (WCAG 1.4.10 reflow); and a keyboard-only
// journey: skip link, connect with the test wallet (focus lands on the account button), buy, a
// portfolio tab and its panel, a License dialog that takes and gives back the focus. Screenshots of
// the 320/375/1280 px header and pages in en/zh/ar go to e2e/screenshots/a11y/.
import { parseUnits } from 'ethers';
import type { Page } from '@playwright/test';
import { PAGE_ROUTES, type LangCode } from '../support/apps';
import { axeViolations } from '../support/axe';
import { freshAccount, mintUsdt } from '../support/chain';
import { expect, test } from '../support/fixtures';
import { html, openPage } from '../support/hostUi';
import { quietOpenMarket } from '../support/marketPage';
import { expectNoHorizontalOverflow } from '../support/pageChecks';
import { capture } from '../support/screenshot';
import { installTestWallet, type TestWallet } from '../support/testWallet';

const THEMES = ['day', 'night'] as const;
type Theme = (typeof THEMES)[number];

/** Theme and language stored before the first load only, so the app's own writes are not undone. */
async function seedPreferences(page: Page, theme: Theme, lang: LangCode = 'en'): Promise<void> {
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

/** A route as a person finds it: its page shown and its requests settled (lists, charts, figures). */
async function openSettled(page: Page, path: string, pageTestId: string): Promise<void> {
  await openPage(page, path, pageTestId);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

async function walletWithUsdt(page: Page, usdt: string): Promise<TestWallet> {
  const account = await freshAccount();
  await mintUsdt(account, parseUnits(usdt, 18));
  return installTestWallet(page, { privateKey: account.privateKey });
}

test.describe('axe on every route', () => {
  for (const width of [375, 1280]) {
    for (const theme of THEMES) {
      test(`${width}px ${theme}: zero WCAG A/AA violations`, async ({ page }) => {
        test.setTimeout(300_000);
        await page.setViewportSize({ width, height: 800 });
        await seedPreferences(page, theme);
        const found: Record<string, string[]> = {};
        for (const route of PAGE_ROUTES) {
          await openSettled(page, route.path, route.pageTestId);
          await expect(html(page)).toHaveAttribute('data-theme', theme);
          const violations = await axeViolations(page);
          if (violations.length > 0) found[route.path] = violations;
        }
        expect(found).toEqual({});
      });
    }
  }
});

test.describe('axe with dialogs open', () => {
  for (const [width, theme] of [
    [1280, 'day'],
    [375, 'night'],
  ] as const) {
    test(`${width}px ${theme}: the connect dialog and a License dialog`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      await seedPreferences(page, theme);
      await installTestWallet(page, { privateKey: (await freshAccount()).privateKey });
      await openSettled(page, '/nft', 'page-nft-sale');
      if (width < 768) await page.getByTestId('menu-toggle').click();
      await page.getByTestId('wallet-connect').click();
      const dialog = page.getByTestId('wallet-dialog');
      await expect(dialog.locator('[data-testid^="wallet-option-injected-"]').first()).toBeVisible();
      expect(await axeViolations(page), 'connect dialog').toEqual([]);

      await dialog.locator('[data-testid^="wallet-option-injected-"]').filter({ hasText: 'Test Wallet' }).click();
      await expect(dialog).toBeHidden();
      // On a phone the wallet is in the menu: close it so the page is in view again.
      if (await page.getByTestId('site-menu').isVisible()) await page.getByTestId('menu-toggle').click();
      // The first listing for sale (the newest listings may be for rent).
      const buy = page.getByTestId('license-listing-buy').first();
      await expect(buy).toBeEnabled();
      await buy.click();
      await expect(page.getByTestId('license-buy-dialog')).toBeVisible();
      await expect(page.getByTestId('license-buy-price')).toHaveText(/\d/);
      expect(await axeViolations(page), 'License buy dialog').toEqual([]);
    });
  }
});

test.describe('320 px', () => {
  test('every route fits without sideways scrolling; the menu toggle is on screen', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await seedPreferences(page, 'day');
    for (const route of PAGE_ROUTES) {
      await openSettled(page, route.path, route.pageTestId);
      await expectNoHorizontalOverflow(page);
      const toggle = await page.getByTestId('menu-toggle').boundingBox();
      expect(toggle, `menu toggle on ${route.path}`).not.toBeNull();
      expect((toggle?.x ?? 0) + (toggle?.width ?? 0), `menu toggle's right edge on ${route.path}`).toBeLessThanOrEqual(320);
    }
  });

  for (const lang of ['en', 'zh', 'ar'] as const satisfies readonly LangCode[]) {
    test(`screenshots in ${lang} at 320, 375 and 1280 px`, async ({ page }) => {
      test.setTimeout(120_000);
      await seedPreferences(page, 'day', lang);
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const route of PAGE_ROUTES.filter((r) => ['home', 'market-list', 'portfolio'].includes(r.name))) {
          await openSettled(page, route.path, route.pageTestId);
          await expect(html(page)).toHaveAttribute('lang', lang);
          await expectNoHorizontalOverflow(page);
          await capture(page, `a11y/${lang}-${width}-${route.name}.png`);
        }
      }
    });
  }
});

test('keyboard only: skip link, connect, buy, a portfolio tab, a License dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await walletWithUsdt(page, '50');
  const marketId = await quietOpenMarket();
  await openSettled(page, `/detail/${marketId}`, 'page-detail');

  // The first tab stop is the skip link, shown when focused; it takes the focus to the page's main.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box !== null && box.y >= 0 && box.height > 0, 'the focused skip link is on screen').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('#content main')).toBeFocused();
  // The next stop is inside the page, not the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#content') !== null)).toBe(true);

  // Connect: Enter on 'Connect wallet', Enter on the wallet; the focus lands on the account button.
  await page.getByTestId('wallet-connect').focus();
  await page.keyboard.press('Enter');
  const option = page.getByTestId('wallet-dialog').locator('[data-testid^="wallet-option-injected-"]').first();
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wallet-account')).toBeFocused();

  // Buy: choose an option, type the amount, submit, all from the keyboard.
  const form = page.getByTestId('buy-form');
  await form.getByTestId('buy-option-0').focus();
  await page.keyboard.press('Space');
  await form.getByTestId('buy-amount').focus();
  await page.keyboard.type('2');
  await form.getByTestId('buy-submit').focus();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('tx-status')).toHaveAttribute('data-phase', 'confirmed', { timeout: 60_000 });

  // A portfolio tab: arrows move along the tabs, Enter chooses, the panel is the one it controls.
  await openSettled(page, '/portfolio', 'page-portfolio');
  const first = page.getByTestId('portfolio-tab-positions');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const history = page.getByTestId('portfolio-tab-history');
  await expect(history).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(history).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: await history.innerText() });
  await expect(panel).toBeVisible();
  expect(await history.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
  await page.keyboard.press('Tab');
  await expect(panel).toBeFocused();

  // A License dialog: opened with Enter, focus inside, Escape closes it and gives the focus back.
  await openSettled(page, '/nft', 'page-nft-sale');
  const buy = page.getByTestId('license-listing-buy').first();
  await expect(buy).toBeEnabled();
  await buy.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('license-buy-dialog');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
});

test('the language listbox moves with the arrows and switches the site only on Enter', async ({ page }) => {
  await seedPreferences(page, 'day');
  await openPage(page, '/market', 'page-market-list');
  const heading = await page.locator('h1').innerText();
  await page.getByTestId('lang-switch').focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByTestId('lang-listbox');
  await expect(listbox).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  // Two steps to 한국어: the site is still in English.
  const korean = await listbox.locator('[role="option"][data-value="ko"]').getAttribute('id');
  await expect(listbox).toHaveAttribute('aria-activedescendant', korean ?? 'missing');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toHaveText(heading);
  await page.keyboard.press('Enter');
  await expect(html(page)).toHaveAttribute('lang', 'ko');
  await expect(page.locator('h1')).not.toHaveText(heading);
  await expect(page.getByTestId('lang-switch')).toBeFocused();
});

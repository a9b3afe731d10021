// Issue 14 items 3, 4, 7, 8 on the whole stack, as a new user meets them: a void and a cancelled market
// say why and what each participant gets back; /detail/abc and an unknown id show the not-found page
// with a way back to the markets (an api failure still shows its error with Retry); the issue and
// resolution forms' date-time fields and the challenge's file button speak the page's language; at phone
// width the trades are stacked rows that stay on screen, the status tabs show that there are more, and
// the list's end-date column reads whole in Chinese. Screenshots of each at 375 px in English, Chinese and
// Arabic go to test-results/screenshots/market-defects/.
// Issue 27 items 3, 5, 26 at 375 and 320 px: /portfolio's positions and history are cards with State,
// Payoff and Claim on screen; /market's option names are whole; the /market and /nft filter selects show
// their whole text before the arrow in en, de, ru, th, fr, es and vi (screenshots in en and de).
// The seeded markets (contracts/scripts/seed.ts) are the fixtures; nothing here sends a transaction: the
// early-confirmed market's participant and the open market's issuer are seed accounts only looked at.
import fs from 'node:fs';
import path from 'node:path';
import { HDNodeWallet } from 'ethers';
import type { Page } from '@playwright/test';
import type { LangCode } from '../support/apps';
import { expect, test } from '../support/fixtures';
import { html } from '../support/hostUi';
import { expectNoHorizontalOverflow } from '../support/marketPage';
import { installTestWallet } from '../support/testWallet';
import { connectInjectedWallet } from '../support/walletUi';
import { expectReactOwns, renderInBrowser } from '../support/ssrPage';

const SHOTS = path.resolve(__dirname, '..', 'test-results', 'screenshots', 'market-defects');
const SEED_FILE = path.resolve(__dirname, '..', '..', 'contracts', 'deployments', '31337.seed.json');
const PHONE = { width: 375, height: 812 };
const LANGS = ['en', 'zh', 'ar'] as const satisfies readonly LangCode[];

interface Seed {
  readonly accounts: Readonly<Record<string, string>>;
  readonly markets: readonly { readonly id: string; readonly state: string; readonly event: string; readonly issuer: string }[];
}

function seed(): Seed {
  return JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')) as Seed;
}

function seededMarket(state: string): { id: string; issuer: string } {
  const market = seed().markets.find((m) => m.state === state);
  if (!market) throw new Error(`the seed has no ${state} market`);
  return market;
}

/** A seed account's key (the devnet's standard accounts), to look at the page as that account. */
function seedKey(name: string): string {
  const address = seed().accounts[name];
  for (let index = 0; index < 20; index += 1) {
    const wallet = HDNodeWallet.fromPhrase(
      'test test test test test test test test test test test junk',
      undefined,
      `m/44'/60'/0'/0/${index}`,
    );
    if (wallet.address.toLowerCase() === address?.toLowerCase()) return wallet.privateKey;
  }
  throw new Error(`no devnet key for the seed's ${name}`);
}

/** Language and theme stored before the first load, so the app starts in them. */
async function useLanguage(page: Page, lang: LangCode, theme: 'day' | 'night' = 'day'): Promise<void> {
  await page.addInitScript(
    ([storedLang, storedTheme]) => {
      localStorage.setItem('prds.lang', storedLang);
      localStorage.setItem('prds.theme', storedTheme);
    },
    [lang, theme] as const,
  );
}

async function open(page: Page, url: string, testId: string, lang: LangCode): Promise<void> {
  await page.goto(url);
  await expect(html(page)).toHaveAttribute('lang', lang);
  await expect(page.getByTestId(testId)).toBeVisible();
  // The server's HTML shows it first; the page then hydrates it or renders it anew (another layout
  // than the server guessed): act once the page's own render holds it.
  await expectReactOwns(page, `[data-testid="${testId}"]`);
}

/** A full-page PNG from the top, once fonts have settled. */
async function shot(page: Page, file: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise((resolve) => (window.scrollTo(0, 0), requestAnimationFrame(() => resolve(undefined)))));
  await page.screenshot({ path: path.join(SHOTS, `${file}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Where the list rows' end-date texts wrap: for each row shown, the text before every line break. A good
 * break follows a space (between words); one inside a Chinese word or a date ('停止' / '交易') does not.
 */
async function endDateBreaks(page: Page): Promise<{ text: string; breaksAfter: string[] }[]> {
  return page.getByTestId('market-row-countdown').evaluateAll((cells) =>
    cells.map((cell) => {
      const text = cell.textContent ?? '';
      const breaksAfter: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let lastTop: number | null = null;
      let before = '';
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (let i = 0; i < value.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect !== undefined && rect.width > 0) {
            if (lastTop !== null && rect.top > lastTop + rect.height / 2) breaksAfter.push(before);
            lastTop = rect.top;
          }
          before += value[i];
        }
      }
      return { text, breaksAfter };
    }),
  );
}

function badBreaks(rows: { text: string; breaksAfter: string[] }[]): string[] {
  return rows.flatMap((row) =>
    row.breaksAfter.filter((before) => !/\s$/.test(before)).map((before) => `${row.text} ⟂ after "${before}"`),
  );
}

test.describe('item 4: a market that does not exist', () => {
  for (const id of ['abc', '999999']) {
    test(`/detail/${id} shows the not-found page with a way back to the markets`, async ({ page }) => {
      await page.goto(`/detail/${id}`);
      const missing = page.getByTestId('page-not-found');
      await expect(missing).toBeVisible();
      await expect(missing.locator('h1')).toHaveText('Market not found');
      await expect(page.getByText(/Request failed/)).toHaveCount(0);
      await missing.getByTestId('not-found-markets').click();
      await expect(page).toHaveURL(/\/market$/);
      await expect(page.getByTestId('page-market-list')).toBeVisible();
    });
  }

  test('an api failure still shows the error with Retry', async ({ page }) => {
    // The page's own request fails: the server's render (which asks the api itself) is taken out.
    await renderInBrowser(page);
    let failing = true;
    await page.route('**/api/market/detail', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"code":50301,"msg":"api.error.chainUnavailable"}',
          })
        : route.fallback(),
    );
    const { id } = seededMarket('Open');
    await page.goto(`/detail/${id}`);
    const error = page.getByTestId('detail-error');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('page-not-found')).toHaveCount(0);
    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('detail-event')).toHaveText(/\S/);
  });
});

test.describe('item 3: final markets say how they ended', () => {
  test('void: why, full refunds and how to claim them; the premium is not "not reached yet"', async ({ page }) => {
    const { id } = seededMarket('Void');
    await page.goto(`/detail/${id}`);
    const outcome = page.getByTestId('resolution-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'void');
    await expect(outcome).toContainText(
      /This market is void: when trading ended \(.+\), buyers had staked 19\.6 USDT, below its minimum premium of 50 USDT\./,
    );
    await expect(outcome).toContainText('Every buyer gets back everything they paid, fees included.');
    await expect(outcome).toContainText('press Claim refund below');
    await expect(page.getByText('The issuer has not confirmed a result yet.')).toHaveCount(0);
    await expect(page.getByTestId('detail-min-premium')).toContainText('not reached in time: the market is void');
    await expect(page.getByTestId('detail-min-premium')).not.toContainText('not reached yet');
  });

  test('cancelled: why, and that nobody has anything to claim', async ({ page }) => {
    const { id } = seededMarket('Cancelled');
    await page.goto(`/detail/${id}`);
    const outcome = page.getByTestId('resolution-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'cancelled');
    await expect(outcome).toContainText('The issuer cancelled this market before anyone bought a position.');
    await expect(outcome).toContainText('there is nothing to claim');
    await expect(page.getByText('The issuer has not confirmed a result yet.')).toHaveCount(0);
    await expect(page.getByTestId('detail-min-premium')).not.toContainText('not reached yet');
  });

  for (const lang of LANGS) {
    test(`screenshots of the void and cancelled markets at 375 px in ${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await useLanguage(page, lang);
      for (const state of ['Void', 'Cancelled']) {
        await open(page, `/detail/${seededMarket(state).id}`, 'resolution-outcome', lang);
        await expectNoHorizontalOverflow(page);
        await shot(page, `item3-${state.toLowerCase()}-${lang}`);
        await page
          .getByTestId('resolution-section')
          .screenshot({ path: path.join(SHOTS, `item3-${state.toLowerCase()}-${lang}-resolution.png`) });
      }
    });
  }
});

test.describe('item 7: date-time and file controls in the page language', () => {
  for (const lang of LANGS) {
    test(`the issue form's times and the resolution forms at 375 px in ${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await useLanguage(page, lang);
      await open(page, '/issue', 'issue-form', lang);
      const lastTrading = page.getByTestId('issue-last-trading-time');
      await expect(lastTrading.getByRole('spinbutton').first()).toBeVisible();
      // The browser's own control would show 'mm/dd/yyyy' (the browser's language) here; the picker keeps
      // only a hidden one for forms, out of the tab order.
      await expect(page.locator('input[type="datetime-local"]:not([tabindex="-1"])')).toHaveCount(0);
      // Its empty parts read in the page's language: 'mm/dd/yyyy' only in English.
      await expect(lastTrading).toContainText({ en: 'mm/dd/yyyy', zh: '年/月/日', ar: 'يوم' }[lang]);
      if (lang !== 'en') await expect(lastTrading).not.toContainText(/mm|dd|yyyy/);
      await expect(lastTrading.getByTestId('date-time-zone')).toHaveText(
        { en: /^Time zone: /, zh: /^时区：/, ar: /^المنطقة الزمنية: / }[lang],
      );
      await shot(page, `item7-issue-form-${lang}`);
      await lastTrading.scrollIntoViewIfNeeded();
      await lastTrading.getByTestId('date-time-open').click();
      const calendar = page.locator('[role="dialog"] [role="grid"]');
      await expect(calendar).toBeVisible();
      // The month is named in the page's language (a full-page image would resize the page and close it).
      await expect(page.locator('[role="dialog"] header h2')).toHaveText(
        { en: /^[A-Z][a-z]+ \d{4}$/, zh: /^\d{4}年\d{1,2}月$/, ar: /[\u0600-\u06ff]/ }[lang],
      );
      await page.screenshot({ path: path.join(SHOTS, `item7-issue-calendar-${lang}.png`), animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(calendar).toHaveCount(0);

      // A participant of the early-confirmed market: the challenge's known-at time and evidence image.
      const early = seededMarket('EarlyConfirmed');
      await installTestWallet(page, { privateKey: seedKey('b5') });
      await open(page, `/detail/${early.id}`, 'challenge-form', lang);
      // At phone width the wallet button is in the header's menu.
      await page.getByTestId('menu-toggle').click();
      await connectInjectedWallet(page);
      if (await page.getByTestId('site-menu').isVisible()) await page.getByTestId('menu-toggle').click();
      const form = page.getByTestId('challenge-form');
      await expect(form.getByTestId('challenge-known-at').getByRole('spinbutton').first()).toBeVisible();
      await expect(form.getByTestId('challenge-image-choose')).toHaveText(
        { en: 'Choose a file', zh: '选择文件', ar: 'اختر ملفًا' }[lang],
      );
      await expect(form.getByTestId('challenge-image-name')).toHaveText(
        { en: 'No file chosen', zh: '未选择文件', ar: 'لم يُختر أي ملف' }[lang],
      );
      await expectNoHorizontalOverflow(page);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `item7-challenge-${lang}.png`), animations: 'disabled' });
    });
  }
});

test.describe('item 8: phone layouts', () => {
  for (const lang of LANGS) {
    test(`trades are stacked rows that stay on screen, tabs show there are more (375 px, ${lang})`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await useLanguage(page, lang);
      await open(page, `/detail/${seededMarket('Open').id}`, 'detail-trades', lang);
      const trades = page.getByTestId('detail-trades');
      await expect(trades.getByTestId('trade-row').first()).toBeVisible();
      const fits = await trades.evaluate((section) => {
        const box = section.getBoundingClientRect();
        const rows = Array.from(section.querySelectorAll('[data-testid="trade-row"]'));
        return {
          scroller: Array.from(section.querySelectorAll('div')).every((d) => d.scrollWidth <= d.clientWidth + 1),
          rowsInside: rows.every((r) => {
            const b = r.getBoundingClientRect();
            return b.left >= box.left - 1 && b.right <= box.right + 1;
          }),
          stacked: rows.every((r) => getComputedStyle(r).display === 'grid'),
        };
      });
      expect(fits).toEqual({ scroller: true, rowsInside: true, stacked: true });
      await expectNoHorizontalOverflow(page);
      await trades.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `item8-trades-${lang}.png`), animations: 'disabled' });

      await open(page, '/portfolio', 'portfolio-tabs', lang);
      const tabs = page.getByTestId('portfolio-tabs');
      const forward = page.getByTestId('portfolio-tabs-scroll-forward');
      await expect(forward).toBeVisible();
      await expect(page.getByTestId('portfolio-tabs-scroll-back')).toHaveCount(0);
      const last = tabs.getByRole('tab').last();
      // Each click scrolls most of a screen, smoothly; the button goes once the end is reached (one click
      // or more, depending on the language's tab widths).
      await expect(async () => {
        if ((await forward.count()) > 0) await forward.click({ timeout: 1_000 });
        await expect(forward).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(async () => {
        const [list, tab] = await Promise.all([tabs.boundingBox(), last.boundingBox()]);
        expect(list && tab && tab.x >= list.x - 1 && tab.x + tab.width <= list.x + list.width + 1).toBe(true);
      }).toPass();
      await expect(page.getByTestId('portfolio-tabs-scroll-back')).toBeVisible();
      await shot(page, `item8-portfolio-tabs-${lang}`);

      await open(page, '/market', 'market-status-tabs', lang);
      await expect(page.getByTestId('market-status-tabs-scroll-forward')).toBeVisible();
      await expect(page.getByTestId(/^market-row-\d+$/).first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `item8-market-list-${lang}`);
    });
  }

  for (const viewport of [PHONE, { width: 800, height: 1000 }]) {
    test(`the list's end dates in Chinese break only between words at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, 'zh');
      await open(page, '/market', 'market-status-tabs', 'zh');
      await expect(page.getByTestId('market-row-countdown').nth(3)).toBeVisible();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const rows = await endDateBreaks(page);
      expect(rows.some((row) => /停止交易/.test(row.text))).toBe(true);
      expect(badBreaks(rows)).toEqual([]);
      await shot(page, `item8-market-list-zh-${viewport.width}`);
    });
  }

  test('at night too: the picker, its calendar, the tabs and a void market (375 px, Arabic)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await useLanguage(page, 'ar', 'night');
    await open(page, `/detail/${seededMarket('Void').id}`, 'resolution-outcome', 'ar');
    await expect(html(page)).toHaveAttribute('data-theme', 'night');
    await page.getByTestId('resolution-section').screenshot({ path: path.join(SHOTS, 'night-void-ar-resolution.png') });
    await open(page, '/portfolio', 'portfolio-tabs', 'ar');
    await shot(page, 'night-portfolio-tabs-ar');
    await open(page, '/issue', 'issue-form', 'ar');
    const lastTrading = page.getByTestId('issue-last-trading-time');
    await lastTrading.scrollIntoViewIfNeeded();
    await lastTrading.getByTestId('date-time-open').click();
    await expect(page.locator('[role="dialog"] [role="grid"]')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'night-issue-calendar-ar.png'), animations: 'disabled' });
  });
});

// ------------------------------------------------------------------ issue 27 (a new user at phone width)

const SMALL_PHONE = { width: 320, height: 640 };
const FILTER_LANGS = ['en', 'de', 'ru', 'th', 'fr', 'es', 'vi'] as const satisfies readonly LangCode[];

/** The element's box lies within the viewport's width (nothing to scroll sideways to reach it). */
async function insideViewport(page: Page, testId: string): Promise<{ left: number; right: number; width: number }> {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { left: Math.floor(box.left), right: Math.ceil(box.right), width: window.innerWidth };
  });
}

/**
 * For each filter select: the choices whose text does not fit between the select's start padding and the
 * arrow (its end padding), each measured in the select's own font. A native select draws only its chosen
 * text, so every choice is measured as if chosen. Empty when every select shows any choice whole.
 */
async function cutSelectTexts(page: Page, testIds: readonly string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const cut: string[] = [];
    for (const id of ids) {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`);
      if (select === null) {
        cut.push(`${id}: missing`);
        continue;
      }
      const style = getComputedStyle(select);
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
      document.body.append(probe);
      for (const option of Array.from(select.options)) {
        probe.textContent = option.text;
        const width = probe.getBoundingClientRect().width;
        if (width > room + 0.5) cut.push(`${id}: "${option.text}" needs ${width.toFixed(1)}px, has ${room.toFixed(1)}px`);
      }
      probe.remove();
    }
    return cut;
  }, testIds);
}

test.describe('issue 27: a new user at phone width', () => {
  for (const lang of ['en', 'de'] as const) {
    test(`/portfolio: positions and history are cards, State, Payoff and Claim on screen (375 px, ${lang})`, async ({ page }) => {
      const voidMarket = seededMarket('Void').id;
      await page.setViewportSize(PHONE);
      await useLanguage(page, lang);
      await installTestWallet(page, { privateKey: seedKey('b4') });
      await open(page, '/portfolio', 'portfolio-tabs', lang);
      await page.getByTestId('menu-toggle').click();
      await connectInjectedWallet(page);
      if (await page.getByTestId('site-menu').isVisible()) await page.getByTestId('menu-toggle').click();

      // b4's void market: its refund waits, so the row has a Claim button.
      const row = page.getByTestId('positions-table').getByTestId(`position-${voidMarket}`);
      await expect(row).toBeVisible();
      await expect(row).toHaveCSS('display', 'grid');
      for (const testId of [`position-${voidMarket}-state`, `position-${voidMarket}-pending`, `position-${voidMarket}-claim`]) {
        await expect(page.getByTestId(testId)).toBeVisible();
        const box = await insideViewport(page, testId);
        expect(box.left, testId).toBeGreaterThanOrEqual(0);
        expect(box.right, testId).toBeLessThanOrEqual(box.width);
      }
      // Each figure is under its column's name; the market's event is whole, not cut after two lines.
      await expect(row.locator('td[data-label]').first()).toHaveAttribute('data-label', lang === 'en' ? 'Market' : 'Markt');
      const event = row.locator('td.market [title]');
      const whole = await event.evaluate((element) => ({
        clamp: getComputedStyle(element).webkitLineClamp,
        fits: element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1,
      }));
      expect(whole.clamp === 'none' || whole.fits).toBe(true);
      await expectNoHorizontalOverflow(page);
      await shot(page, `issue27-portfolio-positions-${lang}`);

      await page.getByTestId('portfolio-tab-history').click();
      const history = page.getByTestId('history-table');
      await expect(history.getByTestId('history-row').first()).toBeVisible();
      await expect(history.getByTestId('history-row').first()).toHaveCSS('display', 'grid');
      const rowsInside = await history.evaluate((table) =>
        Array.from(table.querySelectorAll('[data-testid="history-row"]')).every((r) => {
          const b = r.getBoundingClientRect();
          return b.left >= -1 && b.right <= window.innerWidth + 1;
        }),
      );
      expect(rowsInside).toBe(true);
      // Item 7: the P&L chart draws b4's realized profit, written above it too, on every range.
      const chart = page.getByTestId('portfolio-chart');
      await expect(chart.getByTestId('portfolio-chart-canvas').locator('canvas').first()).toBeVisible();
      await expect(chart.getByTestId('portfolio-chart-latest-amount')).toHaveText(/USDT/);
      await expectNoHorizontalOverflow(page);
      await shot(page, `issue27-portfolio-history-${lang}`);
      await page.getByTestId('portfolio-chart-day').click();
      await expect(chart.getByTestId('portfolio-chart-canvas').locator('canvas').first()).toBeVisible();
      await expect(chart.getByTestId('portfolio-chart-empty')).toHaveCount(0);
      await chart.screenshot({ path: path.join(SHOTS, `issue27-portfolio-chart-24h-${lang}.png`), animations: 'disabled' });
    });
  }

  for (const viewport of [PHONE, SMALL_PHONE]) {
    test(`/market option names are whole and tell the options apart (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const search of ['', 'Champions League', 'daily active addresses']) {
        await page.goto(search === '' ? '/market' : `/market?q=${encodeURIComponent(search)}`);
        await expect(page.getByTestId('market-row-option-name').first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const rows = await page.getByTestId(/^market-row-\d+$/).evaluateAll((links) =>
          links.map((link) =>
            Array.from(link.querySelectorAll<HTMLElement>('[data-testid="market-row-option-name"]')).map((name) => ({
              text: name.textContent ?? '',
              cut:
                name.scrollWidth > name.clientWidth + 1 ||
                name.scrollHeight > name.clientHeight + 1 ||
                Array.from(name.querySelectorAll('*')).some((inner) => getComputedStyle(inner).textOverflow === 'ellipsis'),
            })),
          ),
        );
        expect(rows.length).toBeGreaterThan(0);
        for (const names of rows) {
          expect(names.filter((name) => name.cut)).toEqual([]);
          expect(new Set(names.map((name) => name.text)).size).toBe(names.length);
        }
        if (search === 'Champions League')
          expect(rows.flat().map((n) => n.text)).toEqual(expect.arrayContaining(['Real Madrid', 'Manchester City']));
        if (search === 'daily active addresses') expect(rows.flat().map((n) => n.text)).toContain('Ethereum');
        await expectNoHorizontalOverflow(page);
      }
      await shot(page, `issue27-market-options-${viewport.width}`);
    });
  }

  for (const lang of FILTER_LANGS) {
    test(`the /market and /nft filter selects show their whole text at 375 and 320 px (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      for (const [url, ready, selects] of [
        ['/market', 'market-category', ['market-category', 'market-sort']],
        ['/nft', 'license-market-kind', ['license-market-kind', 'license-market-type', 'license-market-sort']],
      ] as const) {
        for (const viewport of [PHONE, SMALL_PHONE]) {
          await page.setViewportSize(viewport);
          await open(page, url, ready, lang);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          expect(await cutSelectTexts(page, selects)).toEqual([]);
          await expectNoHorizontalOverflow(page);
          if ((lang === 'en' || lang === 'de') && viewport === PHONE) await shot(page, `issue27-${url.slice(1)}-${lang}`);
        }
      }
    });
  }
});

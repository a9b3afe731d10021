// Actions on the host shell through its agreed test hooks (notes/shared-api.md).
import { expect, type Locator, type Page } from '@playwright/test';
import type { LangCode } from './apps';

export function header(page: Page): Locator {
  return page.getByTestId('site-header');
}

export function html(page: Page): Locator {
  return page.locator('html');
}

/** Opens a route and waits until its page root is visible. */
export async function openPage(page: Page, path: string, pageTestId: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(pageTestId)).toBeVisible();
}

/** Client-side navigation through the header's nav link, keeping the same document. */
export async function navigateByHeader(page: Page, path: string): Promise<void> {
  await header(page).locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

/** Chooses a language in the header's language listbox (button → option). */
export async function selectLanguage(page: Page, lang: LangCode): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-listbox').locator(`[role="option"][data-value="${lang}"]`).click();
  await expect(html(page)).toHaveAttribute('lang', lang);
}

export async function pageHeading(page: Page): Promise<string> {
  const h1 = page.locator('h1');
  await expect(h1).toHaveCount(1);
  return (await h1.innerText()).trim();
}

/** The language and theme the next load shows (the header's choices, as stored). */
export async function storeLook(page: Page, lang: LangCode, theme: 'day' | 'night'): Promise<void> {
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('prds.lang', l);
      localStorage.setItem('prds.theme', t);
    },
    [lang, theme] as const,
  );
}

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Types `seconds` into one of the issue form's date-time fields segment by segment, in the page's
 * en-US order and in UTC (the context's time zone must be UTC), and waits until the field holds it.
 */
export async function typeMoment(page: Page, field: Locator, seconds: number): Promise<void> {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = d.getUTCHours();
  const parts: [string, string][] = [
    ['month', pad(d.getUTCMonth() + 1)],
    ['day', pad(d.getUTCDate())],
    ['year', String(d.getUTCFullYear())],
    ['hour', pad(hours % 12 || 12)],
    ['minute', pad(d.getUTCMinutes())],
    ['dayPeriod', hours < 12 ? 'A' : 'P'],
  ];
  await expect(field.getByRole('spinbutton').first()).toBeVisible();
  for (const [type, text] of parts) {
    await field.locator(`[data-type="${type}"]`).click();
    await page.keyboard.type(text);
  }
  await expect(field).toHaveAttribute('data-value', String(seconds));
}

// Reading the amounts the pages show (balances, stakes) as numbers.
import { expect, type Locator } from '@playwright/test';

/**
 * The number a balance shows, in whole tokens: the first number in the text, thousands separators
 * dropped, K/M/B applied ('1.2346 BNB' → 1.2346, '12.50K USDT' → 12500, '3.00 B' → 3e9).
 */
export function parseDisplayedAmount(text: string): number {
  const match = /(-?[\d,]*\.?\d+)(?:\s*([KMB])(?![A-Za-z]))?/.exec(text.replace(/\u00a0/g, ' '));
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[match[2] as 'K' | 'M' | 'B'] ?? 1;
  return Number(match[1].replace(/,/g, '')) * scale;
}

/** Reads the displayed amount of `locator` once it shows a number. */
export async function displayedAmount(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/\d/);
  return parseDisplayedAmount(await locator.innerText());
}

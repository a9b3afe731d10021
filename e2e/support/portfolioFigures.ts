// How the portfolio pages write figures (spec §5), computed here from wei to check the page's text:
// tables 4 decimals rounded down, headlines K/M/B with 2 decimals, rates from basis points; and the
// history's CSV as the page writes it.
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `wei` (18 decimals) as a decimal with at most `keep` decimals, rounded down, grouped: '1,234.5678'. */
export function decimalText(wei: bigint, unitDecimals: number, keep: number): string {
  const negative = wei < 0n;
  const cut = (negative ? -wei : wei) / 10n ** BigInt(unitDecimals - keep);
  if (cut === 0n) return '0';
  const whole = cut / 10n ** BigInt(keep);
  const fraction = (cut % 10n ** BigInt(keep)).toString().padStart(keep, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${group(whole.toString())}${fraction ? `.${fraction}` : ''}`;
}

/** Tables: 4 decimals rounded down. */
export const amount4 = (wei: bigint): string => decimalText(wei, 18, 4);

/** Headlines: K / M / B with 2 decimals from 1,000 on, else 4; rounded down. */
export function compact(wei: bigint): string {
  const abs = wei < 0n ? -wei : wei;
  for (const [suffix, exponent] of [
    ['B', 9],
    ['M', 6],
    ['K', 3],
  ] as const) {
    if (abs >= 10n ** BigInt(18 + exponent)) return `${decimalText(wei, 18 + exponent, 2)}${suffix}`;
  }
  return amount4(wei);
}

/** The text and data-value of a TokenAmount. */
export async function expectAmount(
  locator: Locator,
  wei: bigint,
  format: (wei: bigint) => string,
  symbol = 'USDT',
): Promise<void> {
  await expect(locator).toHaveAttribute('data-value', wei.toString());
  await expect(locator).toHaveText(`${format(wei)} ${symbol}`);
}

/** A rate in basis points as the page writes it: ÷ 100, at most 2 decimals, rounded down. */
export const rate = (bps: bigint): string => decimalText(BigInt(bps), 2, 2);

/** The exact amount (base units) a TokenAmount carries in its data-value. */
export const valueOf = async (locator: Locator): Promise<bigint> => BigInt((await locator.getAttribute('data-value')) ?? 'NaN');

/** '2026-11-25T09:30:00.000Z' as the file writes it: '2026-11-25 09:30 UTC'. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** RFC 4180, as the page writes it. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
      i++;
    } else value += c;
  }
  return rows;
}

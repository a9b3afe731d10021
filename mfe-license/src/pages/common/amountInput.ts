/**
 * What a person types as an amount or a count, checked before anything is sent. Prices are pay-token
 * amounts with at most 4 decimals (the precision every page shows: spec §5/§9, so a buyer sees the
 * exact price), between PRICE_MIN and PRICE_MAX; counts (days, issues) are whole numbers in a range.
 */

/** Decimals a price may carry: what the pages show (spec §9: 4 decimals by default). */
export const PRICE_DECIMALS = 4;
const TOKEN_DECIMALS = 18;
/** The smallest price: one unit of the last shown decimal (0.0001 USDT). */
export const PRICE_MIN = 10n ** BigInt(TOKEN_DECIMALS - PRICE_DECIMALS);
/** The largest price we let a person list at (1,000,000,000 USDT): a slip of the keyboard, not a price. */
export const PRICE_MAX = 1_000_000_000n * 10n ** BigInt(TOKEN_DECIMALS);

export type PriceError = 'empty' | 'negative' | 'format' | 'decimals' | 'zero' | 'tooHigh';
export type PriceCheck = { readonly ok: true; readonly wei: bigint } | { readonly ok: false; readonly error: PriceError };

// Digits with an optional fraction ("12", "12.5", ".5", "12."): no sign, exponent, grouping or spaces inside.
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;
const NEGATIVE = /^-\s*(?:\d+\.?\d*|\.\d+)$/;

/** A price typed by the user, in wei; never through floating point. */
export function validatePrice(text: string): PriceCheck {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'empty' };
  if (NEGATIVE.test(value)) return { ok: false, error: /[1-9]/.test(value) ? 'negative' : 'zero' };
  if (!DECIMAL.test(value)) return { ok: false, error: 'format' };
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > PRICE_DECIMALS) return { ok: false, error: 'decimals' };
  const wei = BigInt(whole === '' ? '0' : whole) * 10n ** BigInt(TOKEN_DECIMALS) + BigInt(fraction.padEnd(TOKEN_DECIMALS, '0'));
  if (wei === 0n) return { ok: false, error: 'zero' };
  if (wei > PRICE_MAX) return { ok: false, error: 'tooHigh' };
  return { ok: true, wei };
}

export type CountError = 'empty' | 'format' | 'range';
export type CountCheck = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly error: CountError };

/** A whole number from `min` to `max` (days, issues). */
export function validateCount(text: string, min: number, max: number): CountCheck {
  const value = text.trim();
  if (value === '') return { ok: false, error: 'empty' };
  if (!/^\d+$/.test(value)) return { ok: false, error: 'format' };
  // Compared as a bigint first: '99999999999999999999' must not round into range.
  const big = BigInt(value);
  if (big < BigInt(min) || big > BigInt(max)) return { ok: false, error: 'range' };
  return { ok: true, value: Number(big) };
}

import BigNumber from 'bignumber.js';

/**
 * A private constructor so the page's global BigNumber settings stay untouched. Display always
 * rounds toward zero: a balance or payout is never shown larger than it is.
 */
export const Big = BigNumber.clone({
  ROUNDING_MODE: BigNumber.ROUND_DOWN,
  DECIMAL_PLACES: 40,
  EXPONENTIAL_AT: 1e9,
  FORMAT: { decimalSeparator: '.', groupSeparator: ',', groupSize: 3, prefix: '', suffix: '' },
});

export type BigValue = InstanceType<typeof Big>;

/** Anything an amount arrives as: api strings, wei bigints, numbers, BigNumber instances. */
export type Numeric = string | number | bigint | BigNumber | null | undefined;

/** What every formatter shows for a value it cannot read. */
export const INVALID_NUMBER = '--';

/** Parses a value, or null when it is missing, malformed or not finite (strict bignumber.js throws). */
export function toBigNumber(value: Numeric): BigValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  try {
    const n = new Big(value);
    return n.isFinite() ? n : null;
  } catch {
    return null;
  }
}

/** At most `decimals` decimals, rounded toward zero, trailing zeros dropped, thousands grouped. */
export function formatDecimals(n: BigValue, decimals: number): string {
  const cut = n.decimalPlaces(decimals, Big.ROUND_DOWN);
  // Truncating -0.00001 leaves -0, which should read as plain 0.
  return cut.isZero() ? '0' : cut.toFormat();
}

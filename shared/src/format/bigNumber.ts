import BigNumber from 'bignumber.js';

/**
 * A private constructor so the page's global BigNumber settings stay untouched. Display always
 * rounds toward zero: a balance or payout is never shown larger than it is.
 */
export const Big = BigNumber.clone({
  ROUNDING_MODE: BigNumber.ROUND_DOWN,
  DECIMAL_PLACES: 40,
  EXPONENTIAL_AT: 1e9,
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

/** Latin digits in every language, as the dates show them (CLDR's own default for Arabic too). */
export const NUMBERING_SYSTEM = 'latn';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per language and decimal count: building one costs more than using it. */
function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    // `roundingMode` is ES2023 (our lib is ES2022); the value is already truncated, this only keeps
    // Intl from rounding it up again should a decimal count ever differ.
    const options = {
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
      numberingSystem: NUMBERING_SYSTEM,
    } as Intl.NumberFormatOptions;
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * At most `decimals` decimals, rounded toward zero, trailing zeros dropped, thousands grouped in the
 * marks of `locale` (ARCHITECTURE 'Front-end conventions'): bignumber.js truncates, then
 * Intl.NumberFormat writes the decimal string, which it formats exactly (no float step), so
 * 19530.5 reads '19,530.5' in English, '19.530,5' in German and '19 530,5' in French.
 */
export function formatDecimals(n: BigValue, decimals: number, locale: string = 'en'): string {
  const cut = n.decimalPlaces(decimals, Big.ROUND_DOWN);
  // Truncating -0.00001 leaves -0, which should read as plain 0.
  if (cut.isZero()) return numberFormat(locale, 0).format(0);
  // ES2022's lib types format() as taking a number; engines take a numeric string exactly (ES2023).
  return (numberFormat(locale, decimals).format as unknown as (value: string) => string)(cut.toFixed());
}

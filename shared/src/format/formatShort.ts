import { INVALID_NUMBER, formatDecimals, toBigNumber, type Numeric } from './bigNumber';

const SHORT_DECIMALS = 3;

/** The short format: at most 3 decimals, rounded down. */
export function formatShort(value: Numeric, locale: string = 'en'): string {
  const n = toBigNumber(value);
  return n === null ? INVALID_NUMBER : formatDecimals(n, SHORT_DECIMALS, locale);
}

import { INVALID_NUMBER, formatDecimals, toBigNumber, type Numeric } from './bigNumber';

const RATE_DECIMALS = 2;

/** Rates arrive multiplied by 100 (1250 means 12.5); shown divided back with 2 decimals, no '%' sign. */
export function formatRate(value: Numeric, locale: string = 'en'): string {
  const n = toBigNumber(value);
  return n === null ? INVALID_NUMBER : formatDecimals(n.div(100), RATE_DECIMALS, locale);
}

import { INVALID_NUMBER, formatDecimals, toBigNumber, type Numeric } from './bigNumber';

export const DEFAULT_DECIMALS = 4;

/**
 * An amount with at most `decimals` decimals (default 4), rounded down, grouped in the marks of
 * `locale`: 1234.56789 → '1,234.5678' (en), '1.234,5678' (de).
 */
export function formatAmount(value: Numeric, decimals: number = DEFAULT_DECIMALS, locale: string = 'en'): string {
  const n = toBigNumber(value);
  if (n === null || !Number.isInteger(decimals) || decimals < 0) return INVALID_NUMBER;
  return formatDecimals(n, decimals, locale);
}

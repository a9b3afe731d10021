import { INVALID_NUMBER, toBigNumber, type Numeric } from './bigNumber';

/**
 * Token base units to whole tokens, exactly (no rounding, no grouping) so the result can be fed to
 * the other formatters or to arithmetic: fromUnits(1500000000000000000n) → '1.5'.
 */
export function fromUnits(value: Numeric, decimals: number = 18): string {
  const n = toBigNumber(value);
  if (n === null || !Number.isInteger(decimals) || decimals < 0) return INVALID_NUMBER;
  const whole = n.shiftedBy(-decimals);
  return whole.isZero() ? '0' : whole.toFixed();
}

import { PAY_TOKEN } from '@prds/shared/chains';
import { fromUnits, type Format } from '@prds/shared/format';

// Spec §5 number formats for token amounts in wei (decimal strings): 4 decimals rounded down in
// tables and exports; K / M / B with 2 decimals in the headline figures; a rate is basis points
// shown divided by 100 with 2 decimals.

export type Wei = string | bigint;

/** '1,234.5678' (4 decimals, rounded down), in the marks of `format`'s language ('1.234,5678' in German). */
export function tokenAmount(wei: Wei, format: Format, decimals: number = PAY_TOKEN.decimals): string {
  return format.amount(fromUnits(wei.toString(), decimals));
}

/** '12.34K', '1.5M' from 1,000 on (2 decimals, rounded down); smaller amounts with 4. */
export function compactAmount(wei: Wei, format: Format, decimals: number = PAY_TOKEN.decimals): string {
  return format.compact(fromUnits(wei.toString(), decimals));
}

/** The whole amount in token units, ungrouped (a CSV cell, a title): exact, no rounding. */
export function exactAmount(wei: Wei, decimals: number = PAY_TOKEN.decimals): string {
  return fromUnits(wei.toString(), decimals);
}

/** -1, 0 or 1: the sign of an amount (colours gains and losses). */
export function signOf(wei: Wei | null): -1 | 0 | 1 {
  if (wei === null) return 0;
  const value = BigInt(wei);
  return value > 0n ? 1 : value < 0n ? -1 : 0;
}

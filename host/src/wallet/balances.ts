import { INVALID_NUMBER, fromUnits, type Format, type FundItem } from '@prds/shared';

/** The three balances the wallet menu lists, in this order. */
export const BALANCE_SYMBOLS = ['BNB', 'USDT', 'PRDS'] as const;
export type BalanceSymbol = (typeof BALANCE_SYMBOLS)[number];

/** A fund item's balance (wei string) as whole tokens, 4 decimals, rounded down, in `format`'s marks; '--' when absent. */
export function formatBalance(fundData: readonly FundItem[], symbol: BalanceSymbol, format: Format): string {
  const item = fundData.find((entry) => entry.symbol?.toUpperCase() === symbol);
  if (!item) return INVALID_NUMBER;
  const decimals = typeof item.decimals === 'number' ? item.decimals : Number(item.decimals ?? 18);
  const whole = fromUnits(item.balance, Number.isInteger(decimals) && decimals >= 0 ? decimals : 18);
  return whole === INVALID_NUMBER ? INVALID_NUMBER : format.amount(whole);
}

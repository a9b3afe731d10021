import { PAY_TOKEN, PLATFORM_TOKEN, getChainConfig, type ChainId } from '@prds/shared/chains';
import { INVALID_NUMBER, fromUnits, type Format } from '@prds/shared/format';
import { type FundItem } from '@prds/shared/http';

/**
 * The three balances the wallet menu lists, in this order: the chain's native coin as the chain
 * table names it (BNB, tBNB on BSC testnet, as the api's fund list says), then the pay and platform tokens.
 */
export function balanceSymbols(chainId: ChainId): readonly string[] {
  return [getChainConfig(chainId).nativeCurrency.symbol, PAY_TOKEN.symbol, PLATFORM_TOKEN.symbol];
}

/** A fund item's balance (wei string) as whole tokens, 4 decimals, rounded down, in `format`'s marks; '--' when absent. */
export function formatBalance(fundData: readonly FundItem[], symbol: string, format: Format): string {
  const item = fundData.find((entry) => entry.symbol.toUpperCase() === symbol.toUpperCase());
  if (!item) return INVALID_NUMBER;
  const whole = fromUnits(item.balance, Number.isInteger(item.decimals) && item.decimals >= 0 ? item.decimals : 18);
  return whole === INVALID_NUMBER ? INVALID_NUMBER : format.amount(whole);
}

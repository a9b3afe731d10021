import type { MarketDetail } from '@prds/shared/markets';

/** Why this market takes no buy now, or null while it does. */
export type BuyClosedReason = 'notOpen' | 'tradingEnded' | 'issuer';

export function buyClosedReason(
  market: Pick<MarketDetail, 'state' | 'lastTradingTime' | 'issuer'>,
  now: number,
  account: string | null,
): BuyClosedReason | null {
  if (market.state !== 'Open') return 'notOpen';
  // The api's state follows the chain's head; the clock on the page may pass the last trading time
  // before the next refresh says 'Closed'.
  if (now >= market.lastTradingTime) return 'tradingEnded';
  if (account !== null && account.toLowerCase() === market.issuer.toLowerCase()) return 'issuer';
  return null;
}

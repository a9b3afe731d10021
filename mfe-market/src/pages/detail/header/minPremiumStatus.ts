import type { MarketDetail } from '@prds/shared/markets';

/**
 * Where the market stands against its minimum premium (ARCHITECTURE "Protocol": buyers' stakes below it
 * when trading ends make the market void): still to be reached while trading, reached, missed (the
 * market is void), or beside the point for a market its issuer cancelled before anyone bought.
 */
export type MinPremiumStatus = 'pending' | 'reached' | 'missed' | 'notApplicable';

export function minPremiumStatus(
  market: Pick<MarketDetail, 'state' | 'premiumReached' | 'lastTradingTime'>,
  now: number,
): MinPremiumStatus {
  if (market.state === 'Cancelled') return 'notApplicable';
  // Void also when an early confirmation left too few stakes before the known time, however many came later.
  if (market.state === 'Void') return 'missed';
  if (market.premiumReached) return 'reached';
  return now >= market.lastTradingTime ? 'missed' : 'pending';
}

/** What the header says beside the amount, per status. */
export const MIN_PREMIUM_TEXT = {
  pending: { id: 'market.detail.minPremiumPending' },
  reached: { id: 'market.detail.minPremiumReached' },
  missed: { id: 'market.detail.minPremiumMissed' },
  notApplicable: { id: 'market.detail.minPremiumAmount' },
} as const satisfies Record<MinPremiumStatus, { id: string }>;

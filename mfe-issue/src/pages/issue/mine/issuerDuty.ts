import type { IssuedMarket } from '@prds/shared/issue';

/**
 * What a market needs from its issuer now, decided as the contract decides what it accepts
 * (Markets.confirm, MarketsDisputes.concede / appeal, Markets.claim, Markets.cancel). The detail
 * page's issuer panel does each of these; 'My markets' says which one and until when.
 */
export type IssuerDuty =
  /** A first challenge is open: concede or appeal before its response period ends. */
  | { readonly kind: 'respond'; readonly deadline: number }
  /** Expired, not confirmed: confirm the result before the confirmation deadline, or lose the bond. */
  | { readonly kind: 'confirm'; readonly deadline: number }
  /** Settled: the seeded liquidity pays this much on a claim. */
  | { readonly kind: 'claim'; readonly amount: bigint }
  /** Running: confirm the result once it expires (or early, if the event happens before), before the deadline. */
  | { readonly kind: 'confirmAfter'; readonly from: number; readonly deadline: number }
  | { readonly kind: 'none' };

export function issuerDuty(market: IssuedMarket): IssuerDuty {
  switch (market.state) {
    case 'Challenging':
      if (market.responseEnd !== null) return { kind: 'respond', deadline: market.responseEnd };
      break;
    case 'WaitingConfirmation':
      return { kind: 'confirm', deadline: market.confirmationDeadline };
    case 'Open':
    case 'Closed':
      return { kind: 'confirmAfter', from: market.expirationTime, deadline: market.confirmationDeadline };
    default:
      break;
  }
  const claimable = BigInt(market.liquidityClaimable);
  if (claimable > 0n) return { kind: 'claim', amount: claimable };
  return { kind: 'none' };
}

/**
 * Markets.cancel accepts a market still trading (its stored phase) that no one has bought into: its
 * pool is the issuer's own liquidity. Cancelling gives back the liquidity and the margin and the
 * License's use (License.recycleUse).
 */
export function canCancel(market: Pick<IssuedMarket, 'phase' | 'pool' | 'liquidity'>): boolean {
  return market.phase === 'Trading' && BigInt(market.pool) === BigInt(market.liquidity);
}

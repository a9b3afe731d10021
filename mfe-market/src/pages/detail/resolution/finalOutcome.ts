import type { MarketDetail } from '@prds/shared/markets';

/**
 * How a market ended, and so what its page must say (ARCHITECTURE "Protocol"):
 * - void: buyers' stakes missed the minimum premium — by the last trading time (`premium`), or, after an
 *   early confirmation, among the stakes placed before the outcome was known (`earlyCutoff`); every
 *   buyer is refunded in full, fees included, the issuer its seeded liquidity, and the bond is released;
 * - cancelled: the issuer cancelled a market nobody had bought into; liquidity and margin went back to
 *   the issuer in the same transaction, so nobody has anything to claim;
 * - invalid: the vote found the event invalid or tied (`vote`), or the issuer was absent and the vote
 *   missed its quorum (`absentNoQuorum`); every stake is refunded in full, fees included;
 * - finished: the result stands; holders of the winning option share the pool.
 * Null while the market is not final.
 */
export type FinalOutcome =
  | { readonly kind: 'void'; readonly reason: 'premium' | 'earlyCutoff' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'invalid'; readonly reason: 'vote' | 'absentNoQuorum' }
  | { readonly kind: 'finished'; readonly option: number | null };

type OutcomeInput = Pick<MarketDetail, 'state' | 'early' | 'confirmedAt' | 'invalidReason' | 'result' | 'daoResult'>;

export function finalOutcome(market: OutcomeInput): FinalOutcome | null {
  switch (market.state) {
    case 'Void':
      // A market confirmed early is voided when the stakes placed before the known time miss the
      // premium, even when all its stakes together reach it (Markets._finalize).
      return { kind: 'void', reason: market.early && market.confirmedAt !== null ? 'earlyCutoff' : 'premium' };
    case 'Cancelled':
      return { kind: 'cancelled' };
    case 'Invalid':
      return { kind: 'invalid', reason: market.invalidReason === 'AbsentNoQuorum' ? 'absentNoQuorum' : 'vote' };
    case 'Finished':
      return { kind: 'finished', option: market.result ?? market.daoResult };
    default:
      return null;
  }
}

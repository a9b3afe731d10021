/**
 * Slippage floor sent as the buy's `minPayout`. The form's estimate is `Markets.quote()` worked out
 * in TypeScript (`quoteBuy` from @prds/shared/pricing, held against the contract by its tests) on the
 * api's indexed pool, and other buys on the same option before ours is mined lower our payout. Up to
 * 2% less is accepted; beyond that the contract refuses with `PayoutBelowMinimum` and the buyer sees
 * fresh odds instead of a worse price than shown.
 */
const BPS = 10_000n;
export const SLIPPAGE_BPS = 200n;

export function minPayoutFor(payout: bigint): bigint {
  return (payout * (BPS - SLIPPAGE_BPS)) / BPS;
}

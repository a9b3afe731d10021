/**
 * What a buy costs and pays if its option wins, computed exactly as `Markets.buy()` / `Markets.quote()`
 * do (contracts/contracts/Markets.sol), on bigint wei, so the page never promises more than the chain pays.
 *
 * The contract charges in whole fee units: the fee rate is reduced to FEE_NUM / FEE_DEN (feeBps / 10000
 * over their gcd), `amount / FEE_DEN` units are charged, each unit FEE_DEN wei of which FEE_NUM wei are
 * fee; the remainder (< FEE_DEN wei) stays with the buyer. Parimutuel: the new stake joins the option's
 * stake and the net pool (the sum of all stakes, fees excluded), and pays stake × netPool / optionStake,
 * rounded down.
 */

const BPS = 10_000n;

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The fee rate as the contract's reduced fraction. */
export function feeFraction(feeBps: number): { readonly num: bigint; readonly den: bigint } {
  const bps = BigInt(feeBps);
  const g = gcd(bps, BPS);
  return { num: bps / g, den: BPS / g };
}

export interface BuySplit {
  /** What the contract pulls from the wallet (the amount rounded down to whole fee units). */
  readonly charge: bigint;
  readonly fee: bigint;
  /** What lands on the option. */
  readonly stake: bigint;
}

export function splitBuy(amount: bigint, feeBps: number): BuySplit {
  const { num, den } = feeFraction(feeBps);
  const units = amount / den;
  const fee = units * num;
  const charge = units * den;
  return { charge, fee, stake: charge - fee };
}

export interface PayoutEstimate extends BuySplit {
  readonly newOptionStake: bigint;
  readonly newPool: bigint;
  /** What the new stake pays if its option wins at the odds right after this buy. */
  readonly payout: bigint;
}

export interface EstimateInput {
  /** The amount entered, in wei. */
  readonly amount: bigint;
  readonly feeBps: number;
  /** The option's total stake now, in wei. */
  readonly optionStake: bigint;
  /** The market's net pool now (`pool`: every stake, fees excluded), in wei. */
  readonly pool: bigint;
}

export function estimatePayout({ amount, feeBps, optionStake, pool }: EstimateInput): PayoutEstimate {
  const split = splitBuy(amount, feeBps);
  const newOptionStake = optionStake + split.stake;
  const newPool = pool + split.stake;
  const payout = newOptionStake === 0n ? 0n : (split.stake * newPool) / newOptionStake;
  return { ...split, newOptionStake, newPool, payout };
}

/**
 * Slippage floor sent as the buy's `minPayout`: the estimate is made on the api's indexed pool, and
 * other buys on the same option before ours is mined lower our payout. Up to 2% less is accepted;
 * beyond that the contract refuses with `PayoutBelowMinimum` and the buyer sees fresh odds instead of
 * a worse price than shown.
 */
export const SLIPPAGE_BPS = 200n;

export function minPayoutFor(payout: bigint): bigint {
  return (payout * (BPS - SLIPPAGE_BPS)) / BPS;
}

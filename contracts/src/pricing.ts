/**
 * The protocol's parimutuel pricing in TypeScript, on bigint wei, rounded exactly as `Markets.sol`
 * rounds (`buy`, `quote`, `claim`), so neither the api nor the pages state a figure the chain would
 * not pay. The contract stays the authority: test/pricing.test.ts holds these functions against
 * `Markets.quote()` and real buys on an in-process chain, for many amounts, pools and fee rates.
 *
 * ARCHITECTURE "Pricing": odds of option i = netPool / stake_i, implied probability =
 * stake_i / netPool, where netPool is the sum of stakes (fees excluded). The payout multiplier —
 * the one "×" figure every page shows — is those odds net of the buy fee: what one token paid now
 * returns if the option wins at the current pool, (1 − fee rate) × netPool / stake_i. A buy moves the
 * pool, so what a given amount pays is `quoteBuy`'s `payout` (a little less for a buy that is large
 * beside the option's stake).
 *
 * Pure bigint code with no imports: the pages' bundle takes it as it is.
 */

export const BPS = 10_000n;

/** A non-negative ratio kept exact; `decimal` writes it out. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * The fee rate as the contract's reduced fraction (MarketsBase: FEE_NUM / FEE_DEN = feeBps / 10,000
 * over their gcd). Buys are charged in whole units of `den` wei, `num` wei of each being the fee.
 */
export function feeFraction(feeBps: number | bigint): Fraction {
  const bps = BigInt(feeBps);
  const g = gcd(bps, BPS);
  return { num: bps / g, den: BPS / g };
}

export interface BuySplit {
  /** What the contract pulls from the wallet: the amount rounded down to whole fee units. */
  readonly charge: bigint;
  /** Set aside until the market is final, never paid out to winners. */
  readonly fee: bigint;
  /** What lands on the option. */
  readonly stake: bigint;
}

/** `Markets.buy` / `quote`: `amount / FEE_DEN` units are charged; the remainder (< FEE_DEN wei) stays with the buyer. */
export function splitBuy(amount: bigint, feeBps: number | bigint): BuySplit {
  const { num, den } = feeFraction(feeBps);
  const units = amount / den;
  const charge = units * den;
  const fee = units * num;
  return { charge, fee, stake: charge - fee };
}

export interface BuyInput {
  /** The amount offered, in wei. */
  readonly amount: bigint;
  readonly feeBps: number | bigint;
  /** The option's total stake before the buy, in wei. */
  readonly optionStake: bigint;
  /** The market's net pool before the buy (every stake, fees excluded), in wei. */
  readonly pool: bigint;
}

export interface BuyQuote extends BuySplit {
  readonly newOptionStake: bigint;
  readonly newPool: bigint;
  /**
   * What the new stake pays if its option wins at the pool right after this buy (`quote`'s
   * `payoutIfWins`, the figure `buy` checks against `minPayout`).
   */
  readonly payout: bigint;
}

/** `Markets.quote(id, option, amount)`. */
export function quoteBuy({ amount, feeBps, optionStake, pool }: BuyInput): BuyQuote {
  const split = splitBuy(amount, feeBps);
  const newOptionStake = optionStake + split.stake;
  const newPool = pool + split.stake;
  return { ...split, newOptionStake, newPool, payout: payoffAtCurrentOdds(split.stake, newOptionStake, newPool) };
}

/**
 * What `stake` on an option pays if that option wins with the pool as it stands: stake × netPool /
 * optionStake, rounded down (`claim`'s formula); 0 while the option has no stake.
 */
export function payoffAtCurrentOdds(stake: bigint, optionStake: bigint, pool: bigint): bigint {
  return optionStake > 0n ? (stake * pool) / optionStake : 0n;
}

/** netPool / stake_i; null while the option has no stake. */
export function odds(optionStake: bigint, pool: bigint): Fraction | null {
  return optionStake > 0n && pool >= 0n ? { num: pool, den: optionStake } : null;
}

/** stake_i / netPool, 0..1; null while the pool is empty. */
export function probability(optionStake: bigint, pool: bigint): Fraction | null {
  return pool > 0n && optionStake >= 0n ? { num: optionStake, den: pool } : null;
}

/**
 * The payout multiplier: the odds net of the buy fee, (1 − feeBps / 10,000) × netPool / stake_i —
 * what one token paid now returns if the option wins at the current pool. Null while the option has
 * no stake.
 */
export function payoutMultiplier(optionStake: bigint, pool: bigint, feeBps: number | bigint): Fraction | null {
  const o = odds(optionStake, pool);
  return o === null ? null : { num: o.num * (BPS - BigInt(feeBps)), den: o.den * BPS };
}

/** A fraction as a decimal string rounded down to `places` (trailing zeros dropped): 5/3 → "1.666666". */
export function decimal({ num, den }: Fraction, places: number): string {
  if (den <= 0n || num < 0n) throw new RangeError("decimal: needs a non-negative fraction with a positive denominator");
  const scale = 10n ** BigInt(places);
  const scaled = (num * scale) / den;
  const whole = scaled / scale;
  const fraction = places === 0 ? "" : (scaled % scale).toString().padStart(places, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}

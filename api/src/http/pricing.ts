/**
 * Parimutuel figures (ARCHITECTURE "Pricing"): odds of option i = netPool / stake_i, implied
 * probability = stake_i / netPool, where netPool is the sum of stakes (fees excluded, the issuer's
 * seeded liquidity included). Computed on bigints and answered as decimal strings rounded down,
 * like the front end's formatters, so no float ever touches an amount.
 */
export const RATIO_DECIMALS = 6;
const SCALE = 10n ** BigInt(RATIO_DECIMALS);
export const BPS = 10_000n;

/** num / den as a decimal string rounded down to 6 places (trailing zeros dropped); null when den is 0. */
export function ratio(num: bigint, den: bigint): string | null {
  if (den <= 0n || num < 0n) return null;
  const scaled = (num * SCALE) / den;
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(RATIO_DECIMALS, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}

export interface OptionFigures {
  odds: string | null;
  probability: string | null;
  /** What 1 unit paid now returns if the option wins at current odds: (1 − fee) × odds. */
  payoutMultiplier: string | null;
}

export function optionFigures(stake: bigint, pool: bigint, feeBps: number): OptionFigures {
  const keep = BPS - BigInt(feeBps);
  return {
    odds: ratio(pool, stake),
    probability: ratio(stake, pool),
    payoutMultiplier: stake > 0n ? ratio(pool * keep, stake * BPS) : null,
  };
}

/** What `stake` on an option pays if that option wins at the current pool (rounded down like the contract). */
export function payoffAtCurrentOdds(stake: bigint, optionStake: bigint, pool: bigint): bigint {
  return optionStake > 0n ? (stake * pool) / optionStake : 0n;
}

export function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

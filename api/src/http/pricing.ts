import { decimal, odds, payoutMultiplier, probability, type Fraction } from "@prds/contracts/pricing";

/**
 * The protocol's parimutuel figures (@prds/contracts/pricing, held against Markets.sol by the
 * contracts' tests) as the api answers them: decimal strings rounded down to 6 places, like the
 * front end's formatters, so no float ever touches an amount.
 */
export { BPS, payoffAtCurrentOdds } from "@prds/contracts/pricing";

export const RATIO_DECIMALS = 6;

/** A ratio as answered: 6 places rounded down (trailing zeros dropped); null when undefined. */
export function ratioText(value: Fraction | null): string | null {
  return value === null ? null : decimal(value, RATIO_DECIMALS);
}

/** An option's odds as answered (netPool / stake); null while it has no stake. */
export function oddsText(stake: bigint, pool: bigint): string | null {
  return ratioText(odds(stake, pool));
}

/** An option's implied probability as answered (stake / netPool); null while the pool is empty. */
export function probabilityText(stake: bigint, pool: bigint): string | null {
  return ratioText(probability(stake, pool));
}

export interface OptionFigures {
  odds: string | null;
  probability: string | null;
  /** The payout multiplier: the odds net of the buy fee (what 1 unit paid now returns if the option wins). */
  payoutMultiplier: string | null;
}

export function optionFigures(stake: bigint, pool: bigint, feeBps: number): OptionFigures {
  return {
    odds: oddsText(stake, pool),
    probability: probabilityText(stake, pool),
    payoutMultiplier: ratioText(payoutMultiplier(stake, pool, feeBps)),
  };
}

export function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

import { parseAmount } from './parseAmount';
import { feeFraction, splitBuy } from '@prds/shared/pricing';

/** Why an amount cannot be bought; the form words each one. */
export type BuyAmountError =
  | { readonly kind: 'empty' }
  | { readonly kind: 'format' }
  | { readonly kind: 'decimals'; readonly decimals: number }
  | { readonly kind: 'notPositive' }
  | { readonly kind: 'belowMinimum'; readonly minimum: bigint }
  | { readonly kind: 'capacity'; readonly maximum: bigint }
  | { readonly kind: 'insufficientBalance' };

export interface BuyLimits {
  readonly minInvest: bigint;
  readonly remainingCapacity: bigint;
  readonly feeBps: number;
  /** The wallet's pay-token balance; null while unknown (the chain still refuses an overspend). */
  readonly balance: bigint | null;
  readonly decimals?: number;
}

export type BuyAmountCheck =
  { readonly ok: true; readonly amount: bigint } | { readonly ok: false; readonly error: BuyAmountError };

/**
 * The largest amount whose stake still fits the remaining capacity (the contract refuses a buy once
 * pool + stake > capacity), in whole fee units.
 */
export function maxAmountForCapacity(remainingCapacity: bigint, feeBps: number): bigint {
  const { num, den } = feeFraction(feeBps);
  return (remainingCapacity / (den - num)) * den;
}

/**
 * Checks an amount in the order a buyer fixes them: readable number, decimals, positive, the market's
 * minimum invest, its remaining capacity, then the wallet's balance.
 */
export function validateBuyAmount(text: string, limits: BuyLimits): BuyAmountCheck {
  const decimals = limits.decimals ?? 18;
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) {
    if (parsed.reason === 'decimals') return { ok: false, error: { kind: 'decimals', decimals } };
    return { ok: false, error: { kind: parsed.reason } };
  }
  const amount = parsed.wei;
  if (amount <= 0n) return { ok: false, error: { kind: 'notPositive' } };
  if (amount < limits.minInvest) return { ok: false, error: { kind: 'belowMinimum', minimum: limits.minInvest } };
  if (splitBuy(amount, limits.feeBps).stake > limits.remainingCapacity) {
    return { ok: false, error: { kind: 'capacity', maximum: maxAmountForCapacity(limits.remainingCapacity, limits.feeBps) } };
  }
  if (limits.balance !== null && amount > limits.balance) return { ok: false, error: { kind: 'insufficientBalance' } };
  return { ok: true, amount };
}

import type { ClaimDue } from '@prds/shared/portfolio';

/**
 * What claiming everything due means on chain: one transaction per call the protocol has — a
 * market's payout and refunds (Markets.claim), each proven challenge's compensation
 * (claimCompensation), a winning voter's reward (claimVoterReward) and a referrer's share
 * (claimReferral). In the api's order (newest market first), a market's steps together.
 */

export type ClaimKind = 'position' | 'compensation' | 'voterReward' | 'referral';

export interface ClaimStep {
  /** Unique within a plan: market, kind and (compensation) challenge index. */
  readonly key: string;
  readonly marketId: string;
  readonly event: string | null;
  readonly kind: ClaimKind;
  /** The challenge's index (compensation only). */
  readonly index: number | null;
  /** What the call pays, in wei of `token`. */
  readonly amount: string;
  readonly token: 'payToken' | 'platformToken';
  /** Void or invalid: the position comes back as a refund, not a payout. */
  readonly refund: boolean;
}

const REFUND_STATES = new Set(['Void', 'Invalid', 'Cancelled']);

/** The steps that claim every due amount of `dues` (those of one market with `marketId`). */
export function claimPlan(dues: readonly ClaimDue[], marketId?: string): ClaimStep[] {
  const steps: ClaimStep[] = [];
  for (const due of dues) {
    if (marketId !== undefined && due.marketId !== marketId) continue;
    const base = { marketId: due.marketId, event: due.event, index: null, refund: false } as const;
    if (BigInt(due.position) > 0n) {
      steps.push({
        ...base,
        key: `${due.marketId}:position`,
        kind: 'position',
        amount: due.position,
        token: 'payToken',
        refund: REFUND_STATES.has(due.state),
      });
    }
    for (const c of due.compensations) {
      if (BigInt(c.amount) === 0n) continue;
      steps.push({
        ...base,
        key: `${due.marketId}:compensation:${c.index}`,
        kind: 'compensation',
        index: c.index,
        amount: c.amount,
        token: 'payToken',
      });
    }
    if (BigInt(due.voterReward) > 0n) {
      steps.push({
        ...base,
        key: `${due.marketId}:voterReward`,
        kind: 'voterReward',
        amount: due.voterReward,
        token: 'platformToken',
      });
    }
    if (BigInt(due.referral) > 0n) {
      steps.push({ ...base, key: `${due.marketId}:referral`, kind: 'referral', amount: due.referral, token: 'payToken' });
    }
  }
  return steps;
}

/** Sums a plan's amounts per token. */
export function planTotals(steps: readonly ClaimStep[]): { payToken: bigint; platformToken: bigint } {
  let payToken = 0n;
  let platformToken = 0n;
  for (const step of steps) {
    if (step.token === 'payToken') payToken += BigInt(step.amount);
    else platformToken += BigInt(step.amount);
  }
  return { payToken, platformToken };
}

export type StepStatus = 'waiting' | 'running' | 'claimed' | 'failed' | 'cancelled' | 'notSent';

/**
 * After a step ends: the statuses of the plan. A refused or failed transaction stops the plan — the
 * steps after it are marked not sent, so nothing more asks the wallet.
 */
export function afterStep(
  statuses: readonly StepStatus[],
  index: number,
  outcome: 'claimed' | 'failed' | 'cancelled',
): StepStatus[] {
  return statuses.map((status, i) => {
    if (i === index) return outcome;
    if (i > index && outcome !== 'claimed' && status === 'waiting') return 'notSent';
    return status;
  });
}

/** Claim.eligibility(account) answers the contract's enum; the page names its members. */
export const CLAIM_ELIGIBILITY = ['eligible', 'alreadyClaimed', 'noPositionBought', 'insufficientContractBalance'] as const;

export type ClaimEligibility = (typeof CLAIM_ELIGIBILITY)[number] | 'error';

const MESSAGE: Record<ClaimEligibility, { readonly id: string }> = {
  eligible: { id: 'claim.eligible' },
  alreadyClaimed: { id: 'claim.alreadyClaimed' },
  noPositionBought: { id: 'claim.noPositionBought' },
  insufficientContractBalance: { id: 'claim.insufficientContractBalance' },
  error: { id: 'claim.eligibilityError' },
};

/**
 * The spec's words for each answer (§8 "Claim"). A wallet that has claimed reads 'Already claimed' (its state);
 * 'Each user can only claim once' is the rule, and the refusal of a second claim's transaction.
 */
export function eligibilityMessage(eligibility: ClaimEligibility): string {
  return MESSAGE[eligibility].id;
}

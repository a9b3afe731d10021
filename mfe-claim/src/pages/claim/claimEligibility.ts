/** Claim.eligibility(account) answers the contract's enum; the page names its members. */
export const CLAIM_ELIGIBILITY = ['eligible', 'alreadyClaimed', 'noPositionBought', 'insufficientContractBalance'] as const;

export type ClaimEligibility = (typeof CLAIM_ELIGIBILITY)[number] | 'error';

const MESSAGE: Record<ClaimEligibility, { readonly id: string }> = {
  eligible: { id: 'claim.eligible' },
  alreadyClaimed: { id: 'claim.oncePerUser' },
  noPositionBought: { id: 'claim.noPositionBought' },
  insufficientContractBalance: { id: 'claim.insufficientContractBalance' },
  error: { id: 'claim.eligibilityError' },
};

/** The spec's words for each answer (§8 "Claim"). */
export function eligibilityMessage(eligibility: ClaimEligibility): string {
  return MESSAGE[eligibility].id;
}

/** Claim.eligibility(account) answers the contract's enum; the page names its members. */
export const CLAIM_ELIGIBILITY = ['eligible', 'alreadyClaimed', 'noPositionBought', 'insufficientContractBalance'] as const;

export type ClaimEligibility = (typeof CLAIM_ELIGIBILITY)[number] | 'error';

const MESSAGE: Record<ClaimEligibility, string> = {
  eligible: 'claim.eligible',
  alreadyClaimed: 'claim.oncePerUser',
  noPositionBought: 'claim.noPositionBought',
  insufficientContractBalance: 'claim.insufficientContractBalance',
  error: 'claim.eligibilityError',
};

/** The spec's words for each answer (§8 "Claim"). */
export function eligibilityMessage(eligibility: ClaimEligibility): string {
  return MESSAGE[eligibility];
}

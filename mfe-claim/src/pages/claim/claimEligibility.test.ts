import en from '@prds/locales/en.json';
import { CLAIM_ELIGIBILITY, eligibilityMessage } from './claimEligibility';

const text = (id: string) => (en as Record<string, string>)[id];

describe('the eligibility line', () => {
  it('says a wallet that has claimed has Already claimed, not the rule that refuses a second claim', () => {
    expect(text(eligibilityMessage('alreadyClaimed'))).toBe('Already claimed');
  });

  it('uses the spec’s words for the other answers', () => {
    expect(CLAIM_ELIGIBILITY.map((answer) => text(eligibilityMessage(answer)))).toEqual([
      'Eligible: you can claim {amount} {symbol}',
      'Already claimed',
      'Buy a position in any market first to become eligible',
      'Insufficient balance in contract, please try again later',
    ]);
    expect(text(eligibilityMessage('error'))).toBe('Error checking eligibility');
  });
});

import type { ClaimDue } from '@prds/shared/portfolio';
import { afterStep, claimPlan, planTotals } from './claimPlan';

const due = (over: Partial<ClaimDue> & Pick<ClaimDue, 'marketId'>): ClaimDue => ({
  event: `Market ${over.marketId}`,
  state: 'Finished',
  label: { key: 'eventFinished', option: null },
  position: '0',
  compensations: [],
  voterReward: '0',
  referral: '0',
  ...over,
});

describe('claimPlan', () => {
  const dues = [
    due({ marketId: '9', position: '100', referral: '3', compensations: [{ index: 1, amount: '40' }] }),
    due({ marketId: '7', state: 'Void', label: { key: 'void', option: null }, position: '20' }),
    due({ marketId: '4', voterReward: '500' }),
  ];

  it('makes one step per claim call, a market’s steps together, in the api’s order', () => {
    expect(claimPlan(dues).map((s) => [s.key, s.kind, s.amount, s.token, s.refund])).toEqual([
      ['9:position', 'position', '100', 'payToken', false],
      ['9:compensation:1', 'compensation', '40', 'payToken', false],
      ['9:referral', 'referral', '3', 'payToken', false],
      ['7:position', 'position', '20', 'payToken', true],
      ['4:voterReward', 'voterReward', '500', 'platformToken', false],
    ]);
  });

  it('plans one market alone, and sums USDT and PRDS apart', () => {
    expect(claimPlan(dues, '7').map((s) => s.key)).toEqual(['7:position']);
    expect(planTotals(claimPlan(dues))).toEqual({ payToken: 163n, platformToken: 500n });
    expect(claimPlan([due({ marketId: '1' })])).toEqual([]);
  });
});

describe('afterStep', () => {
  it('moves on after a claim', () => {
    expect(afterStep(['claimed', 'running', 'waiting'], 1, 'claimed')).toEqual(['claimed', 'claimed', 'waiting']);
  });

  it('stops the rest after a refusal or a failure: nothing more is sent', () => {
    expect(afterStep(['claimed', 'running', 'waiting', 'waiting'], 1, 'cancelled')).toEqual([
      'claimed',
      'cancelled',
      'notSent',
      'notSent',
    ]);
    expect(afterStep(['running', 'waiting'], 0, 'failed')).toEqual(['failed', 'notSent']);
  });
});

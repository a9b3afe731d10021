import { finalOutcome } from './finalOutcome';

const base = { early: false, confirmedAt: null, invalidReason: null, result: null, daoResult: null } as const;

describe('finalOutcome', () => {
  it('is null while the market is not final', () => {
    for (const state of [
      'Open',
      'Closed',
      'WaitingConfirmation',
      'IssuerAbsent',
      'Confirmed',
      'Challenging',
      'Voting',
    ] as const) {
      expect(finalOutcome({ ...base, state })).toBeNull();
    }
  });

  it('tells the two ways a market becomes void apart', () => {
    expect(finalOutcome({ ...base, state: 'Void' })).toEqual({ kind: 'void', reason: 'premium' });
    expect(finalOutcome({ ...base, state: 'Void', early: true, confirmedAt: 100, result: 0 })).toEqual({
      kind: 'void',
      reason: 'earlyCutoff',
    });
  });

  it('names the cancelled, invalid and finished outcomes', () => {
    expect(finalOutcome({ ...base, state: 'Cancelled' })).toEqual({ kind: 'cancelled' });
    expect(finalOutcome({ ...base, state: 'Invalid', invalidReason: 'Vote' })).toEqual({ kind: 'invalid', reason: 'vote' });
    expect(finalOutcome({ ...base, state: 'Invalid', invalidReason: 'AbsentNoQuorum' })).toEqual({
      kind: 'invalid',
      reason: 'absentNoQuorum',
    });
    expect(finalOutcome({ ...base, state: 'Finished', result: 1, daoResult: 1 })).toEqual({ kind: 'finished', option: 1 });
  });
});

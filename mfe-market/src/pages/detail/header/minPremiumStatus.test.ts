import { minPremiumStatus } from './minPremiumStatus';

const NOW = 1_800_000_000;

describe('minPremiumStatus', () => {
  it('is pending while trading and short of the premium, reached once it is', () => {
    expect(minPremiumStatus({ state: 'Open', premiumReached: false, lastTradingTime: NOW + 60 }, NOW)).toBe('pending');
    expect(minPremiumStatus({ state: 'Open', premiumReached: true, lastTradingTime: NOW + 60 }, NOW)).toBe('reached');
  });

  it("never says 'not reached yet' once trading has ended short of it", () => {
    expect(minPremiumStatus({ state: 'Void', premiumReached: false, lastTradingTime: NOW - 60 }, NOW)).toBe('missed');
    // The page's clock passed the last trading time before the api's next answer.
    expect(minPremiumStatus({ state: 'Open', premiumReached: false, lastTradingTime: NOW - 1 }, NOW)).toBe('missed');
    // Void by an early confirmation although all stakes together reached the premium.
    expect(minPremiumStatus({ state: 'Void', premiumReached: true, lastTradingTime: NOW + 60 }, NOW)).toBe('missed');
  });

  it('does not apply to a cancelled market', () => {
    expect(minPremiumStatus({ state: 'Cancelled', premiumReached: false, lastTradingTime: NOW + 60 }, NOW)).toBe('notApplicable');
  });
});

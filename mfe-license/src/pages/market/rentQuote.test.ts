import { rentQuote } from './rentQuote';

const u = (n: bigint) => n * 10n ** 18n;

describe('rentQuote', () => {
  it('charges price per day × days, and allows the listing’s issues', () => {
    expect(rentQuote({ rentPricePerDay: u(15n).toString(), rentMaxIssues: 3, availableTimes: 10 }, 2)).toEqual({
      cost: u(30n),
      issues: 3,
    });
    // 0.0001 USDT a day for 90 days, exactly.
    expect(rentQuote({ rentPricePerDay: (10n ** 14n).toString(), rentMaxIssues: 1, availableTimes: 1 }, 90)?.cost).toBe(
      90n * 10n ** 14n,
    );
  });

  it('never allows more issues than the License has left', () => {
    expect(rentQuote({ rentPricePerDay: '1', rentMaxIssues: 5, availableTimes: 2 }, 1)?.issues).toBe(2);
  });

  it('has nothing to quote for a License not listed for rent', () => {
    expect(rentQuote({ rentPricePerDay: null, rentMaxIssues: null, availableTimes: 10 }, 1)).toBeNull();
  });
});

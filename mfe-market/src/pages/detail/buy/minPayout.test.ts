import { minPayoutFor } from './minPayout';

const E = 10n ** 18n;

describe('minPayoutFor', () => {
  it('accepts up to 2% less than the estimate, rounded down', () => {
    expect(minPayoutFor(100n * E)).toBe(98n * E);
    expect(minPayoutFor(101n)).toBe(98n);
    expect(minPayoutFor(0n)).toBe(0n);
  });
});

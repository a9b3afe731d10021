import { estimatePayout, feeFraction, minPayoutFor, splitBuy } from './estimatePayout';

const E = 10n ** 18n;

describe('feeFraction', () => {
  it('reduces the fee rate like the contract (FEE_NUM / FEE_DEN)', () => {
    expect(feeFraction(200)).toEqual({ num: 1n, den: 50n });
    expect(feeFraction(250)).toEqual({ num: 1n, den: 40n });
    expect(feeFraction(333)).toEqual({ num: 333n, den: 10_000n });
    expect(feeFraction(0)).toEqual({ num: 0n, den: 1n });
  });
});

describe('splitBuy', () => {
  it('takes 2% of 10 USDT as fee and stakes the rest', () => {
    expect(splitBuy(10n * E, 200)).toEqual({ charge: 10n * E, fee: 2n * 10n ** 17n, stake: 98n * 10n ** 17n });
  });

  it('charges whole fee units only: the remainder below FEE_DEN wei stays with the buyer', () => {
    // 50 wei per unit at 2%: 49 extra wei buy nothing.
    expect(splitBuy(10n * E + 49n, 200)).toEqual(splitBuy(10n * E, 200));
    expect(splitBuy(10n * E + 50n, 200)).toEqual({
      charge: 10n * E + 50n,
      fee: 2n * 10n ** 17n + 1n,
      stake: 98n * 10n ** 17n + 49n,
    });
    expect(splitBuy(49n, 200)).toEqual({ charge: 0n, fee: 0n, stake: 0n });
  });
});

describe('estimatePayout (parimutuel, as Markets.quote)', () => {
  it('pays stake × new net pool / new option stake, rounded down', () => {
    // Pool 100 USDT: 60 on option 0, 40 on option 1. Buy 10 USDT of option 1 at 2%:
    // stake 9.8, option 49.8, pool 109.8 → 9.8 × 109.8 / 49.8 = 21.607228915662650602409… USDT.
    const estimate = estimatePayout({ amount: 10n * E, feeBps: 200, optionStake: 40n * E, pool: 100n * E });
    expect(estimate.stake).toBe(98n * 10n ** 17n);
    expect(estimate.fee).toBe(2n * 10n ** 17n);
    expect(estimate.newOptionStake).toBe(498n * 10n ** 17n);
    expect(estimate.newPool).toBe(1098n * 10n ** 17n);
    expect(estimate.payout).toBe(21_607_228_915_662_650_602n);
  });

  it('rounds down in wei with an unreduced fee unit', () => {
    // 2.5% → 1/40: 1,234,567 wei = 30,864 units, stake 30,864 × 39 = 1,203,696 wei;
    // pool 1000 → 1,204,696, option 300 → 1,203,996: 1,203,696 × 1,204,696 / 1,203,996 = 1,204,395.8… → 1,204,395.
    const estimate = estimatePayout({ amount: 1_234_567n, feeBps: 250, optionStake: 300n, pool: 1000n });
    expect(estimate.charge).toBe(1_234_560n);
    expect(estimate.stake).toBe(1_203_696n);
    expect(estimate.payout).toBe(1_204_395n);
  });

  it('first buy on an option with no stake wins the whole pool plus its own stake', () => {
    const estimate = estimatePayout({ amount: 10n * E, feeBps: 200, optionStake: 0n, pool: 100n * E });
    expect(estimate.payout).toBe(100n * E + 98n * 10n ** 17n);
  });

  it('first buy of an empty market gets its stake back', () => {
    const estimate = estimatePayout({ amount: 5n * E, feeBps: 200, optionStake: 0n, pool: 0n });
    expect(estimate.payout).toBe(49n * 10n ** 17n);
  });

  it('pays nothing for an amount smaller than one fee unit', () => {
    expect(estimatePayout({ amount: 10n, feeBps: 200, optionStake: 0n, pool: 0n }).payout).toBe(0n);
  });
});

describe('minPayoutFor', () => {
  it('accepts up to 2% less than the estimate, rounded down', () => {
    expect(minPayoutFor(100n * E)).toBe(98n * E);
    expect(minPayoutFor(101n)).toBe(98n);
    expect(minPayoutFor(0n)).toBe(0n);
  });
});

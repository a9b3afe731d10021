import { formatFor } from '@prds/shared/format';
import { parseAmount } from './parseAmount';
import { maxAmountForCapacity, validateBuyAmount, type BuyLimits } from './validateBuy';

const E = 10n ** 18n;

describe('parseAmount', () => {
  it.each([
    ['1', E],
    ['0.5', 5n * 10n ** 17n],
    ['.5', 5n * 10n ** 17n],
    ['12.', 12n * E],
    ['  3.25 ', 325n * 10n ** 16n],
    ['0.000000000000000001', 1n],
    ['0', 0n],
  ])('reads %j exactly', (text, wei) => {
    expect(parseAmount(text)).toEqual({ ok: true, wei });
  });

  it.each(['abc', '1,5', '1.2.3', '-1', '+1', '1e3', '.', ' ', '0x10', '١٢'])('refuses %j', (text) => {
    expect(parseAmount(text).ok).toBe(false);
  });

  it('tells an empty field from a bad number and from too many decimals', () => {
    expect(parseAmount('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseAmount('1,5')).toEqual({ ok: false, reason: 'format' });
    expect(parseAmount('0.0000000000000000001')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseAmount('1.123', 2)).toEqual({ ok: false, reason: 'decimals' });
  });
});

describe('validateBuyAmount', () => {
  const limits: BuyLimits = { minInvest: E, remainingCapacity: 98n * E, feeBps: 200, balance: 50n * E };

  it('accepts an amount within every limit', () => {
    expect(validateBuyAmount('10', limits)).toEqual({ ok: true, amount: 10n * E });
    expect(validateBuyAmount('1', limits)).toEqual({ ok: true, amount: E });
    expect(validateBuyAmount('50', limits)).toEqual({ ok: true, amount: 50n * E });
  });

  it('says what is wrong, in the order a buyer fixes it', () => {
    expect(validateBuyAmount('', limits)).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(validateBuyAmount('ten', limits)).toEqual({ ok: false, error: { kind: 'format' } });
    expect(validateBuyAmount('1.0000000000000000001', limits)).toEqual({ ok: false, error: { kind: 'decimals', decimals: 18 } });
    expect(validateBuyAmount('0', limits)).toEqual({ ok: false, error: { kind: 'notPositive' } });
    expect(validateBuyAmount('0.99', limits)).toEqual({ ok: false, error: { kind: 'belowMinimum', minimum: E } });
    expect(validateBuyAmount('50.000000000000000001', limits)).toEqual({ ok: false, error: { kind: 'insufficientBalance' } });
  });

  it('refuses a stake above the remaining capacity (the stake, not the amount, fills it)', () => {
    const big = { ...limits, balance: 1000n * E };
    // 100 USDT stakes 98: exactly fits. 100.00…0050 stakes one more wei: over.
    expect(validateBuyAmount('100', big)).toEqual({ ok: true, amount: 100n * E });
    expect(validateBuyAmount('100.00000000000000005', big)).toEqual({
      ok: false,
      error: { kind: 'capacity', maximum: 100n * E },
    });
    // Capacity is checked before the balance: no use topping up the wallet for a full market.
    expect(validateBuyAmount('200', limits)).toEqual({ ok: false, error: { kind: 'capacity', maximum: 100n * E } });
  });

  it('skips the balance check while the balance is unknown', () => {
    expect(validateBuyAmount('60', { ...limits, balance: null })).toEqual({ ok: true, amount: 60n * E });
  });

  it('honours the token decimals', () => {
    expect(validateBuyAmount('1.001', { ...limits, minInvest: 1n, decimals: 2 })).toEqual({
      ok: false,
      error: { kind: 'decimals', decimals: 2 },
    });
  });
});

describe('maxAmountForCapacity', () => {
  it('is the largest whole-unit amount whose stake fits', () => {
    expect(maxAmountForCapacity(98n * E, 200)).toBe(100n * E);
    expect(maxAmountForCapacity(48n, 200)).toBe(0n);
    expect(maxAmountForCapacity(49n, 200)).toBe(50n);
    expect(maxAmountForCapacity(0n, 200)).toBe(0n);
  });
});

describe('an amount typed in the page language (issue 27 item 21)', () => {
  const read = (lang: string, text: string) => parseAmount(formatFor(lang).normalizeInput(text));

  it('reads the German decimal comma exactly', () => {
    expect(read('de', '1,5')).toEqual({ ok: true, wei: 15n * 10n ** 17n });
    expect(read('fr', '0,0001')).toEqual({ ok: true, wei: 10n ** 14n });
    expect(read('en', '1.5')).toEqual({ ok: true, wei: 15n * 10n ** 17n });
    expect(read('ar', '١٫٥')).toEqual({ ok: true, wei: 15n * 10n ** 17n });
  });

  it("refuses the other language's mark instead of guessing (German '1.500' is not 1.5)", () => {
    expect(read('de', '1.500')).toEqual({ ok: false, reason: 'format' });
    expect(read('en', '1,5')).toEqual({ ok: false, reason: 'format' });
  });
});

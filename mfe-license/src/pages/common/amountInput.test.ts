import { PRICE_MAX, PRICE_MIN, validateCount, validatePrice } from './amountInput';

const wei = (whole: bigint, tenThousandths = 0n) => whole * 10n ** 18n + tenThousandths * 10n ** 14n;

describe('validatePrice', () => {
  it.each([
    ['12', wei(12n)],
    ['12.5', wei(12n, 5000n)],
    [' 0.0001 ', PRICE_MIN],
    ['.25', wei(0n, 2500n)],
    ['7.', wei(7n)],
    ['1000000000', PRICE_MAX],
    ['000150.1200', wei(150n, 1200n)],
  ])('reads %j as %s wei', (text, expected) => {
    expect(validatePrice(text)).toEqual({ ok: true, wei: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0', 'zero'],
    ['0.0000', 'zero'],
    ['-0', 'zero'],
    ['-5', 'negative'],
    ['- 2.5', 'negative'],
    ['abc', 'format'],
    ['1,000', 'format'],
    ['1e3', 'format'],
    ['1.2.3', 'format'],
    ['+3', 'format'],
    ['0x10', 'format'],
    ['５', 'format'],
    ['1. 5', 'format'],
    ['12.34567', 'decimals'],
    ['0.00001', 'decimals'],
    ['1000000000.0001', 'tooHigh'],
    ['99999999999999999999999999', 'tooHigh'],
  ])('refuses %j: %s', (text, error) => {
    expect(validatePrice(text)).toEqual({ ok: false, error });
  });
});

describe('validateCount', () => {
  it.each([
    ['1', 1],
    [' 90 ', 90],
    ['007', 7],
  ])('reads %j as %d within 1..90', (text, value) => {
    expect(validateCount(text, 1, 90)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['2.5', 'format'],
    ['-1', 'format'],
    ['ten', 'format'],
    ['0', 'range'],
    ['91', 'range'],
    ['99999999999999999999999', 'range'],
  ])('refuses %j: %s', (text, error) => {
    expect(validateCount(text, 1, 90)).toEqual({ ok: false, error });
  });
});

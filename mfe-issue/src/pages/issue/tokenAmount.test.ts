import { parseTokenAmount } from './tokenAmount';

describe('parseTokenAmount', () => {
  it.each([
    ['1', 10n ** 18n],
    ['0.5', 5n * 10n ** 17n],
    ['12.', 12n * 10n ** 18n],
    [' 100.25 ', 10025n * 10n ** 16n],
    ['0.000000000000000001', 1n],
    ['0', 0n],
  ])('parses %p exactly', (text, expected) => {
    expect(parseTokenAmount(text)).toBe(expected);
  });

  it.each(['', '.5', '-1', '1e3', 'abc', '1,5', '0.0000000000000000001'])('rejects %p', (text) => {
    expect(parseTokenAmount(text)).toBeNull();
  });

  it('honours a smaller decimals count', () => {
    expect(parseTokenAmount('1.25', 2)).toBe(125n);
    expect(parseTokenAmount('1.255', 2)).toBeNull();
  });
});

import { formatFor } from '@prds/shared/format';
import { compactAmount, exactAmount, signOf, tokenAmount } from './amounts';

const en = formatFor('en');

const u = (whole: string) => (BigInt(whole) * 10n ** 18n).toString();

describe('portfolio amounts (spec §5)', () => {
  it('shows 4 decimals rounded down in tables', () => {
    expect(tokenAmount('1234567899999999999999', en)).toBe('1,234.5678');
    expect(tokenAmount('-1999999999999999', en)).toBe('-0.0019');
    expect(tokenAmount(0n, en)).toBe('0');
  });

  it('abbreviates headline figures with K, M and B and 2 decimals, rounded down', () => {
    expect(compactAmount(u('999'), en)).toBe('999');
    expect(compactAmount('1239990000000000000000', en)).toBe('1.23K');
    expect(compactAmount(u('2500000'), en)).toBe('2.5M');
    expect(compactAmount(u('7000000000'), en)).toBe('7B');
  });

  it('exports the exact amount', () => {
    expect(exactAmount('1234567890000000000001')).toBe('1234.567890000000000001');
  });

  it('signs amounts', () => {
    expect([signOf('5'), signOf('-5'), signOf('0'), signOf(null)]).toEqual([1, -1, 0, 0]);
  });
});

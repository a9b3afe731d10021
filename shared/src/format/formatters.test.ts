import BigNumber from 'bignumber.js';
import { formatAmount } from './formatAmount';
import { formatCompact } from './formatCompact';
import { formatShort } from './formatShort';
import { formatRate } from './formatRate';
import { fromUnits } from './fromUnits';
import type { Numeric } from './bigNumber';

type Row = readonly [input: Numeric, expected: string];

describe('formatAmount (4 decimals by default, rounded toward zero)', () => {
  const rows: readonly Row[] = [
    ['1.23456789', '1.2345'],
    ['1.99999', '1.9999'], // never rounds up
    ['0.00009', '0'],
    ['0.0001', '0.0001'],
    [2.5, '2.5'], // trailing zeros dropped
    ['100', '100'],
    ['1234567.891011', '1,234,567.891'],
    ['0', '0'],
    [0, '0'],
    ['-1.23456', '-1.2345'], // toward zero, not toward -infinity
    ['-0.00001', '0'], // no "-0"
    ['1e3', '1,000'],
    ['1.5e-3', '0.0015'],
    ['2.5E+2', '250'],
    [12345678901234567890n, '12,345,678,901,234,567,890'],
    [new BigNumber('3.14159'), '3.1415'],
    [
      '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913,129,639,935',
    ],
    [' 7.5 ', '7.5'],
  ];
  it.each(rows)('formatAmount(%p) = %p', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('takes other decimal counts', () => {
    expect(formatAmount('1.23456', 2)).toBe('1.23');
    expect(formatAmount('1.999', 0)).toBe('1');
    expect(formatAmount('1.123456789', 8)).toBe('1.12345678');
  });

  it('rejects an unusable decimal count', () => {
    expect(formatAmount('1', -1)).toBe('--');
    expect(formatAmount('1', 1.5)).toBe('--');
  });
});

describe('bad input shows "--" instead of throwing', () => {
  const bad: readonly Numeric[] = [
    '',
    '   ',
    'abc',
    '1.2.3',
    '12abc',
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -Infinity,
    'Infinity',
    'NaN',
  ];
  it.each(bad.map((v) => [v] as const))('%p', (input) => {
    expect(formatAmount(input)).toBe('--');
    expect(formatCompact(input)).toBe('--');
    expect(formatShort(input)).toBe('--');
    expect(formatRate(input)).toBe('--');
    expect(fromUnits(input)).toBe('--');
  });
});

describe('formatCompact (K at 1e3, M at 1e6, B at 1e9 with 2 decimals; below 1e3 with 4)', () => {
  const rows: readonly Row[] = [
    ['999.99999', '999.9999'], // just below 1e3
    ['1000', '1K'], // exactly 1e3
    ['1234.567', '1.23K'],
    ['1239.999', '1.23K'], // rounds down
    ['999999.999', '999.99K'], // just below 1e6, not "1000K" or "1M"
    ['1000000', '1M'], // exactly 1e6
    ['1005000', '1M'],
    ['1015000', '1.01M'],
    ['999999999.99', '999.99M'], // just below 1e9
    ['1000000000', '1B'], // exactly 1e9
    ['2500000000', '2.5B'],
    ['1e15', '1,000,000B'], // huge values stay in B
    [10n ** 21n, '1,000,000,000,000B'],
    ['-1500', '-1.5K'], // negative uses |value| for the unit
    ['-999', '-999'],
    ['-2999999', '-2.99M'],
    ['0', '0'],
    ['0.123456', '0.1234'],
    ['1e3', '1K'],
    [1e9, '1B'],
  ];
  it.each(rows)('formatCompact(%p) = %p', (input, expected) => {
    expect(formatCompact(input)).toBe(expected);
  });
});

describe('formatShort (3 decimals)', () => {
  const rows: readonly Row[] = [
    ['1.23456', '1.234'],
    ['1.9999', '1.999'],
    ['-1.9999', '-1.999'],
    ['0.0009', '0'],
    ['12345.6789', '12,345.678'],
    [5n, '5'],
    ['1e-3', '0.001'],
  ];
  it.each(rows)('formatShort(%p) = %p', (input, expected) => {
    expect(formatShort(input)).toBe(expected);
  });
});

describe('formatRate (value / 100, 2 decimals)', () => {
  const rows: readonly Row[] = [
    [1250, '12.5'],
    ['1234', '12.34'],
    ['1299.99', '12.99'],
    ['5', '0.05'],
    ['0.9', '0'],
    ['-250', '-2.5'],
    ['10000', '100'],
    [0, '0'],
    [200n, '2'],
  ];
  it.each(rows)('formatRate(%p) = %p', (input, expected) => {
    expect(formatRate(input)).toBe(expected);
  });
});

describe('fromUnits (exact, no rounding)', () => {
  it('converts 18-decimal base units', () => {
    expect(fromUnits(1500000000000000000n)).toBe('1.5');
    expect(fromUnits('1')).toBe('0.000000000000000001');
    expect(fromUnits('0')).toBe('0');
    expect(fromUnits(-2000000000000000000n)).toBe('-2');
    expect(fromUnits((2n ** 256n - 1n).toString())).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
  });
  it('takes other decimals', () => {
    expect(fromUnits('123456', 6)).toBe('0.123456');
    expect(fromUnits('5', 0)).toBe('5');
    expect(fromUnits('5', -1)).toBe('--');
  });
  it('feeds the display formatters', () => {
    expect(formatAmount(fromUnits(1234567890123456789n))).toBe('1.2345');
  });
});

describe("numbers in the page language's marks (round down first, then the language writes the digits)", () => {
  // [locale, formatAmount('19530.56789'), formatAmount('1.63'), formatCompact('1234567')]
  const rows = [
    ['en', '19,530.5678', '1.63', '1.23M'],
    ['de', '19.530,5678', '1,63', '1,23M'],
    ['es', '19.530,5678', '1,63', '1,23M'],
    ['vi', '19.530,5678', '1,63', '1,23M'],
    ['fr', '19\u202f530,5678', '1,63', '1,23M'],
    ['ru', '19\u00a0530,5678', '1,63', '1,23M'],
    ['zh', '19,530.5678', '1.63', '1.23M'],
    ['ko', '19,530.5678', '1.63', '1.23M'],
    ['ja', '19,530.5678', '1.63', '1.23M'],
    ['th', '19,530.5678', '1.63', '1.23M'],
    ['ms', '19,530.5678', '1.63', '1.23M'],
    // Arabic keeps Latin digits, as its dates do (CLDR's default for 'ar', pinned so every engine agrees).
    ['ar', '19,530.5678', '1.63', '1.23M'],
  ] as const;
  it.each(rows)('%s', (locale, amount, odds, compact) => {
    expect(formatAmount('19530.56789', 4, locale)).toBe(amount);
    expect(formatAmount('1.639', 2, locale)).toBe(odds);
    expect(formatCompact('1234567', locale)).toBe(compact);
  });

  it('German reads 19.530,5 and keeps every rule of the spec', () => {
    expect(formatAmount('19530.5', 4, 'de')).toBe('19.530,5');
    expect(formatAmount('1.99999', 4, 'de')).toBe('1,9999'); // still rounded down
    expect(formatAmount('-0.00001', 4, 'de')).toBe('0');
    expect(formatAmount('-1234.56789', 4, 'de')).toBe('-1.234,5678');
    expect(formatShort('12345.6789', 'de')).toBe('12.345,678');
    expect(formatRate('1250', 'de')).toBe('12,5');
    expect(formatCompact('999999.999', 'de')).toBe('999,99K');
    expect(formatAmount('abc', 4, 'de')).toBe('--');
  });

  it('formats the largest amounts exactly, with no float step', () => {
    expect(formatAmount((2n ** 256n - 1n).toString(), 4, 'de')).toBe(
      '115.792.089.237.316.195.423.570.985.008.687.907.853.269.984.665.640.564.039.457.584.007.913.129.639.935',
    );
    expect(formatAmount('9007199254740993.123456', 4, 'de')).toBe('9.007.199.254.740.993,1234');
  });
});

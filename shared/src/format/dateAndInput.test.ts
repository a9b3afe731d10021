import { formatDateTime } from './formatDateTime';
import { decimalExample, decimalMark, normalizeDecimalInput } from './parseDecimal';
import { formatFor } from './useFormat';

// 2026-11-22 04:33 UTC
const MOMENT = Date.UTC(2026, 10, 22, 4, 33) / 1000;

describe('formatDateTime: one date-time format, zone stated, in the page language', () => {
  const rows = [
    ['en', 'UTC', 'Nov 22, 2026, 4:33 AM UTC'],
    ['en', 'Asia/Shanghai', 'Nov 22, 2026, 12:33 PM GMT+8'],
    ['de', 'Europe/Berlin', '22. Nov. 2026, 05:33 MEZ'],
    ['zh', 'Asia/Shanghai', '2026年11月22日 GMT+8 12:33'],
    ['ar', 'UTC', '22 نوفمبر 2026، 4:33 ص UTC'],
    ['ru', 'UTC', '22 нояб. 2026 г., 04:33 UTC'],
  ] as const;
  it.each(rows)('%s in %s', (locale, zone, expected) => {
    expect(formatDateTime(MOMENT, locale, zone).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('writes every language with Latin digits and a zone', () => {
    for (const locale of ['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi']) {
      const text = formatDateTime(MOMENT, locale, 'UTC');
      expect({ locale, zone: text.includes('UTC'), latin: /^[^\u0660-\u0669\u06f0-\u06f9]*$/.test(text) }).toEqual({
        locale,
        zone: true,
        latin: true,
      });
    }
  });

  it('shows "--" for a moment it cannot read', () => {
    expect(formatDateTime(Number.NaN, 'en')).toBe('--');
  });
});

describe('amounts as the language types them', () => {
  it('knows each language’s decimal mark', () => {
    expect(decimalMark('en')).toBe('.');
    expect(decimalMark('de')).toBe(',');
    expect(decimalMark('fr')).toBe(',');
    expect(decimalMark('ar')).toBe('.');
    expect(decimalExample('de')).toBe('12,5');
  });

  it.each([
    ['de', '1,5', '1.5'],
    ['de', ' 19530,25 ', '19530.25'],
    ['de', '12', '12'],
    ['vi', '0,0001', '0.0001'],
    ['en', '1.5', '1.5'],
    ['ar', '١٫٥', '1.5'], // Arabic-Indic digits and the Arabic decimal separator
    ['ar', '۱۲.۵', '12.5'],
  ])('%s: %p reads as %p', (locale, typed, read) => {
    expect(normalizeDecimalInput(typed, locale)).toBe(read);
  });

  it("never takes the other language's mark as decimals (German 1.5 is not guessed)", () => {
    // The parsers accept only digits and '.', so a ',' left in the text is refused as malformed.
    expect(normalizeDecimalInput('1.5', 'de')).toBe('1,5');
    expect(normalizeDecimalInput('1.000,5', 'de')).toBe('1,000.5');
    expect(normalizeDecimalInput('1,5', 'en')).toBe('1,5');
  });

  it('binds every formatter to one language', () => {
    const de = formatFor('de');
    expect(formatFor('de')).toBe(de);
    expect(de.amount('19530.5')).toBe('19.530,5');
    expect(de.integer('1234567')).toBe('1.234.567');
    expect(de.rate(1250)).toBe('12,5');
    expect(de.normalizeInput('2,5')).toBe('2.5');
  });
});

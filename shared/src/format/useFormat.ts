import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { Numeric } from './bigNumber';
import { formatAmount, DEFAULT_DECIMALS } from './formatAmount';
import { formatCompact } from './formatCompact';
import { formatDateTime } from './formatDateTime';
import { formatRate } from './formatRate';
import { formatShort } from './formatShort';
import { decimalExample, decimalMark, normalizeDecimalInput } from './parseDecimal';

/**
 * Every number and date-time formatter, bound to one language: what pages use, so no caller passes
 * a locale by hand. The spec's rounding (down), decimals and K/M/B are the formatters'; the marks,
 * words and order are the language's.
 */
export interface Format {
  readonly locale: string;
  /** 4 decimals by default, rounded down: '1,234.5678' / '1.234,5678'. */
  readonly amount: (value: Numeric, decimals?: number) => string;
  /** K / M / B from 1,000 with 2 decimals: '1.23K' / '1,23K'. */
  readonly compact: (value: Numeric) => string;
  /** 3 decimals, rounded down. */
  readonly short: (value: Numeric) => string;
  /** A rate sent ×100 (1250) as '12.5' / '12,5'. */
  readonly rate: (value: Numeric) => string;
  /** A whole count: '1,234' / '1.234'. */
  readonly integer: (value: Numeric) => string;
  /** A moment in unix seconds, zone stated: 'Nov 22, 2026, 4:33 AM UTC'. */
  readonly dateTime: (seconds: number) => string;
  /** The language's decimal mark ('.' / ','). */
  readonly decimalMark: string;
  /** '12.5' / '12,5': how an amount is typed, for placeholders and error messages. */
  readonly decimalExample: (whole?: string, fraction?: string) => string;
  /** A typed amount with '.' as its mark and ASCII digits, for the exact amount parsers. */
  readonly normalizeInput: (text: string) => string;
}

const bound = new Map<string, Format>();

/** The formatters for `locale` (one object per language, so it is stable across renders). */
export function formatFor(locale: string): Format {
  let format = bound.get(locale);
  if (!format) {
    format = {
      locale,
      amount: (value, decimals = DEFAULT_DECIMALS) => formatAmount(value, decimals, locale),
      compact: (value) => formatCompact(value, locale),
      short: (value) => formatShort(value, locale),
      rate: (value) => formatRate(value, locale),
      integer: (value) => formatAmount(value, 0, locale),
      dateTime: (seconds) => formatDateTime(seconds, locale),
      decimalMark: decimalMark(locale),
      decimalExample: (whole, fraction) => decimalExample(locale, whole, fraction),
      normalizeInput: (text) => normalizeDecimalInput(text, locale),
    };
    bound.set(locale, format);
  }
  return format;
}

/** The formatters in the page language (react-intl's locale, which the host's language switch sets). */
export function useFormat(): Format {
  const { locale } = useIntl();
  return useMemo(() => formatFor(locale), [locale]);
}

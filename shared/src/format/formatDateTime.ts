import { NUMBERING_SYSTEM } from './bigNumber';

/** What the formatter shows for a moment it cannot read. */
const INVALID_TIME = '--';

/**
 * The one date-time format of the site (ARCHITECTURE 'Front-end conventions': dates and times through
 * one formatter, zone stated): date, time to the minute and the zone's short name, in the page
 * language's order and words and in the viewer's zone — 'Nov 22, 2026, 4:33 AM UTC',
 * '22.11.2026, 05:33 MEZ', '2026年11月22日 GMT+8 12:33'. Latin digits, like the numbers.
 */
const OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
  numberingSystem: NUMBERING_SYSTEM,
};

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, timeZone === undefined ? OPTIONS : { ...OPTIONS, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment in unix seconds (chain time's unit) as the site shows every date-time. `timeZone` defaults
 * to the viewer's; tests pass one.
 */
export function formatDateTime(seconds: number, locale: string = 'en', timeZone?: string): string {
  if (!Number.isFinite(seconds)) return INVALID_TIME;
  return dateTimeFormat(locale, timeZone).format(seconds * 1000);
}

/**
 * How this runtime writes the site's dates, numbers and relative times in `locale` (a fixed moment,
 * number and span, in the viewer's zone). The server's render carries its own; a page whose runtime
 * writes them otherwise (another time zone, another CLDR version: Node 20's ICU 78 writes Korean
 * afternoons 'PM' where Chromium writes '오후') renders from scratch rather than hydrate text that
 * does not match.
 */
export function formatProbe(locale: string): string {
  let relative = '';
  try {
    relative = new Intl.RelativeTimeFormat(locale).format(3, 'hour');
  } catch {
    // A runtime without it: the date and the number still tell.
  }
  return [formatDateTime(1_790_000_000, locale), new Intl.NumberFormat(locale).format(1234567.5), relative].join('|');
}

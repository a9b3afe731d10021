import { fromAbsolute, getLocalTimeZone, type DateValue, type ZonedDateTime } from '@internationalized/date';

/**
 * The date-time field works in unix seconds (chain time's unit) outside and in zoned date-times inside:
 * a moment shown in one IANA time zone, to the minute.
 */

/** The viewer's own time zone (the browser's), e.g. 'Asia/Shanghai'. */
export function viewerTimeZone(): string {
  return getLocalTimeZone();
}

/** `seconds` as a date-time in `timeZone`, to the minute (the field's granularity). */
export function zonedOf(seconds: number, timeZone: string): ZonedDateTime {
  return fromAbsolute(Math.floor(seconds / 60) * 60_000, timeZone);
}

/** The moment a date value names, in unix seconds (a value without a zone of its own is read in `timeZone`). */
export function secondsOf(value: DateValue, timeZone: string): number {
  const date = 'timeZone' in value ? value.toDate() : value.toDate(timeZone);
  return Math.floor(date.getTime() / 1000);
}

/**
 * The zone's name in `locale` (e.g. 'China Standard Time', '中国标准时间'), or its IANA id where the
 * browser has no name for it, and its offset at `seconds` (e.g. 'GMT+08:00').
 */
export function timeZoneName(
  timeZone: string,
  locale: string,
  seconds: number,
): { readonly name: string; readonly offset: string } {
  const part = (style: 'long' | 'longOffset') => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
        .formatToParts(seconds * 1000)
        .find((p) => p.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  return { name: part('long') ?? timeZone, offset: part('longOffset') ?? '' };
}

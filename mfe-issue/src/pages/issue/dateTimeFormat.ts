/**
 * How the issue remote writes a moment (a rental's end, a deadline, the dates in a message): date,
 * time and the time zone, in the user's language. Intl refuses `timeZoneName` together with
 * `dateStyle`/`timeStyle`, so the parts are named one by one.
 */
export const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

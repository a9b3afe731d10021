import fs from 'node:fs';
import path from 'node:path';

// Issue 27 items 12 and 21: every date-time and number a page shows goes through @prds/shared's
// formatters (useFormat / formatFor), so none is written in another format or in English marks.
const ROOT = path.resolve(__dirname, '../../..');
const FOLDERS = [
  'host/src',
  'shared/src',
  ...fs
    .readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];

/** Where Intl is used on purpose: the formatters themselves and the date field's zone name. */
const ALLOWED = new Set([
  'shared/src/format/bigNumber.ts',
  'shared/src/format/formatDateTime.ts',
  'shared/src/format/parseDecimal.ts',
  'shared/src/ui/dateTime/zonedTime.ts',
]);

const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bformatDate\(/, 'intl.formatDate'],
  [/\bformatTime\(/, 'intl.formatTime'],
  [/\bformatNumber\(/, 'intl.formatNumber'],
  [/\btoLocale(Date|Time)?String\(/, 'toLocaleString'],
  [/new Intl\.(DateTimeFormat|NumberFormat)\(/, 'a private Intl formatter'],
  [/\.toFormat\(/, "bignumber.js's English grouping"],
  [/<Formatted(Date|Time|Number)\b/, 'a react-intl component'],
];

function sources(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('one formatter for every number and date-time shown', () => {
  it('no page formats a date-time or a number by itself', () => {
    const found = FOLDERS.flatMap(sources)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => {
        const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
        return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${file}: ${what}`);
      });
    expect(found).toEqual([]);
  });
});

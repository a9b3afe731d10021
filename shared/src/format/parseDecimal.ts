import { NUMBERING_SYSTEM } from './bigNumber';

const marks = new Map<string, string>();

/** The decimal mark of `locale` as the formatters write it: '.' in English, ',' in German. */
export function decimalMark(locale: string): string {
  let mark = marks.get(locale);
  if (mark === undefined) {
    const options = { numberingSystem: NUMBERING_SYSTEM } as Intl.NumberFormatOptions;
    mark = new Intl.NumberFormat(locale, options).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    marks.set(locale, mark);
  }
  return mark;
}

/** '12,5' in German: an amount as a person of `locale` writes one, for placeholders and error messages. */
export function decimalExample(locale: string, whole = '12', fraction = '5'): string {
  return `${whole}${decimalMark(locale)}${fraction}`;
}

// Arabic-Indic (U+0660..) and Eastern Arabic-Indic (U+06F0..) digits, which Arabic and Persian
// keyboards type, and the Arabic decimal separator U+066B.
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const ARABIC_DECIMAL = '\u066b';

/**
 * An amount typed in the page language, rewritten with '.' as its decimal mark and ASCII digits so
 * the amount parsers (exact, no float) read it: '1,5' in German is '1.5'. Only the language's own
 * mark is a decimal mark: in German '1.5' keeps its '.' (a thousands mark there) and the parsers
 * refuse it as malformed rather than guessing 1.5 or 15. Anything else is left for the parser to refuse.
 */
export function normalizeDecimalInput(text: string, locale: string): string {
  const mark = decimalMark(locale);
  const digits = text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .replaceAll(ARABIC_DECIMAL, mark);
  if (mark === '.') return digits;
  // Swap the marks, so the language's mark becomes '.' and a '.' becomes something the parsers refuse.
  return digits.replace(/[.,]/g, (m) => (m === '.' ? ',' : '.'));
}

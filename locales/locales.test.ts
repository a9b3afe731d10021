import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES, isLocaleCode, loadMessages, type LocaleCode } from './index';

const dir = __dirname;

function readLocale(code: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, unknown>;
}

/** Index just past the `}` that closes the `{` at `open`. */
function closeOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unbalanced braces in ${JSON.stringify(text)}`);
}

/**
 * ICU argument names a message uses, including those inside plural/select branches:
 * 'Request failed ({status})' → status; '{n, plural, one {# {unit}} other {…}}' → n, unit.
 * Branch labels (one, other, male…) are not arguments, which a plain regex would get wrong.
 */
function argumentsOf(message: string, found = new Set<string>()): string[] {
  let i = 0;
  while (i < message.length) {
    if (message[i] !== '{') {
      i += 1;
      continue;
    }
    const end = closeOf(message, i);
    const body = message.slice(i + 1, end - 1);
    const [name = '', type = '', ...rest] = body.split(',');
    found.add(name.trim());
    if (['plural', 'selectordinal', 'select'].includes(type.trim())) {
      const branches = rest.join(',');
      for (let j = branches.indexOf('{'); j !== -1; j = branches.indexOf('{', closeOf(branches, j))) {
        argumentsOf(branches.slice(j + 1, closeOf(branches, j) - 1), found);
      }
    }
    i = end;
  }
  return [...found].sort();
}

const en = readLocale('en');
const enKeys = Object.keys(en).sort();

describe('locale files', () => {
  it('are exactly the 12 spec languages', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'package.json' && f !== 'tsconfig.json')
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALE_CODES].sort());
    expect(LOCALE_CODES).toEqual(['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi']);
  });

  it('English has keys, all flat and dotted (owner first: common, host or a remote)', () => {
    expect(enKeys.length).toBeGreaterThan(0);
    const malformed = enKeys.filter((k) => !/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(k));
    expect(malformed).toEqual([]);
  });

  describe.each(LOCALE_CODES.map((c) => [c] as const))('%s.json', (code) => {
    const messages = readLocale(code);

    it('has the same key set as en.json', () => {
      const keys = Object.keys(messages);
      expect({ missing: enKeys.filter((k) => !(k in messages)), extra: keys.filter((k) => !(k in en)) }).toEqual({
        missing: [],
        extra: [],
      });
    });

    it('has no empty or non-string values', () => {
      const bad = Object.entries(messages)
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      expect(bad).toEqual([]);
    });

    it('uses the same placeholders as English in every message', () => {
      const mismatched = enKeys.filter((k) => {
        const value = messages[k];
        const source = en[k];
        return (
          typeof value === 'string' && typeof source === 'string' && argumentsOf(value).join() !== argumentsOf(source).join()
        );
      });
      expect(mismatched).toEqual([]);
    });

    it('loads through loadMessages as the same messages', async () => {
      await expect(loadMessages(code)).resolves.toEqual(messages);
    });
  });

  it('keeps translations distinct from English where it matters (not an untranslated copy)', () => {
    // Brand names and symbols may stay the same; whole files copied from English may not.
    for (const code of LOCALE_CODES.filter((c): c is Exclude<LocaleCode, 'en'> => c !== 'en')) {
      const messages = readLocale(code);
      const same = enKeys.filter((k) => messages[k] === en[k]).length;
      expect({ code, share: same / enKeys.length < 0.5 }).toEqual({ code, share: true });
    }
  });

  describe('no interface word left in English', () => {
    // Brand, token, chain and unit words every language writes as English does.
    const SHARED_WORDS = ['PRDS', 'USDT', 'BNB', 'BSC', 'NFT', 'URL', 'ERC', 'ID', 'h', 'd'];
    // Words reviewed as the language's own, spelled as in English (a French 'Volume', a German 'Token';
    // the date field's empty month 'mm' is mois, Monat, mes).
    const SAME_IN: Partial<Record<LocaleCode, readonly string[]>> = {
      fr: [
        'Option',
        'Options',
        'Description',
        'Volume',
        'Total',
        'Type',
        'Attributive',
        'Crypto',
        'Culture',
        'Finance',
        'Science',
        'Action',
        'Transaction',
        'mm',
      ],
      de: ['Token', 'mm'],
      es: ['Total', 'Token', 'mm', 'dd'],
      ms: ['Token'],
      vi: ['Token'],
    };

    /** The words of a message once its ICU arguments and the shared words are taken out. */
    function wordsOf(message: string, allowed: readonly string[]): string[] {
      const text = message.replace(/\{[^{}]*\}/g, ' ');
      return (text.match(/\p{L}+/gu) ?? []).filter((word) => !allowed.includes(word));
    }

    it.each(LOCALE_CODES.filter((c) => c !== 'en').map((c) => [c] as const))('%s', (code) => {
      const messages = readLocale(code);
      const allowed = [...SHARED_WORDS, ...(SAME_IN[code] ?? [])];
      const untranslated = enKeys.filter((k) => messages[k] === en[k] && wordsOf(String(en[k]), allowed).length > 0);
      expect(untranslated.map((k) => `${k}: ${String(messages[k])}`)).toEqual([]);
    });

    it('flags an English word left in a translation', () => {
      expect(wordsOf('Portfolio', SHARED_WORDS)).toEqual(['Portfolio']);
      expect(wordsOf('Margin ({symbol})', SHARED_WORDS)).toEqual(['Margin']);
      expect(wordsOf('{amount} USDT', SHARED_WORDS)).toEqual([]);
      expect(wordsOf('© {year} PRDS', SHARED_WORDS)).toEqual([]);
      expect(wordsOf('24 h', SHARED_WORDS)).toEqual([]);
    });
  });

  it('reads ICU arguments exactly', () => {
    expect(argumentsOf('Request failed ({status})')).toEqual(['status']);
    expect(argumentsOf('{n, plural, one {# {unit} left} other {# {unit}s left}} by {who}')).toEqual(['n', 'unit', 'who']);
    expect(argumentsOf('{g, select, male {He} female {She} other {They}}')).toEqual(['g']);
    expect(argumentsOf('No arguments')).toEqual([]);
  });

  it('isLocaleCode accepts only the 12 codes', () => {
    expect(LOCALE_CODES.every(isLocaleCode)).toBe(true);
    expect(isLocaleCode('pt')).toBe(false);
    expect(isLocaleCode('EN')).toBe(false);
  });
});

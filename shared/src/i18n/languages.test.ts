import { LOCALE_CODES } from '@prds/locales';
import { LANGUAGES, languageDir, resolveInitialLang } from './languages';

describe('LANGUAGES', () => {
  it('lists the 12 spec languages in switch order, same codes as the locale files', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi']);
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LOCALE_CODES]);
    for (const l of LANGUAGES) expect(l.nativeName.trim()).not.toBe('');
  });

  it('renders Arabic right to left and the rest left to right', () => {
    expect(LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar']);
    expect(languageDir('ar')).toBe('rtl');
    expect(languageDir('en')).toBe('ltr');
  });
});

describe('resolveInitialLang', () => {
  it.each([
    ['ko', ['fr-FR'], 'ko'], // a stored choice wins
    [null, ['fr-FR', 'en'], 'fr'],
    [null, ['zh-CN'], 'zh'],
    [null, ['pt-BR', 'de_DE'], 'de'], // first supported browser language
    [null, ['pt-BR'], 'en'],
    [null, [], 'en'],
    ['xx', ['AR'], 'ar'], // junk in storage is ignored; tags are case-insensitive
  ] as const)('stored %p, browser %p → %s', (stored, browser, expected) => {
    expect(resolveInitialLang(stored, browser)).toBe(expected);
  });
});

import { LANGUAGES } from '@prds/shared/i18n';
import { nextLanguageIndex } from './languageListbox';

const last = LANGUAGES.length - 1;

describe('nextLanguageIndex', () => {
  it('steps with the arrows and stops at the ends', () => {
    expect(nextLanguageIndex(0, 'ArrowDown', LANGUAGES)).toBe(1);
    expect(nextLanguageIndex(0, 'ArrowUp', LANGUAGES)).toBe(0);
    expect(nextLanguageIndex(last, 'ArrowDown', LANGUAGES)).toBe(last);
    expect(nextLanguageIndex(5, 'ArrowUp', LANGUAGES)).toBe(4);
  });

  it('jumps to the ends with Home, End, PageUp and PageDown', () => {
    expect(nextLanguageIndex(4, 'Home', LANGUAGES)).toBe(0);
    expect(nextLanguageIndex(4, 'End', LANGUAGES)).toBe(last);
    expect(nextLanguageIndex(4, 'PageUp', LANGUAGES)).toBe(0);
    expect(nextLanguageIndex(4, 'PageDown', LANGUAGES)).toBe(last);
  });

  it('finds the next language by the first letter of its own name or its code, wrapping round', () => {
    const at = (code: string) => LANGUAGES.findIndex((language) => language.code === code);
    // 'D': Deutsch; 'E' from English: Español; again from Español: back round to English.
    expect(nextLanguageIndex(0, 'd', LANGUAGES)).toBe(at('de'));
    expect(nextLanguageIndex(at('en'), 'E', LANGUAGES)).toBe(at('es'));
    expect(nextLanguageIndex(at('es'), 'e', LANGUAGES)).toBe(at('en'));
    // Scripts other than Latin are found by their code: 'z' → 中文.
    expect(nextLanguageIndex(0, 'z', LANGUAGES)).toBe(at('zh'));
  });

  it('leaves other keys alone', () => {
    for (const key of ['Enter', ' ', 'Shift', 'F2', 'Tab', 'q']) expect(nextLanguageIndex(3, key, LANGUAGES)).toBeNull();
  });
});

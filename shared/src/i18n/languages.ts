import type { LocaleCode } from '@prds/locales';

export interface Language {
  readonly code: string;
  readonly nativeName: string;
  readonly dir: 'ltr' | 'rtl';
}

/** The order of the language switch. */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', dir: 'ltr' },
  { code: 'zh', nativeName: '中文', dir: 'ltr' },
  { code: 'ko', nativeName: '한국어', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', dir: 'ltr' },
  { code: 'ru', nativeName: 'Русский', dir: 'ltr' },
  { code: 'de', nativeName: 'Deutsch', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', dir: 'ltr' },
  { code: 'ar', nativeName: 'العربية', dir: 'rtl' },
  { code: 'ja', nativeName: '日本語', dir: 'ltr' },
  { code: 'th', nativeName: 'ไทย', dir: 'ltr' },
  { code: 'ms', nativeName: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'vi', nativeName: 'Tiếng Việt', dir: 'ltr' },
] as const satisfies readonly Language[];

export type LangCode = (typeof LANGUAGES)[number]['code'];

// Compile-time proof that the switch and the locale files name the same languages.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const languagesMatchLocales: Same<LangCode, LocaleCode> = true;
void languagesMatchLocales;

export const DEFAULT_LANG: LangCode = 'en';
export const LANG_STORAGE_KEY = 'prds.lang';

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

export function languageDir(code: LangCode): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}

/**
 * Initial language: the stored choice, else the first browser language we support
 * (matching 'zh-CN' to 'zh'), else English.
 */
export function resolveInitialLang(stored: string | null, browserLanguages: readonly string[]): LangCode {
  if (isLangCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLangCode(primary)) return primary;
  }
  return DEFAULT_LANG;
}

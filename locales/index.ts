export const LOCALE_CODES = ['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** Flat dotted keys (`market.list.searchPlaceholder`) to ICU message strings. */
export type Messages = Readonly<Record<string, string>>;

interface JsonModule {
  readonly default: Messages;
}

// One literal import per language so webpack emits each language as its own chunk and
// the first render downloads only the language it shows.
const loaders: Record<LocaleCode, () => Promise<JsonModule>> = {
  en: () => import(/* webpackChunkName: "locale-en" */ './en.json'),
  zh: () => import(/* webpackChunkName: "locale-zh" */ './zh.json'),
  ko: () => import(/* webpackChunkName: "locale-ko" */ './ko.json'),
  fr: () => import(/* webpackChunkName: "locale-fr" */ './fr.json'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ './ru.json'),
  de: () => import(/* webpackChunkName: "locale-de" */ './de.json'),
  es: () => import(/* webpackChunkName: "locale-es" */ './es.json'),
  ar: () => import(/* webpackChunkName: "locale-ar" */ './ar.json'),
  ja: () => import(/* webpackChunkName: "locale-ja" */ './ja.json'),
  th: () => import(/* webpackChunkName: "locale-th" */ './th.json'),
  ms: () => import(/* webpackChunkName: "locale-ms" */ './ms.json'),
  vi: () => import(/* webpackChunkName: "locale-vi" */ './vi.json'),
};

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export async function loadMessages(lang: LocaleCode): Promise<Messages> {
  const mod = await loaders[lang]();
  return mod.default;
}

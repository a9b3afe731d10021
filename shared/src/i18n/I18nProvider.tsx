import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAtom } from 'jotai';
import { loadMessages as loadLocaleMessages, type Messages } from '@prds/locales';
import { writeStorage } from '../browserEnv';
import { langAtom } from '../state/atoms';
import { DEFAULT_LANG, LANG_STORAGE_KEY, languageDir, type LangCode } from './languages';

interface Loaded {
  readonly lang: LangCode;
  readonly messages: Messages;
}

export type MessagesLoader = (lang: LangCode) => Promise<Messages>;

async function loadWithFallback(lang: LangCode, load: MessagesLoader): Promise<Loaded> {
  try {
    return { lang, messages: await load(lang) };
  } catch (error) {
    // A language chunk that fails to load must not blank the page: show English instead.
    if (lang === DEFAULT_LANG) throw error;
    return { lang: DEFAULT_LANG, messages: await load(DEFAULT_LANG) };
  }
}

/** The current language and a setter that remembers the choice. */
export function useLang(): readonly [LangCode, (lang: LangCode) => void] {
  return useAtom(langAtom);
}

/**
 * Loads the current language's messages (one chunk per language) and renders children once they are
 * there; on a switch the previous language stays on screen until the new one arrives.
 */
export interface I18nProviderProps {
  readonly children: ReactNode;
  /** Shown until the first language's messages arrive. */
  readonly fallback?: ReactNode;
  /** Where messages come from; the per-language chunks of @prds/locales unless a test gives its own. */
  readonly loadMessages?: MessagesLoader;
}

export function I18nProvider({ children, fallback = null, loadMessages = loadLocaleMessages }: I18nProviderProps) {
  const [lang] = useAtom(langAtom);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const previousLang = useRef(lang);

  useEffect(() => {
    let current = true;
    loadWithFallback(lang, loadMessages).then(
      (result) => {
        if (current) setLoaded(result);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [lang, loadMessages]);

  // Only a change made after start is a choice worth remembering; the initial value may
  // just come from the browser.
  useEffect(() => {
    if (previousLang.current !== lang) {
      previousLang.current = lang;
      writeStorage(LANG_STORAGE_KEY, lang);
    }
  }, [lang]);

  useLayoutEffect(() => {
    if (!loaded) return;
    const html = document.documentElement;
    html.lang = loaded.lang;
    html.dir = languageDir(loaded.lang);
  }, [loaded]);

  if (!loaded) {
    if (!failed) return <>{fallback}</>;
    // Not even English loaded: render with the messages' default text rather than nothing.
    return (
      <IntlProvider locale={DEFAULT_LANG} defaultLocale={DEFAULT_LANG} messages={{}}>
        {children}
      </IntlProvider>
    );
  }
  return (
    <IntlProvider locale={loaded.lang} defaultLocale={DEFAULT_LANG} messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}

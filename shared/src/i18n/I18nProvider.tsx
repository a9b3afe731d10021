import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAtom } from 'jotai';
import { loadMessages as loadLocaleMessages } from '@prds/locales';
import { writeStorage } from '@prds/shared/chains';
import { langAtom } from './langAtom';
import { DEFAULT_LANG, LANG_STORAGE_KEY, languageDir, type LangCode } from './languages';
import { loadRegisteredScopes, loadWithFallback, type MessagesLoader, type ScopeMessages } from './messageScopes';

export type { Messages, MessagesLoader } from './messageScopes';

/**
 * The shell's messages for `lang`, on a switch once the messages of every remote on the page
 * (MessagesScope) are there too: the whole page changes language in one render, never half of it.
 * The first load does not wait for remotes: each remote's MessagesScope waits for its own.
 */
async function loadLanguage(lang: LangCode, load: MessagesLoader, isSwitch: boolean): Promise<ScopeMessages> {
  if (!isSwitch) return loadWithFallback(load, lang);
  const [shell] = await Promise.all([loadWithFallback(load, lang), loadRegisteredScopes(lang)]);
  if (shell.lang !== lang) await loadRegisteredScopes(shell.lang);
  return shell;
}

/** The current language and a setter that remembers the choice. */
export function useLang(): readonly [LangCode, (lang: LangCode) => void] {
  return useAtom(langAtom);
}

/**
 * Loads the current language's messages (one chunk per language: the shell's, i.e. the host's and
 * shared's; each remote brings its own through MessagesScope) and renders children once they are
 * there; on a switch the previous language stays on screen until the new one arrives.
 */
export interface I18nProviderProps {
  readonly children: ReactNode;
  /** Shown until the first language's messages arrive. */
  readonly fallback?: ReactNode;
  /** Where the shell's messages come from; the per-language chunks of @prds/locales unless a test gives its own. */
  readonly loadMessages?: MessagesLoader;
  /**
   * The messages of the first render, already loaded (loadShellMessages): a server render, and the
   * page that hydrates it, render with them at once instead of the fallback.
   */
  readonly initialMessages?: ScopeMessages;
}

/** The shell's messages for `lang` (English when that language's chunk fails), as I18nProvider loads them. */
export function loadShellMessages(lang: LangCode, load: MessagesLoader = loadLocaleMessages): Promise<ScopeMessages> {
  return loadWithFallback(load, lang);
}

export function I18nProvider({
  children,
  fallback = null,
  loadMessages = loadLocaleMessages,
  initialMessages,
}: I18nProviderProps) {
  const [lang] = useAtom(langAtom);
  const [loaded, setLoaded] = useState<ScopeMessages | null>(initialMessages ?? null);
  const [failed, setFailed] = useState(false);
  const previousLang = useRef(lang);
  const shown = useRef(initialMessages !== undefined);
  // The first language came with the render: nothing to load for it.
  const given = useRef(initialMessages?.lang === lang);

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return undefined;
    }
    let current = true;
    loadLanguage(lang, loadMessages, shown.current).then(
      (result) => {
        if (!current) return;
        shown.current = true;
        setLoaded(result);
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

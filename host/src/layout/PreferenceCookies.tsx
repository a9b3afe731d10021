import { useEffect, useRef } from 'react';
import {
  browserLanguages,
  currentThemeAtom,
  langAtom,
  LANG_STORAGE_KEY,
  matchesMedia,
  PREFERS_DARK_QUERY,
  readStorage,
  resolveInitialLang,
  resolveInitialTheme,
  THEME_STORAGE_KEY,
  useAtom,
} from '@prds/shared';
import { LANG_COOKIE, preferenceCookie, THEME_COOKIE } from '../server/preferenceCookies';

/**
 * Keeps the language and theme cookies (server/preferenceCookies.ts) saying what the page shows, so
 * the next server render is in them. A page that hydrated server HTML was rendered in the server's
 * choice; when this browser's own (its storage, its system theme) differs, it switches once after
 * hydration, as a choice made on the page would.
 */
export function PreferenceCookies() {
  const [lang, setLang] = useAtom(langAtom);
  const [theme, setTheme] = useAtom(currentThemeAtom);
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const ownLang = resolveInitialLang(readStorage(LANG_STORAGE_KEY), browserLanguages());
    const ownTheme = resolveInitialTheme(readStorage(THEME_STORAGE_KEY), matchesMedia(PREFERS_DARK_QUERY));
    if (ownLang !== lang) setLang(ownLang);
    if (ownTheme !== theme) setTheme(ownTheme);
  }, [lang, theme, setLang, setTheme]);

  useEffect(() => {
    const secure = window.location.protocol === 'https:';
    document.cookie = preferenceCookie(LANG_COOKIE, lang, secure);
    document.cookie = preferenceCookie(THEME_COOKIE, theme, secure);
  }, [lang, theme]);

  return null;
}

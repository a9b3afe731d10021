import { useEffect } from 'react';
import { langAtom } from '@prds/shared/i18n';
import { useAtomValue } from '@prds/shared/state';
import { currentThemeAtom } from '@prds/shared/theme';
import { LANG_COOKIE, preferenceCookie, THEME_COOKIE } from '../server/preferenceCookies';

/**
 * Keeps the language and theme cookies (server/preferenceCookies.ts) saying what the page shows, so
 * the next server render is in them (a page whose server render was in another language or theme
 * renders from scratch instead of hydrating it: bootstrap.tsx).
 */
export function PreferenceCookies() {
  const lang = useAtomValue(langAtom);
  const theme = useAtomValue(currentThemeAtom);

  useEffect(() => {
    const secure = window.location.protocol === 'https:';
    document.cookie = preferenceCookie(LANG_COOKIE, lang, secure);
    document.cookie = preferenceCookie(THEME_COOKIE, theme, secure);
  }, [lang, theme]);

  return null;
}

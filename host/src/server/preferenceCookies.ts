/**
 * The visitor's language and theme as first-party cookies, so the web server renders the first
 * screen in them (issue 26): `prds_lang` (a language code) and `prds_theme` (`day` or `night`), what
 * the page shows, written by the page whenever either changes (layout/PreferenceCookies.tsx). Without
 * them the server takes the language from Accept-Language and the theme from the
 * Sec-CH-Prefers-Color-Scheme client hint, and day when the browser sends none.
 *
 * Not HttpOnly (the page writes them), SameSite=Lax, Path=/, 400 days.
 *
 * No imports: the server loads this file with the workspace's swc, outside the page's build.
 */
export const LANG_COOKIE = 'prds_lang';
export const THEME_COOKIE = 'prds_theme';
const MAX_AGE_S = 400 * 24 * 60 * 60;

/** A cookie's value in a Cookie header, or null. */
export function cookieOf(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** The `document.cookie` assignment that remembers `value` under `name`. */
export function preferenceCookie(name: typeof LANG_COOKIE | typeof THEME_COOKIE, value: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The theme the server renders: the page's cookie, else the browser's color-scheme hint
 * (`Sec-CH-Prefers-Color-Scheme: dark`), else day.
 */
export function serverTheme(cookieHeader: string | undefined, colorSchemeHint: string | undefined): 'day' | 'night' {
  const cookie = cookieOf(cookieHeader, THEME_COOKIE);
  if (cookie === 'day' || cookie === 'night') return cookie;
  return /^"?dark"?$/i.test(colorSchemeHint?.trim() ?? '') ? 'night' : 'day';
}

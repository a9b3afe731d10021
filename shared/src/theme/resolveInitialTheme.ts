import { isThemeMode, type ThemeMode } from './tokens';

export const THEME_STORAGE_KEY = 'prds.theme';
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/** Spec §1: the stored choice wins; otherwise the system's dark preference decides. */
export function resolveInitialTheme(stored: string | null, prefersDark: boolean): ThemeMode {
  if (isThemeMode(stored)) return stored;
  return prefersDark ? 'night' : 'day';
}

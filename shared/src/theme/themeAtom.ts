import { matchesMedia, readStorage } from '@prds/shared/chains';
import { atomWithLazyDefault } from '@prds/shared/state';
import { PREFERS_DARK_QUERY, THEME_STORAGE_KEY, resolveInitialTheme } from './resolveInitialTheme';
import type { ThemeMode } from './tokens';

// Read from the browser when a store first needs it, so the first render already has the right
// theme (no flash of the wrong one).
export const currentThemeAtom = atomWithLazyDefault<ThemeMode>(() =>
  resolveInitialTheme(readStorage(THEME_STORAGE_KEY), matchesMedia(PREFERS_DARK_QUERY)),
);

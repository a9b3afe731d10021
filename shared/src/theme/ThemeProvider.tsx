import { useCallback, useLayoutEffect, useEffect, type ReactNode } from 'react';
import { ThemeProvider as EmotionThemeProvider } from '@emotion/react';
import { useAtom } from 'jotai';
import { readStorage, writeStorage } from '@prds/shared/chains';
import { currentThemeAtom } from './themeAtom';
import { GlobalStyles } from './GlobalStyles';
import { PREFERS_DARK_QUERY, THEME_STORAGE_KEY } from './resolveInitialTheme';
import { THEMES, type ThemeMode } from './tokens';

export interface ThemeModeControls {
  readonly mode: ThemeMode;
  readonly toggle: () => void;
  readonly setMode: (mode: ThemeMode) => void;
}

/** Reading and changing the theme; a choice made here is remembered across visits. */
export function useThemeMode(): ThemeModeControls {
  const [mode, setAtom] = useAtom(currentThemeAtom);
  const setMode = useCallback(
    (next: ThemeMode) => {
      writeStorage(THEME_STORAGE_KEY, next);
      setAtom(next);
    },
    [setAtom],
  );
  const toggle = useCallback(() => setMode(mode === 'day' ? 'night' : 'day'), [mode, setMode]);
  return { mode, toggle, setMode };
}

/** Provides the emotion theme and global styles, and marks `<html data-theme>`. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useAtom(currentThemeAtom);

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  // With no stored choice the page follows the system setting, also when it changes later.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(PREFERS_DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (readStorage(THEME_STORAGE_KEY) === null) setMode(event.matches ? 'night' : 'day');
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [setMode]);

  return (
    <EmotionThemeProvider theme={THEMES[mode]}>
      <GlobalStyles />
      {children}
    </EmotionThemeProvider>
  );
}

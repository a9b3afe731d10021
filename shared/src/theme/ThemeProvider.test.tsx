/**
 * @jest-environment jsdom
 */
import { act, render } from '@testing-library/react';
import { useTheme } from '@emotion/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { currentThemeAtom } from './themeAtom';
import { ThemeProvider, useThemeMode, type ThemeModeControls } from './ThemeProvider';
import { dayTheme, nightTheme } from './tokens';

type Listener = (event: MediaQueryListEvent) => void;

/** jsdom has no matchMedia; this one reports a settable dark preference and notifies listeners. */
function installMatchMedia(prefersDark: boolean) {
  const listeners = new Set<Listener>();
  let dark = prefersDark;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? dark : false;
      },
      media: query,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
}

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

function renderApp(stored: string | null, prefersDark: boolean) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem('prds.theme', stored);
  const media = installMatchMedia(prefersDark);
  // A fresh store reads storage and the media query as they are now.
  const store = createStore();
  const seen: { controls?: ThemeModeControls; bg?: string } = {};
  function Probe() {
    seen.controls = useThemeMode();
    seen.bg = useTheme().colors.bg;
    return <button onClick={seen.controls.toggle}>toggle</button>;
  }
  const view = render(
    <StoreProvider store={store}>
      <ThemeProvider>
        <Probe />
      </ThemeProvider>
    </StoreProvider>,
  );
  return { media, store, view, seen };
}

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeProvider', () => {
  it.each([
    [null, false, 'day'],
    [null, true, 'night'],
    ['day', true, 'day'],
    ['night', false, 'night'],
  ] as const)('stored %p with prefers-dark %p starts in %s', (stored, prefersDark, mode) => {
    const app = renderApp(stored, prefersDark);
    expect(document.documentElement.dataset.theme).toBe(mode);
    expect(app.store.get(currentThemeAtom)).toBe(mode);
    expect(app.seen.controls?.mode).toBe(mode);
    expect(app.seen.bg).toBe((mode === 'night' ? nightTheme : dayTheme).colors.bg);
    app.view.unmount();
  });

  it('applies the tokens as body background and text colour', () => {
    const app = renderApp('night', false);
    const body = getComputedStyle(document.body);
    expect(body.backgroundColor).toBe(hexToRgb(nightTheme.colors.bg));
    expect(body.color).toBe(hexToRgb(nightTheme.colors.text));
    app.view.unmount();
  });

  it('toggling switches the theme, stores the choice and stops following the system', () => {
    const app = renderApp(null, false);
    act(() => app.view.getByRole('button').click());
    expect(document.documentElement.dataset.theme).toBe('night');
    expect(localStorage.getItem('prds.theme')).toBe('night');
    act(() => app.media.setDark(false));
    expect(document.documentElement.dataset.theme).toBe('night');
    act(() => app.seen.controls?.setMode('day'));
    expect(document.documentElement.dataset.theme).toBe('day');
    expect(localStorage.getItem('prds.theme')).toBe('day');
    app.view.unmount();
  });

  it('follows a system change while nothing is stored', () => {
    const app = renderApp(null, false);
    act(() => app.media.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('night');
    act(() => app.media.setDark(false));
    expect(document.documentElement.dataset.theme).toBe('day');
    expect(localStorage.getItem('prds.theme')).toBeNull();
    app.view.unmount();
  });
});

// Test helpers for the remotes' suites (`@prds/shared/testing`); never imported by product code.
import { act, fireEvent, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../src/providers/AppProviders';
import { createStore, type PrdsStore } from '../src/state/store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderRemoteOptions {
  /** 'host' mounts the App as the host does: at the root, under its own `*` route. */
  readonly mount?: 'root' | 'host';
  readonly store?: PrdsStore;
  /** Adds `<output data-testid="location">` with the current path and search. */
  readonly withLocation?: boolean;
}

/** Renders a remote's `./App` at `path` inside the providers and router the host gives it. */
export function renderRemoteAt(App: ComponentType, path: string, options: RenderRemoteOptions = {}) {
  const { mount = 'root', store = createStore(), withLocation = false } = options;
  return render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        {mount === 'root' ? (
          <App />
        ) : (
          <Routes>
            <Route path="/" element={null} />
            <Route path="*" element={<App />} />
          </Routes>
        )}
        {withLocation && <LocationProbe />}
      </MemoryRouter>
    </AppProviders>,
  );
}

export interface DateTimeParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0–23, whatever clock the page's language shows. */
  readonly hour: number;
  readonly minute: number;
}

/**
 * Types a moment into a `DateTimeField` (found by its test id, once its picker has loaded) the way a
 * user does, segment by segment, in whatever order and clock the page's language shows them.
 */
export function fillDateTime(field: HTMLElement, parts: DateTimeParts): void {
  const segment = (type: string) => field.querySelector<HTMLElement>(`[data-type="${type}"]`);
  const typeInto = (element: HTMLElement, text: string) => {
    act(() => element.focus());
    for (const data of text) {
      act(() => {
        element.dispatchEvent(new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }));
      });
    }
  };
  const twelveHour = segment('dayPeriod') !== null;
  const values: Record<string, string> = {
    year: String(parts.year),
    month: String(parts.month).padStart(2, '0'),
    day: String(parts.day).padStart(2, '0'),
    hour: String(twelveHour ? parts.hour % 12 || 12 : parts.hour).padStart(2, '0'),
    minute: String(parts.minute).padStart(2, '0'),
  };
  for (const [type, text] of Object.entries(values)) {
    const element = segment(type);
    if (element === null) throw new Error(`the date-time field has no ${type} segment`);
    typeInto(element, text);
  }
  const period = segment('dayPeriod');
  // The day period's value is 0 (before noon) or 12: step it when it is the other one.
  if (period !== null && Number(period.getAttribute('aria-valuenow')) !== (parts.hour >= 12 ? 12 : 0)) {
    act(() => period.focus());
    fireEvent.keyDown(period, { key: 'ArrowUp' });
  }
  act(() => (document.activeElement as HTMLElement | null)?.blur());
}

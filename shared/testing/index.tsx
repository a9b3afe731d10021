// Test helpers for the remotes' suites (`@prds/shared/testing`); never imported by product code.
import { render } from '@testing-library/react';
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

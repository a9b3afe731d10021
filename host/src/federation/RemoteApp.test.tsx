import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@prds/shared/providers';
import { type RemoteName } from '@prds/shared/routes';
import { createStore } from '@prds/shared/state';
import { RemoteApp } from './RemoteApp';
import type { RemoteLoadResult } from './remoteLoader';
import { RemoteLoaderContext, type RemoteLoaderApi } from './RemoteLoaderContext';

/** A loader that answers each load with the next scripted result and records what it was told. */
class ScriptedLoader implements RemoteLoaderApi {
  readonly loads: RemoteName[] = [];
  readonly invalidated: RemoteName[] = [];
  readonly renderFailures: string[] = [];
  constructor(
    private readonly results: RemoteLoadResult[],
    /** What renderFailed answers: whether another version is there to load at once. */
    private readonly alternative = false,
  ) {}

  async load(remote: RemoteName): Promise<RemoteLoadResult> {
    this.loads.push(remote);
    const next = this.results.shift();
    if (!next) throw new Error('no scripted result left');
    return next;
  }

  invalidate(remote: RemoteName): void {
    this.invalidated.push(remote);
  }

  renderFailed(remote: RemoteName, version: string): boolean {
    this.renderFailures.push(`${remote}@${version}`);
    return this.alternative;
  }
}

function renderWith(loader: RemoteLoaderApi, children: ReactNode) {
  return render(
    <AppProviders store={createStore()}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter>{children}</MemoryRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>,
  );
}

const Market = () => <h1>Market list from the remote</h1>;

describe('RemoteApp', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('renders a load that has already ended in its first pass (server HTML being hydrated), with no loading state', async () => {
    const ready: RemoteLoadResult = { status: 'ready', Component: Market, version: '1.0.0' };
    const loads: RemoteName[] = [];
    const peeking: RemoteLoaderApi = {
      // The effect's own load never answers here: what is on screen comes from peek alone.
      load: (remote) => {
        loads.push(remote);
        return new Promise(() => undefined);
      },
      invalidate: () => undefined,
      renderFailed: () => false,
      peek: (remote) => (remote === 'mfe_market' ? ready : null),
    };
    renderWith(peeking, <RemoteApp remote="mfe_market" />);
    expect(await screen.findByRole('heading', { name: 'Market list from the remote' })).toBeTruthy();
    expect(screen.queryByTestId('remote-loading')).toBeNull();
    expect(loads).toEqual(['mfe_market']);
  });

  it('shows a localized fallback when the remote cannot be loaded, and recovers on retry', async () => {
    const loader = new ScriptedLoader([
      { status: 'failed', reason: 'load', error: new Error('down') },
      { status: 'failed', reason: 'load', error: new Error('still down') },
      { status: 'ready', Component: Market, version: '1.0.0' },
    ]);
    renderWith(loader, <RemoteApp remote="mfe_market" />);

    expect((await screen.findByTestId('remote-fallback')).textContent).toContain('This section could not be loaded');
    expect(screen.getByTestId('remote-retry').textContent).toBe('Retry');
    fireEvent.click(screen.getByTestId('remote-retry'));
    await waitFor(() => expect(loader.loads).toEqual(['mfe_market', 'mfe_market']));
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();

    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByRole('heading', { name: 'Market list from the remote' })).toBeTruthy();
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(loader.loads).toHaveLength(3);
  });

  it('contains a remote that throws while rendering and reloads it from scratch on retry', async () => {
    const Broken = () => {
      throw new Error('render bug');
    };
    const loader = new ScriptedLoader([
      { status: 'ready', Component: Broken, version: '1.0.0' },
      { status: 'ready', Component: Market, version: '1.0.0' },
    ]);
    renderWith(
      loader,
      <>
        <p>Shell content</p>
        <RemoteApp remote="mfe_market" />
      </>,
    );

    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(screen.getByText('Shell content')).toBeTruthy();
    expect(loader.invalidated).toEqual([]);

    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByRole('heading', { name: 'Market list from the remote' })).toBeTruthy();
    expect(loader.invalidated).toEqual(['mfe_market']);
    expect(loader.loads).toEqual(['mfe_market', 'mfe_market']);
    expect(loader.renderFailures).toEqual(['mfe_market@1.0.0']);
  });

  it('loads the next version at once when the one that crashed has a fallback (a crashing canary)', async () => {
    const Broken = () => {
      throw new Error('canary render bug');
    };
    const loader = new ScriptedLoader(
      [
        { status: 'ready', Component: Broken, version: '2.0.0' },
        { status: 'ready', Component: Market, version: '1.0.0' },
      ],
      true,
    );
    renderWith(loader, <RemoteApp remote="mfe_market" />);

    expect(await screen.findByRole('heading', { name: 'Market list from the remote' })).toBeTruthy();
    expect(loader.renderFailures).toEqual(['mfe_market@2.0.0']);
    expect(loader.loads).toEqual(['mfe_market', 'mfe_market']);
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
  });
});

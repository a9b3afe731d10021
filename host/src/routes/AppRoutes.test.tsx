import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@prds/shared/providers';
import { type RemoteName } from '@prds/shared/routes';
import { createStore } from '@prds/shared/state';
import type { RemoteLoadResult } from '../federation/remoteLoader';
import { RemoteLoaderContext, type RemoteLoaderApi } from '../federation/RemoteLoaderContext';
import { AppRoutes } from './AppRoutes';

/** Every remote "loads" as a component that names the remote and the path it was given. */
class EchoLoader implements RemoteLoaderApi {
  readonly loads: RemoteName[] = [];
  async load(remote: RemoteName): Promise<RemoteLoadResult> {
    this.loads.push(remote);
    const Component = () => {
      const { pathname } = useLocation();
      return <h1>{`${remote} at ${pathname}`}</h1>;
    };
    return { status: 'ready', Component, version: '1.0.0' };
  }
  invalidate(): void {}
  renderFailed(): boolean {
    return false;
  }
}

function renderAt(path: string) {
  const loader = new EchoLoader();
  render(
    <AppProviders store={createStore()}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>,
  );
  return loader;
}

describe('AppRoutes', () => {
  it('renders the home page at /', async () => {
    renderAt('/');
    expect(await screen.findByTestId('page-home')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each([
    ['/market', 'mfe_market'],
    ['/detail/9', 'mfe_market'],
    ['/claim', 'mfe_claim'],
    ['/portfolio', 'mfe_portfolio'],
    ['/bridge', 'mfe_portfolio'],
    ['/deposit', 'mfe_portfolio'],
    ['/issue', 'mfe_issue'],
    ['/nft', 'mfe_license'],
    ['/nft/packet', 'mfe_license'],
  ])('mounts %s on %s with the full path', async (path, remote) => {
    const loader = renderAt(path);
    expect(await screen.findByRole('heading', { name: `${remote} at ${path}` })).toBeTruthy();
    expect(loader.loads).toEqual([remote]);
  });

  it('redirects /license to /nft', async () => {
    renderAt('/license');
    expect(await screen.findByRole('heading', { name: 'mfe_license at /nft' })).toBeTruthy();
  });

  it('answers an unknown path with the not-found page', async () => {
    const loader = renderAt('/no/such/page');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(loader.loads).toEqual([]);
  });
});

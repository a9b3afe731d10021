import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { loadShellMessages, type ScopeMessages } from '@prds/shared/i18n';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import type { DevOverrideState } from '../federation/devOverride';
import { RemoteLoaderContext, type RemoteLoaderApi } from '../federation/RemoteLoaderContext';
import { Layout } from './Layout';
import { RemoteDevBadge } from './RemoteDevBadge';

const CLAIM = { remote: 'mfe_claim', url: 'http://127.0.0.1:3105/mf-manifest.json', origin: 'http://127.0.0.1:3105' } as const;

function loaderWith(state: DevOverrideState | null, cleared: string[] = []): RemoteLoaderApi {
  return {
    load: async () => ({ status: 'failed', reason: 'not-configured' }),
    invalidate: () => undefined,
    renderFailed: () => false,
    ...(state === null
      ? {}
      : {
          devOverrides: () => state,
          clearDevOverrides: () => void cleared.push('cleared'),
        }),
  };
}

function Page({ loader, messages, children }: { loader: RemoteLoaderApi; messages?: ScopeMessages; children: ReactNode }) {
  return (
    <AppProviders store={createStore()} queryClient={new QueryClient()} initialMessages={messages}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter>{children}</MemoryRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('RemoteDevBadge', () => {
  it('shows nothing without an override, nor with a loader that has none (the server render)', async () => {
    render(
      <Page loader={loaderWith(null)}>
        <RemoteDevBadge />
        <p>page</p>
      </Page>,
    );
    await screen.findByText('page');
    expect(screen.queryByTestId('remote-dev-badge')).toBeNull();
  });

  it('names each remote and its origin, says why a value was refused, and its button goes back to the releases', async () => {
    window.history.replaceState(null, '', `/claim?tab=x&remote-dev=mfe_claim@${CLAIM.url}&remote-dev=nope`);
    const cleared: string[] = [];
    const leave = jest.fn();
    render(
      <Page loader={loaderWith({ active: [CLAIM], refused: [{ value: 'nope', reason: 'missing-at' }] }, cleared)}>
        <RemoteDevBadge leave={leave} />
      </Page>,
    );
    const badge = await screen.findByTestId('remote-dev-badge');
    expect(badge.getAttribute('role')).toBe('status');
    expect(screen.getByTestId('remote-dev-active').textContent).toBe('mfe_claim from http://127.0.0.1:3105 · development server');
    expect(screen.getByTestId('remote-dev-refused').textContent).toBe(
      'Ignored remote-dev=nope: write it as container@URL, e.g. mfe_market@http://127.0.0.1:3001/mf-manifest.json',
    );
    const clear = screen.getByRole('button', { name: 'Back to released versions' });
    expect(clear).toBe(screen.getByTestId('remote-dev-clear'));
    expect(clear.getAttribute('type')).toBe('button');
    fireEvent.click(clear);
    expect(cleared).toEqual(['cleared']);
    expect(leave).toHaveBeenCalledWith('http://localhost/claim?tab=x');
  });

  it('sits in the layout of every page, under the header and above the content', async () => {
    render(
      <Page loader={loaderWith({ active: [CLAIM], refused: [] })}>
        <Layout>
          <main data-testid="page" />
        </Layout>
      </Page>,
    );
    const badge = await screen.findByTestId('remote-dev-badge');
    expect(badge.compareDocumentPosition(screen.getByTestId('page')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(badge.compareDocumentPosition(screen.getByTestId('site-footer')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('hydrates server HTML made without it, then shows itself (an override of another remote than the route’s)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const messages = await loadShellMessages('en');
    const html = renderToString(
      <Page loader={loaderWith(null)} messages={messages}>
        <RemoteDevBadge />
        <p>page</p>
      </Page>,
    );
    expect(html).toContain('<p>page</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <Page loader={loaderWith({ active: [CLAIM], refused: [] })} messages={messages}>
          <RemoteDevBadge />
          <p>page</p>
        </Page>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(await screen.findByTestId('remote-dev-badge')).toBeTruthy();
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
    errors.mockRestore();
  });
});

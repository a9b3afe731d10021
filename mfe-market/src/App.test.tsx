import { fireEvent, screen } from '@testing-library/react';
import { SHARED_INSTANCE_ID } from '@prds/shared/federation';
import { renderRemoteAt } from '@prds/shared/testing';
import App from './App';

function renderAt(path: string, mount: 'root' | 'host' = 'root') {
  return renderRemoteAt(App, path, { mount, withLocation: true });
}

describe('market App routes', () => {
  it.each([
    ['/market', 'page-market-list'],
    ['/market/', 'page-market-list'],
    ['/market?sort=newest', 'page-market-list'],
    ['/detail/42', 'page-detail'],
  ])('renders %s as %s with one h1', async (path, testId) => {
    renderAt(path);
    const page = await screen.findByTestId(testId);
    expect(page.querySelectorAll('h1')).toHaveLength(1);
  });

  it.each([
    ['/market', 'page-market-list'],
    ['/detail/7', 'page-detail'],
  ])('matches the full path %s when the host mounts it under its * route', async (path, testId) => {
    renderAt(path, 'host');
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it('shows the shared not-found page for a path under its prefix that it has no page for', async () => {
    renderAt('/market/xyz', 'host');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(screen.queryByTestId('page-market-list')).toBeNull();
    expect(screen.queryByTestId('page-detail')).toBeNull();
  });

  it('renders the hidden shared probe with the shared instance, theme and language', async () => {
    renderAt('/market');
    const probe = await screen.findByTestId('shared-probe');
    expect(probe.hidden).toBe(true);
    expect(probe.dataset.remote).toBe('mfe_market');
    expect(probe.dataset.sharedInstance).toBe(SHARED_INSTANCE_ID);
    expect(probe.dataset.lang).toBe('en');
    expect(['day', 'night']).toContain(probe.dataset.theme);
  });
});

describe('market list', () => {
  it('shows the search box, filters, the All tab and the loading list in English', async () => {
    renderAt('/market');
    const search = await screen.findByTestId('market-search');
    expect(search.getAttribute('placeholder')).toBe('Please enter search content');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Markets');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    const sortValues = Array.from(screen.getByTestId<HTMLSelectElement>('market-sort').options).map((o) => o.value);
    expect(sortValues).toEqual(['volume', 'newest']);
    // The markets come from the api (MarketListPage.test.tsx answers them from a real server); here the
    // page shows their loading shape first.
    expect(screen.getByTestId('market-list-skeleton').getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the filters in the URL', async () => {
    renderAt('/market');
    fireEvent.change(await screen.findByTestId('market-sort'), { target: { value: 'newest' } });
    fireEvent.change(screen.getByTestId('market-category'), { target: { value: 'crypto' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Finished' }));
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'rain' } });
    expect(screen.getByTestId('location').textContent).toBe('/market?sort=newest&category=crypto&status=finished&q=rain');
    expect(screen.getByRole('tab', { name: 'Finished' }).getAttribute('aria-selected')).toBe('true');
  });

  it('restores the filters from the URL', async () => {
    renderAt('/market?q=eth&category=finance&sort=newest&status=challenging');
    expect((await screen.findByTestId<HTMLInputElement>('market-search')).value).toBe('eth');
    expect(screen.getByTestId<HTMLSelectElement>('market-category').value).toBe('finance');
    expect(screen.getByTestId<HTMLSelectElement>('market-sort').value).toBe('newest');
    expect(screen.getByRole('tab', { name: 'Challenging' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('market detail', () => {
  it('names the market id while its data loads', async () => {
    renderAt('/detail/9');
    const page = await screen.findByTestId('page-detail');
    expect(page.dataset.marketId).toBe('9');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Market #9');
  });

  it('shows the shared not-found page for an id that cannot be a market, with a way back to the markets', async () => {
    renderAt('/detail/abc-9', 'host');
    const page = await screen.findByTestId('page-not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Market not found');
    expect(page.querySelector('a[href="/market"]')?.textContent).toBe('Back to markets');
    expect(screen.queryByTestId('page-detail')).toBeNull();
  });
});

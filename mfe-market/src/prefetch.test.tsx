/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient, type HttpClient } from '@prds/shared/http';
import { marketQueryKeys } from '@prds/shared/markets';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { MarketListPage } from './pages/list/MarketListPage';
import prefetchRoute from './prefetch';
import { marketCard, NOW } from './testing/marketCard';

let server: http.Server;
let client: HttpClient;
let seen: Array<{ path: string; body: Record<string, unknown> }>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url === '/api/markets') {
        const list = [marketCard(7), marketCard(8)].filter((m) => !body.search || m.event.includes(String(body.search)));
        res.end(
          JSON.stringify({
            code: 0,
            msg: 'success',
            data: { list, total: list.length, page: body.page, pageSize: body.pageSize },
            extra: {
              totals: { all: list.length, open: list.length, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 0 },
              now: NOW,
            },
          }),
        );
      } else {
        res.end(JSON.stringify({ code: 40402, msg: 'api.error.marketNotFound', data: null }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createHttpClient({
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reload: () => undefined,
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  window.localStorage.clear();
  // jsdom cannot scroll; the list's virtualizer scrolls the window as it measures its rows.
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
});

describe('the market remote route prefetch', () => {
  it("asks for /market's first page before the page renders, and the page shows it without asking again", async () => {
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
    await prefetchRoute({ pathname: '/market', search: '?q=market%207&status=open' }, { client, cache });
    expect(seen).toEqual([
      {
        path: '/api/markets',
        body: { search: 'market 7', category: 'all', status: 'open', sort: 'volume', page: 1, pageSize: 50 },
      },
    ]);

    render(
      <AppProviders store={createStore()} queryClient={cache}>
        <MemoryRouter initialEntries={['/market?q=market%207&status=open']}>
          <Routes>
            <Route path="/market" element={<MarketListPage client={client} />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByTestId('market-row-7')).toBeTruthy();
    expect(screen.queryByTestId('market-row-8')).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('asks for a market detail with no account when no wallet will reconnect, and nothing for what cannot be a market', async () => {
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchRoute({ pathname: '/detail/7', search: '' }, { client, cache });
    expect(seen.map((s) => [s.path, s.body])).toEqual([['/api/market/detail', { id: '7' }]]);
    expect(cache.getQueryState(marketQueryKeys.detail('7', null))?.status).toBe('error');

    seen = [];
    await prefetchRoute({ pathname: '/detail/abc', search: '' }, { client, cache });
    window.localStorage.setItem('prds.wallet', JSON.stringify({ kind: 'injected' }));
    await prefetchRoute({ pathname: '/detail/8', search: '' }, { client, cache });
    await prefetchRoute({ pathname: '/portfolio', search: '' }, { client, cache });
    expect(seen).toEqual([]);
  });
});

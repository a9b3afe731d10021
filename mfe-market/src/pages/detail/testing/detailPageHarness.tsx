// The detail page's tests' api: fixtures of an open market, a real local http server answering them
// (serveDetailApi), and the page rendered against it (renderPage).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient, type FundItem, type HttpClient } from '@prds/shared/http';
import { type MarketDetail } from '@prds/shared/markets';
import { AppProviders } from '@prds/shared/providers';
import { accountAtom, chainIdAtom, createStore, desireChainIdAtom, type PrdsStore } from '@prds/shared/state';
import { type Address } from '@prds/shared/wallet';
import { seedUserInfo } from '@prds/shared/testing';
import { BUYER, E, ISSUER, NOW, marketFixture } from '../detailFixture';
import { MarketDetailPage } from '../MarketDetailPage';

export type Body = Record<string, unknown>;
export type Handler = (path: string, body: Body, res: http.ServerResponse) => void;

let server: http.Server;
let client: HttpClient;
let base: string;
const realFetch = globalThis.fetch;

/** What the file's server answers with now, and every request it saw in this test. */
export const detailApi: { handler: Handler; seen: { path: string; body: Body }[] } = { handler: () => undefined, seen: [] };

export function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

export const ok = (res: http.ServerResponse, data: unknown, extra: unknown = null) =>
  json(res, 200, { code: 0, msg: 'success', data, extra });

/** An open market: trading for 5 more hours, 60/40 on Yes/No. */
export function market(overrides: Partial<MarketDetail> = {}): MarketDetail {
  return marketFixture({
    event: 'Will BTC close above 100k?',
    category: 'crypto',
    options: [
      {
        index: 0,
        label: 'Yes',
        optionKey: '0x01',
        stake: (60n * E).toString(),
        odds: '1.666666',
        probability: '0.6',
        payoutMultiplier: '1.633333',
      },
      {
        index: 1,
        label: 'No',
        optionKey: '0x02',
        stake: (40n * E).toString(),
        odds: '2.5',
        probability: '0.4',
        payoutMultiplier: '2.45',
      },
    ],
    volume: (12345n * E).toString(),
    createdAt: NOW - 86_400,
    lastTradingTime: NOW + 5 * 3600,
    expirationTime: NOW + 48 * 3600,
    state: 'Open',
    label: { key: 'guaranteeing', option: null },
    description: 'Resolves on the daily close.',
    resolutionSource: 'https://www.coingecko.com/en/coins/bitcoin',
    url: 'javascript:alert(1)',
    margin: (10n * E).toString(),
    capacity: (200n * E).toString(),
    remainingCapacity: (98n * E).toString(),
    ...overrides,
  });
}

export const issuerRecord = {
  account: ISSUER,
  issued: 12,
  running: 3,
  finished: 8,
  cancelled: 1,
  void: 0,
  invalid: 0,
  challenged: 2,
  overturned: 1,
  bondsSlashed: 1,
  volume: '0',
  issuerFees: '0',
};

export function detail(marketOverrides: Record<string, unknown> = {}, positions: unknown = null) {
  return { market: market(marketOverrides), positions, challenges: [], vote: null, issuerRecord };
}

export function trade(n: number) {
  return {
    txHash: '0x' + n.toString(16).padStart(64, '0'),
    logIndex: 0,
    marketId: '7',
    account: BUYER,
    option: n % 2,
    optionLabel: null,
    amount: (BigInt(n) * E).toString(),
    stake: '0',
    fee: '0',
    referrer: null,
    optionStake: '0',
    pool: '0',
    odds: '2.5',
    payoutMultiplier: '2.45',
    time: NOW - n * 60,
    blockNumber: n,
  };
}

export const history = {
  id: '7',
  options: ['Yes', 'No'],
  total: 2,
  points: [
    { time: NOW - 600, blockNumber: 1, pool: '0', stakes: [], odds: [], probabilities: ['0.5', '0.5'] },
    { time: NOW - 60, blockNumber: 2, pool: '0', stakes: [], odds: [], probabilities: ['0.6', '0.4'] },
  ],
};

export function answer(detailData: unknown = detail()): Handler {
  return (path, body, res) => {
    if (path === '/api/market/detail') return ok(res, detailData, { now: NOW });
    if (path === '/api/market/history') return ok(res, history);
    if (path === '/api/market/trades') {
      const page = Number(body.page);
      const list = page === 1 ? Array.from({ length: 20 }, (_, i) => trade(i + 1)) : [trade(21), trade(22)];
      return ok(res, { list, total: 22, page, pageSize: 20 });
    }
    json(res, 404, { code: 40401, msg: 'api.error.routeNotFound', data: null });
  };
}

export function connectedStore(account: Address = BUYER): PrdsStore {
  const store = createStore();
  store.set(accountAtom, account);
  store.set(chainIdAtom, store.get(desireChainIdAtom));
  return store;
}

/** `funds`: the connected account's `/api/user/info` fund list, as the api answered it. */
export function renderPage({
  path = '/detail/7',
  store = createStore(),
  funds = [],
}: { path?: string; store?: PrdsStore; funds?: readonly FundItem[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const account = store.get(accountAtom);
  if (account !== null) seedUserInfo(queryClient, { account, chainId: store.get(desireChainIdAtom), fundData: funds });
  render(
    <AppProviders store={store} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/detail/:id" element={<MarketDetailPage client={client} />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, queryClient };
}

export const detailCalls = () => detailApi.seen.filter((s) => s.path === '/api/market/detail');

/**
 * A real http server as the api for the file's tests: started before them, each test starting with
 * the open market's answers (`detailApi.handler`) and no request seen (`detailApi.seen`).
 */
export function serveDetailApi(): void {
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as Body;
        detailApi.seen.push({ path: req.url ?? '', body });
        detailApi.handler(req.url ?? '', body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = createHttpClient({ baseURL: base, reload: () => undefined });
    // Only this test's server answers: the shared user-info refresh (configured api) must not reach a
    // real api that may be running on this machine.
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).startsWith(base)
        ? realFetch(input, init)
        : Promise.reject(new TypeError('offline'));
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    detailApi.seen = [];
    detailApi.handler = answer();
  });
}

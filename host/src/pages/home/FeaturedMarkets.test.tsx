/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient, type HttpClient } from '@prds/shared/http';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { FeaturedMarkets } from './FeaturedMarkets';

type Body = { page?: number; pageSize?: number; sort?: string; status?: string };
type Handler = (body: Body, res: http.ServerResponse) => void;

let server: http.Server;
let client: HttpClient;
let handler: Handler;
let seen: Body[];

const NOW = 1_800_000_000;

function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function market(id: string, event: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    event,
    category: 'crypto',
    options: [
      // The payout multiplier is the odds net of the 2% fee.
      { index: 0, label: 'Yes', odds: '1.5', probability: '0.666666', payoutMultiplier: '1.47', stake: '2000000000000000000' },
      { index: 1, label: 'No', odds: '3', probability: '0.333333', payoutMultiplier: '2.94', stake: '1000000000000000000' },
    ],
    volume: '12345600000000000000000',
    lastTradingTime: NOW + 5 * 3600,
    expirationTime: NOW + 48 * 3600,
    state: 'Open',
    label: { key: 'guaranteeing', option: null },
    ...overrides,
  };
}

/** What the api answers for a shelf's body. */
function listFor(body: Body) {
  if (body.sort === 'volume') return [market('7', 'Will BTC close above 100k?'), market('8', 'Will ETH flip BTC?')];
  if (body.status === 'closingSoon') return [market('9', 'Rain in Paris tomorrow?')];
  return [
    market('10', 'Who wins the cup?', {
      options: [
        { index: 0, label: 'Team A', probability: '0.2', odds: '5', payoutMultiplier: '4.9', stake: '1' },
        { index: 1, label: 'Team B', probability: '0.5', odds: '2', payoutMultiplier: '1.96', stake: '1' },
        { index: 2, label: 'Team C', probability: '0.3', odds: '3', payoutMultiplier: '2.94', stake: '1' },
      ],
      lastTradingTime: NOW - 3600,
      state: 'Confirmed',
      label: { key: 'confirmedOption', option: 1 },
    }),
  ];
}

function answerMarkets(list: (body: Body) => unknown[]): Handler {
  return (body, res) =>
    json(res, 200, {
      code: 0,
      msg: 'success',
      data: { list: list(body), total: list(body).length, page: 1, pageSize: 3 },
      extra: { totals: {}, now: NOW },
    });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.url !== '/api/markets' || req.method !== 'POST')
        return json(res, 404, { code: 40401, msg: 'api.error.routeNotFound' });
      const body = JSON.parse(raw || '{}') as Body;
      seen.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createHttpClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reload: () => undefined });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = answerMarkets(listFor);
});

function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders store={createStore()} queryClient={queryClient}>
      <MemoryRouter>
        <FeaturedMarkets client={client} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('FeaturedMarkets against a real /api/markets', () => {
  it('asks each shelf for 3 markets and renders them as links with state, odds, volume and time', async () => {
    renderHome();
    // The section is there before any answer: the home never waits on the api.
    expect(await screen.findByTestId('home-featured')).toBeTruthy();

    const card = await screen.findByTestId('featured-market-7');
    expect(card.getAttribute('href')).toBe('/detail/7');
    expect(within(card).getByText('Will BTC close above 100k?')).toBeTruthy();
    expect(within(card).getByTestId('featured-market-state').textContent).toBe('In progress');
    expect(within(card).getByText('Yes')).toBeTruthy();
    // Each option's probability and payout multiplier: the figure the market list and the detail page show.
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Yes66.66% ×1.47', 'No33.33% ×2.94']);
    expect(within(card).getByText('Volume 12.34K USDT')).toBeTruthy();
    expect(within(card).getByText('Trading ends in 5 hours')).toBeTruthy();

    const topVolume = screen.getByTestId('featured-top-volume');
    expect(
      within(topVolume)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/detail/7', '/detail/8']);
    // Each shelf asks on its own: the closing-soon answer may still be on its way.
    expect(await within(screen.getByTestId('featured-closing-soon')).findByTestId('featured-market-9')).toBeTruthy();

    // A many-option market: the two leading options, and the label names the confirmed option.
    const cup = await screen.findByTestId('featured-market-10');
    expect(within(screen.getByTestId('featured-newest')).getByTestId('featured-market-10')).toBe(cup);
    expect(within(cup).getByTestId('featured-market-state').textContent).toBe('Confirmed: Team B');
    expect(
      within(cup)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Team B50% ×1.96', 'Team C30% ×2.94']);
    expect(within(cup).getByText(/^Trading ended /)).toBeTruthy();

    expect(seen).toEqual(
      expect.arrayContaining([
        { page: 1, pageSize: 3, sort: 'volume' },
        { page: 1, pageSize: 3, status: 'closingSoon' },
        { page: 1, pageSize: 3, sort: 'newest' },
      ]),
    );
    expect(seen).toHaveLength(3);
  });

  it('shows the api failure with a retry, and the retry asks again', async () => {
    handler = (_body, res) => json(res, 503, { code: 50300, msg: 'api.error.unavailable', data: null });
    renderHome();

    const error = await screen.findByTestId('featured-top-volume-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Markets could not be loaded.');
    expect(error.textContent).toContain('Request failed (503)');
    expect(await screen.findByTestId('featured-closing-soon-error')).toBeTruthy();
    expect(await screen.findByTestId('featured-newest-error')).toBeTruthy();
    expect(screen.queryByTestId('featured-top-volume-empty')).toBeNull();

    handler = answerMarkets(listFor);
    const asked = seen.length;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('featured-market-7')).toBeTruthy();
    expect(seen.length).toBe(asked + 1);
    expect(seen.at(-1)).toEqual({ page: 1, pageSize: 3, sort: 'volume' });
    // The other shelves keep their error until their own retry.
    expect(screen.getByTestId('featured-newest-error')).toBeTruthy();
  });

  it('says so when the server cannot be reached at all', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createHttpClient({ baseURL: `http://127.0.0.1:${port}`, reload: () => undefined });

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders store={createStore()} queryClient={queryClient}>
        <MemoryRouter>
          <FeaturedMarkets client={unreachable} />
        </MemoryRouter>
      </AppProviders>,
    );
    const error = await screen.findByTestId('featured-top-volume-error');
    expect(error.textContent).toContain('Markets could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the empty text when the api answers no markets', async () => {
    handler = answerMarkets(() => []);
    renderHome();
    for (const shelf of ['top-volume', 'closing-soon', 'newest']) {
      const empty = await screen.findByTestId(`featured-${shelf}-empty`);
      expect(empty.textContent).toBe('No markets to show yet');
    }
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('shows skeleton cards until the answer arrives', async () => {
    const held: (() => void)[] = [];
    handler = (body, res) => {
      held.push(() => answerMarkets(listFor)(body, res));
    };
    renderHome();
    const loading = await screen.findByTestId('featured-top-volume-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).getAllByTestId('featured-market-skeleton')).toHaveLength(3);
    expect(loading.textContent).toBe('Loading…');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('featured-market-7')).toBeNull();
    held.forEach((answer) => answer());
    expect(await screen.findByTestId('featured-market-7')).toBeTruthy();
  });
});

/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient, type HttpClient } from '@prds/shared/http';
import { CHANGE_HIGHLIGHT_MS, LIVE_CHANGED_CLASS } from '@prds/shared/live';
import { marketQueryKeys, type MarketSummary } from '@prds/shared/markets';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { MarketListPage } from './MarketListPage';
import { OVERSCAN } from './VirtualMarketList';
import { marketCard, NOW } from '../../testing/marketCard';

type Body = { page?: number; pageSize?: number; search?: string; category?: string; status?: string; sort?: string };
type Handler = (body: Body, res: http.ServerResponse) => void;

let server: http.Server;
let client: HttpClient;
let handler: Handler;
let seen: Body[];
let origin: string;
/** Each test talks to its own path prefix, so a request the previous test's page sent as it unmounted is not counted. */
let testRun = 0;

/** Chain time of the api: years away from the test machine's clock, so a countdown from Date.now() would show. */
const TOTALS = { all: 7, open: 3, closingSoon: 1, waitingResult: 2, challenging: 1, finished: 1 };

function json(res: http.ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

/** The api's answer for `body` out of `all` markets, paged as the api pages. */
function answerFrom(all: readonly ReturnType<typeof marketCard>[]): Handler {
  return (body, res) => {
    const page = body.page ?? 1;
    const pageSize = body.pageSize ?? 20;
    json(res, 200, {
      code: 0,
      msg: 'success',
      data: { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize },
      extra: { totals: { ...TOTALS, all: all.length }, now: NOW },
    });
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failing: Handler = (_body, res) => json(res, 503, { code: 50301, msg: 'api.error.chainUnavailable', data: null });

function manyMarkets(count: number) {
  return Array.from({ length: count }, (_, i) => marketCard(i + 1));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.url !== `/run-${testRun}/api/markets` || req.method !== 'POST') {
        return json(res, 404, { code: 40401, msg: 'api.error.routeNotFound' });
      }
      const body = JSON.parse(raw || '{}') as Body;
      seen.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  testRun += 1;
  client = createHttpClient({ baseURL: `${origin}/run-${testRun}`, reload: () => undefined });
  seen = [];
  handler = answerFrom([
    marketCard(7, { event: 'Will BTC close above 100k?' }),
    marketCard(8, {
      event: 'Who wins the cup?',
      category: 'culture',
      options: [
        { index: 0, label: 'Team A', optionKey: '0x1', stake: '1', odds: '10', probability: '0.1', payoutMultiplier: '9.8' },
        { index: 1, label: 'Team B', optionKey: '0x2', stake: '5', odds: '2', probability: '0.5', payoutMultiplier: '1.96' },
        { index: 2, label: 'Team C', optionKey: '0x3', stake: '2', odds: '5', probability: '0.2', payoutMultiplier: '4.9' },
        { index: 3, label: 'Team D', optionKey: '0x4', stake: '2', odds: '5', probability: '0.2', payoutMultiplier: '4.9' },
      ],
      optionCount: 4,
      lastTradingTime: NOW - 3600,
      state: 'Confirmed',
      label: { key: 'confirmedOption', option: 1 },
    }),
  ]);
  // The virtualizer corrects the scroll when a row above the view turns out taller or shorter than
  // guessed; jsdom cannot scroll, so this moves the window's offset and tells the page, as a browser does.
  window.scrollTo = ((...args: [ScrollToOptions?] | [number, number]) => {
    const [first, second] = args;
    const top = typeof first === 'number' ? second : first?.top;
    if (top === undefined) return;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
    setTimeout(() => window.dispatchEvent(new Event('scroll')), 0);
  }) as typeof window.scrollTo;
});

function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderPage(path = '/market') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWith(queryClient, path);
  return queryClient;
}

function renderWith(queryClient: QueryClient, path: string) {
  render(
    <AppProviders store={createStore()} queryClient={queryClient}>
      <MemoryRouter initialEntries={['/', path]} initialIndex={1}>
        <Routes>
          <Route path="/market" element={<MarketListPage client={client} />} />
          <Route path="*" element={null} />
        </Routes>
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('MarketListPage against a real /api/markets', () => {
  it('shows skeletons, then each market as a link with state, event, options, volume, countdown and category', async () => {
    const held: (() => void)[] = [];
    const answer = handler;
    handler = (body, res) => held.push(() => answer(body, res));
    renderPage();

    const skeleton = await screen.findByTestId('market-list-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('market-list')).toBeNull();
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]?.();

    const row = await screen.findByTestId('market-row-7');
    expect(screen.queryByTestId('market-list-skeleton')).toBeNull();
    expect(row.getAttribute('href')).toBe('/detail/7');
    expect(within(row).getByText('Will BTC close above 100k?').getAttribute('dir')).toBe('auto');
    expect(within(row).getByTestId('market-row-state').textContent).toBe('In progress');
    expect(within(row).getByTestId('market-row-category').textContent).toBe('Crypto');
    expect(within(row).getByTestId('market-row-volume').textContent).toBe('12.34K USDT');
    // Counted from the api's chain time, not the machine's clock.
    expect(within(row).getByTestId('market-row-countdown').textContent).toBe('Trading ends in 5 hours');
    const yes = within(row).getByTestId('market-row-option-0').textContent;
    expect(yes).toContain('Yes');
    expect(yes).toContain('66.66%');
    // The payout multiplier (the odds net of the fee), the figure the detail page and the home show.
    expect(yes).toContain('×1.47');
    expect(within(row).getByTestId('market-row-option-1').textContent).toContain('33.33%');

    // Four options: the three leading ones in the market's order, then how many more.
    const cup = screen.getByTestId('market-row-8');
    expect(within(cup).getByTestId('market-row-state').textContent).toBe('Confirmed: Team B');
    expect(within(cup).queryByTestId('market-row-option-0')).toBeNull();
    expect(within(cup).getByTestId('market-row-option-1').textContent).toContain('Team B');
    expect(within(cup).getByTestId('market-row-option-2').textContent).toContain('20%');
    expect(within(cup).getByTestId('market-row-option-3')).toBeTruthy();
    expect(cup.textContent).toContain('+1 more');
    expect(within(cup).getByTestId('market-row-countdown').textContent).toMatch(/^Trading ended /);

    const list = screen.getByTestId('market-list');
    expect(list.getAttribute('data-total')).toBe('2');
    expect(
      within(list)
        .getAllByRole('listitem', { hidden: false })
        .filter((li) => li.getAttribute('aria-setsize') === '2'),
    ).toHaveLength(2);
    expect(screen.queryByTestId('market-list-more')).toBeNull();

    // Every tab with its count from the answer's totals.
    expect(screen.getByTestId('market-status-count-all').textContent).toBe('2');
    expect(
      within(screen.getByTestId('market-status-waitingResult')).getByTestId('market-status-count-waitingResult').textContent,
    ).toBe('2');
    expect(screen.getByTestId('market-status-count-closingSoon').getAttribute('data-count')).toBe('1');

    expect(seen).toEqual([{ page: 1, pageSize: 50, category: 'all', status: 'all', sort: 'volume' }]);
  });

  it('a pushed market update changes its row in place, flashed briefly, without asking the api again', async () => {
    const queryClient = renderPage();
    const row = await screen.findByTestId('market-row-7');
    expect(row.classList.contains(LIVE_CHANGED_CLASS)).toBe(false);
    const rowsBefore = screen.getAllByRole('link').map((link) => link.getAttribute('href'));

    const traded = marketCard(7, {
      event: 'Will BTC close above 100k?',
      volume: '22345600000000000000000',
      options: [
        { index: 0, label: 'Yes', optionKey: '0x1', stake: '3', odds: '1.333333', probability: '0.75', payoutMultiplier: '1.3' },
        { index: 1, label: 'No', optionKey: '0x2', stake: '1', odds: '4', probability: '0.25', payoutMultiplier: '3.92' },
      ],
    }) as unknown as MarketSummary;
    // What the page's live stream does with a `market` event (shared/src/live/applyLiveEvent.ts).
    act(() => {
      queryClient.setQueriesData({ queryKey: marketQueryKeys.list({}).slice(0, 2) }, (data: unknown) => {
        const pages = (data as { pages: { list: MarketSummary[] }[] }).pages;
        return {
          ...(data as object),
          pages: pages.map((page) => ({ ...page, list: page.list.map((m) => (m.id === '7' ? traded : m)) })),
        };
      });
    });

    // The cache tells its readers on the next tick.
    await waitFor(() => expect(within(row).getByTestId('market-row-volume').textContent).toBe('22.34K USDT'));
    expect(screen.getByTestId('market-row-7')).toBe(row);
    expect(within(row).getByTestId('market-row-option-0').textContent).toContain('75%');
    await waitFor(() => expect(row.classList.contains(LIVE_CHANGED_CLASS)).toBe(true));
    expect(screen.getByTestId('market-row-8').classList.contains(LIVE_CHANGED_CLASS)).toBe(false);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(rowsBefore);
    expect(seen).toHaveLength(1);
    await waitFor(() => expect(row.classList.contains(LIVE_CHANGED_CLASS)).toBe(false), { timeout: CHANGE_HIGHLIGHT_MS + 1000 });
  });

  it('sends the filters of the URL as the api body', async () => {
    renderPage('/market?q=%20eth%20&category=finance&sort=newest&status=challenging');
    await screen.findByTestId('market-list');
    expect(seen).toEqual([{ page: 1, pageSize: 50, search: 'eth', category: 'finance', status: 'challenging', sort: 'newest' }]);
    expect(screen.getByTestId<HTMLInputElement>('market-search').value).toBe(' eth ');
    expect(screen.getByTestId('market-status-challenging').getAttribute('aria-selected')).toBe('true');
  });

  it('shows the api failure with a retry, and the retry asks again', async () => {
    handler = failing;
    renderPage();
    const error = await screen.findByTestId('market-list-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Markets could not be loaded.');
    expect(screen.queryByTestId('market-list')).toBeNull();
    expect(screen.queryByTestId('market-list-empty')).toBeNull();

    handler = answerFrom([marketCard(3)]);
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('market-row-3')).toBeTruthy();
    expect(screen.queryByTestId('market-list-error')).toBeNull();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
  });

  it('says there are no markets yet, with the way to issue one', async () => {
    handler = answerFrom([]);
    renderPage();
    const empty = await screen.findByTestId('market-list-empty');
    expect(empty.textContent).toContain('No markets yet');
    expect(within(empty).getByRole('link', { name: 'Issue a market' }).getAttribute('href')).toBe('/issue');
    expect(screen.getByTestId('market-list').getAttribute('data-total')).toBe('0');
  });

  it('says when nothing matches the filters, and Clear filters asks for everything again', async () => {
    handler = (body, res) => answerFrom(body.search ? [] : [marketCard(1)])(body, res);
    renderPage('/market?q=nothing&category=science&sort=newest&status=open');
    const empty = await screen.findByTestId('market-list-empty');
    expect(empty.textContent).toContain('No markets match these filters');
    expect(empty.textContent).not.toContain('No markets yet');

    fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    // The sort only orders the list: it stays.
    expect(location()).toBe('/market?sort=newest');
    expect(await screen.findByTestId('market-row-1')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('market-search').value).toBe('');
    expect(seen.at(-1)).toEqual({ page: 1, pageSize: 50, category: 'all', status: 'all', sort: 'newest' });
  });

  it('follows every key in the URL but asks the api once typing pauses', async () => {
    renderPage();
    await screen.findByTestId('market-row-7');
    const search = screen.getByTestId('market-search');
    for (const text of ['b', 'bi', 'bit']) fireEvent.change(search, { target: { value: text } });
    expect(location()).toBe('/market?q=bit');
    expect(seen).toHaveLength(1);

    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ page: 1, pageSize: 50, search: 'bit', category: 'all', status: 'all', sort: 'volume' });
    await sleep(400);
    expect(seen).toHaveLength(2);
    expect(screen.getByTestId<HTMLInputElement>('market-search').value).toBe('bit');
  });

  it('keeps the shown list while another tab loads, and Back restores the previous filters', async () => {
    renderPage();
    await screen.findByTestId('market-row-7');
    const held: (() => void)[] = [];
    handler = (body, res) =>
      held.push(() =>
        answerFrom([marketCard(40, { state: 'Finished', label: { key: 'eventFinished', option: null } })])(body, res),
      );

    fireEvent.click(screen.getByTestId('market-status-finished'));
    expect(location()).toBe('/market?status=finished');
    await waitFor(() => expect(held).toHaveLength(1));
    // The previous rows stay, marked busy, instead of a blank list.
    expect(screen.getByTestId('market-row-7')).toBeTruthy();
    expect(screen.getByTestId('market-list').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('market-list-skeleton')).toBeNull();

    held[0]?.();
    expect(await screen.findByTestId('market-row-40')).toBeTruthy();
    expect(screen.queryByTestId('market-row-7')).toBeNull();
    expect(screen.getByTestId('market-list').hasAttribute('aria-busy')).toBe(false);
    expect(seen.at(-1)).toEqual({ page: 1, pageSize: 50, category: 'all', status: 'finished', sort: 'volume' });

    // The tab change was its own history entry: Back returns to All, answered from the cache.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/market');
    expect(screen.getByTestId('market-status-all').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('market-row-7')).toBeTruthy();

    // And the search box follows a URL it did not write.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/');
  });

  it('restores the typed search when Back leaves a tab chosen after typing', async () => {
    renderPage('/market?q=eth');
    await screen.findByTestId('market-list');
    const search = screen.getByTestId<HTMLInputElement>('market-search');
    fireEvent.change(search, { target: { value: 'ethereum' } });
    fireEvent.click(screen.getByTestId('market-status-open'));
    expect(location()).toBe('/market?q=ethereum&status=open');
    fireEvent.change(search, { target: { value: 'sol' } });
    expect(location()).toBe('/market?q=sol&status=open');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/market?q=ethereum');
    await waitFor(() => expect(search.value).toBe('ethereum'));
  });
});

describe('the virtualized list', () => {
  // jsdom lays nothing out: give every row a height so the virtualizer has a window to fill.
  const ROW_HEIGHT = 100;
  let restore: () => void;

  beforeEach(() => {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => ROW_HEIGHT });
    restore = () => {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', descriptor);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    };
  });
  afterEach(() => restore());

  const renderedRows = () => screen.queryAllByTestId(/^market-row-\d+$/);
  const rowsBox = () => screen.getByTestId('market-list').querySelector<HTMLElement>(':scope > [role="list"]');
  const lastItem = () => [...(rowsBox()?.querySelectorAll<HTMLElement>('[role="listitem"]') ?? [])].at(-1);
  /** Rows from the first to the last one rendered. */
  const renderedCount = () => Number(lastItem()?.dataset.index ?? -1) + 1;
  /** The list's height below the last rendered row: where the rows not rendered yet are laid out. */
  const heightBeyondRendered = () => {
    const last = lastItem();
    const top = Number(/translateY\((-?[\d.]+)px\)/.exec(last?.style.transform ?? '')?.[1] ?? NaN);
    return parseFloat(rowsBox()?.style.height ?? '0') - top - ROW_HEIGHT;
  };
  /**
   * The rows a window can touch (8 whole ones, 9 when it starts mid-row) and the overscan on both
   * sides: 33, well under a page of 50.
   */
  const MAX_RENDERED = Math.ceil(window.innerHeight / ROW_HEIGHT) + 1 + 2 * OVERSCAN;

  /**
   * Scrolls the window to the end of the list as it is now (the End key; its height is the
   * virtualizer's total), then lets the rows that come into view be measured and the scroll corrected.
   */
  async function scrollToEnd() {
    await act(async () => {
      const rows = screen.getByTestId('market-list').querySelector<HTMLElement>(':scope > [role="list"]');
      const end = Math.max(0, parseFloat(rows?.style.height ?? '0') - window.innerHeight);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: end });
      window.dispatchEvent(new Event('scroll'));
      await sleep(50);
    });
  }

  it('renders only the rows in view and loads the next page as the end comes near', async () => {
    handler = answerFrom(manyMarkets(120));
    renderPage();
    await screen.findByTestId('market-row-1');
    const list = screen.getByTestId('market-list');
    expect(list.getAttribute('data-total')).toBe('120');
    // 768px of window at 100px a row, plus the overscan beyond each edge: nowhere near the 50 loaded.
    const first = renderedRows();
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThanOrEqual(MAX_RENDERED);
    expect(within(list).getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBe('120');
    // Rows not rendered yet are placed at the measured rows' height, not the first guess (105 px).
    await waitFor(() => expect(heightBeyondRendered()).toBe((50 - renderedCount()) * ROW_HEIGHT));
    expect(screen.getByTestId('market-list-more')).toBeTruthy();
    expect(seen).toHaveLength(1);

    await scrollToEnd();
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ page: 2, pageSize: 50, category: 'all', status: 'all', sort: 'volume' });
    expect(screen.getByTestId('market-row-50')).toBeTruthy();
    expect(screen.queryByTestId('market-row-1')).toBeNull();
    expect(renderedRows().length).toBeLessThanOrEqual(MAX_RENDERED);

    await scrollToEnd();
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]?.page).toBe(3);
    expect(await screen.findByTestId('market-row-100')).toBeTruthy();
    await scrollToEnd();
    expect(await screen.findByTestId('market-row-120')).toBeTruthy();
    expect(renderedRows().length).toBeLessThanOrEqual(MAX_RENDERED);
    // Everything is loaded: no footer, and no further request.
    await waitFor(() => expect(screen.queryByTestId('market-list-more')).toBeNull());
    await sleep(50);
    expect(seen).toHaveLength(3);
  });

  it('shows a failed next page at the end of the list, and its retry asks for that page again', async () => {
    const all = manyMarkets(80);
    handler = (body, res) => (body.page === 2 ? failing(body, res) : answerFrom(all)(body, res));
    renderPage();
    await screen.findByTestId('market-row-1');

    await scrollToEnd();
    const more = await screen.findByTestId('market-list-more');
    const error = await within(more).findByRole('alert');
    expect(error.textContent).toContain('More markets could not be loaded.');
    // The rows already loaded stay, and the page-wide error is not shown.
    expect(screen.getByTestId('market-row-50')).toBeTruthy();
    expect(screen.queryByTestId('market-list-error')).toBeNull();
    await sleep(50);
    const asked = seen.length;
    expect(seen.filter((body) => body.page === 2)).toHaveLength(1);

    handler = answerFrom(all);
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('market-list-more')).toBeNull());
    expect(seen).toHaveLength(asked + 1);
    expect(seen.at(-1)?.page).toBe(2);
    await scrollToEnd();
    expect(await screen.findByTestId('market-row-80')).toBeTruthy();
  });
});

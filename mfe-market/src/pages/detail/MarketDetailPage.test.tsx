/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { marketQueryKeys } from '@prds/shared/markets';
import { connectDialogOpenAtom } from '@prds/shared/wallet';
import { BUYER, E, NOW } from './detailFixture';
import {
  answer,
  connectedStore,
  detail,
  detailApi,
  detailCalls,
  history,
  json,
  ok,
  renderPage,
  serveDetailApi,
  trade,
} from './testing/detailPageHarness';
// The chart is a probe of what it was given (jsdom has no canvas).
jest.mock('./chart/OddsChart', () => jest.requireActual('./testing/oddsChartProbe'));

serveDetailApi();

describe('MarketDetailPage against a real api server', () => {
  it('shows a skeleton, then the header, options, chart and trades', async () => {
    const held: (() => void)[] = [];
    detailApi.handler = (path, body, res) => held.push(() => answer()(path, body, res));
    const { store } = renderPage();
    const page = await screen.findByTestId('page-detail');
    expect(page.dataset.marketId).toBe('7');
    expect(screen.getByTestId('detail-skeleton').getAttribute('aria-busy')).toBe('true');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    detailApi.handler = answer();
    held.forEach((release) => release());

    expect((await screen.findByTestId('detail-event')).textContent).toBe('Will BTC close above 100k?');
    expect(screen.getByTestId('detail-event').getAttribute('dir')).toBe('auto');
    expect(screen.queryByTestId('detail-skeleton')).toBeNull();
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByTestId('detail-description').textContent).toBe('Resolves on the daily close.');

    const source = screen.getByTestId('detail-resolution-source');
    expect(source.tagName).toBe('A');
    expect(source.getAttribute('href')).toBe('https://www.coingecko.com/en/coins/bitcoin');
    expect(source.getAttribute('rel')).toContain('noopener');
    // A javascript: URL is shown as text, never as a link.
    expect(screen.getByTestId('detail-url').tagName).toBe('SPAN');

    expect(screen.getByTestId('detail-state').textContent).toBe('In progress');
    expect(screen.getByTestId('detail-category').textContent).toBe('Crypto');
    expect(screen.getByTestId('detail-issuer').textContent).toBe('0x90f7…b906');
    expect(screen.getByTestId('detail-issuer-issued').textContent).toBe('12 markets issued');
    expect(screen.getByTestId('detail-issuer-overturned').textContent).toBe('1 result overturned');
    expect(screen.getByTestId('detail-last-trading').textContent).toMatch(/^0d 0[45]:\d\d:\d\d$/);
    expect(screen.getByTestId('detail-expiration').textContent).toMatch(/^[12]d \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('detail-volume').textContent).toBe('12,345 USDT');
    expect(screen.getByTestId('detail-fee-rate').textContent).toBe('2%');
    // Spec §3's reward rate (the share of stakes paid to winners) and margin fee rate.
    expect(screen.getByTestId('detail-reward-rate').textContent).toBe('98%');
    expect(screen.getByTestId('detail-margin-fee-rate').textContent).toBe('50%');
    expect(screen.getByTestId('detail-remaining-capacity').textContent).toBe('98 USDT of 200 USDT');
    expect(screen.getByTestId('detail-collateral').textContent).toBe('Token margin: 10 USDT');

    const yes = screen.getByTestId('detail-option-0');
    expect(within(yes).getByText('Yes')).toBeTruthy();
    expect(screen.getByTestId('detail-option-pool-0').textContent).toBe('60 USDT');
    expect(screen.getByTestId('detail-option-probability-0').textContent).toBe('60%');
    expect(screen.getByTestId('detail-option-multiplier-0').textContent).toBe('1.63');
    expect(screen.getByTestId('detail-option-probability-1').textContent).toBe('40%');
    expect(screen.getByTestId('detail-option-multiplier-1').textContent).toBe('2.45');
    expect(yes.dataset.result).toBeUndefined();

    const probe = await screen.findByTestId('odds-chart-probe');
    expect(JSON.parse(probe.dataset.lines ?? '')).toEqual([
      {
        option: 0,
        points: [
          { time: NOW - 600, value: 50 },
          { time: NOW - 60, value: 60 },
        ],
      },
      {
        option: 1,
        points: [
          { time: NOW - 600, value: 50 },
          { time: NOW - 60, value: 40 },
        ],
      },
    ]);
    expect(probe.getAttribute('aria-label')).toBe('Implied probability of each option over time. Now: Yes 60%, No 40%');
    expect(within(screen.getByTestId('detail-odds-chart')).getByTestId('detail-odds-legend').textContent).toBe('Yes 60%No 40%');

    const trades = screen.getByTestId('detail-trades');
    expect(await within(trades).findAllByTestId('trade-row')).toHaveLength(20);
    expect(within(trades).getAllByTestId('trade-row')[0]?.textContent).toContain('0x7099…79c8');
    fireEvent.click(screen.getByTestId('trades-more'));
    await waitFor(() => expect(within(trades).getAllByTestId('trade-row')).toHaveLength(22));
    expect(screen.queryByTestId('trades-more')).toBeNull();
    expect(detailApi.seen.filter((s) => s.path === '/api/market/trades').map((s) => s.body)).toEqual([
      { id: '7', page: 1, pageSize: 20 },
      { id: '7', page: 2, pageSize: 20 },
    ]);
    // Not connected: the detail is asked without an account.
    expect(detailCalls()[0]?.body).toEqual({ id: '7' });
    expect(screen.getByTestId('buy-connect').textContent).toBe('Connect your wallet to buy a position');
    // The Connect button sits in the buy form and opens the host's connect dialog (issue 27.4).
    expect(store.get(connectDialogOpenAtom)).toBe(false);
    fireEvent.click(screen.getByTestId('buy-connect-button'));
    expect(store.get(connectDialogOpenAtom)).toBe(true);
    expect(screen.getByTestId('detail-positions').textContent).toContain('Connect your wallet to see your positions');
  });

  it('highlights the result option and says why buying is closed', async () => {
    detailApi.handler = answer(detail({ state: 'Confirmed', label: { key: 'confirmedOccurred', option: 0 }, result: 0 }));
    renderPage();
    expect((await screen.findByTestId('detail-state')).textContent).toBe('Confirmed: occurred');
    expect(screen.getByTestId('detail-option-0').dataset.result).toBe('true');
    expect(screen.getByTestId('detail-option-1').dataset.result).toBeUndefined();
    expect(screen.getByTestId('buy-closed').textContent).toContain('Buying is closed for this market:');
    expect(screen.queryByTestId('buy-form')).toBeNull();
  });

  it("says a void market's premium was missed, never 'not reached yet', and why it is void", async () => {
    detailApi.handler = answer(
      detail({
        state: 'Void',
        label: { key: 'void', option: null },
        lastTradingTime: NOW - 3600,
        expirationTime: NOW + 3600,
        premiumReached: false,
        minPremium: (100n * E).toString(),
        buyersStake: (20n * E).toString(),
      }),
    );
    renderPage();
    const premium = await screen.findByTestId('detail-min-premium');
    expect(premium.textContent).toBe('100 USDT (not reached in time: the market is void)');
    expect(screen.getByTestId('resolution-outcome').textContent).toContain(
      'buyers had staked 20 USDT, below its minimum premium of 100 USDT',
    );
    expect(screen.queryByText('The issuer has not confirmed a result yet.')).toBeNull();
  });

  it("names each trade's cells for the stacked phone layout, where the table head is hidden", async () => {
    renderPage();
    const [row] = await within(await screen.findByTestId('detail-trades')).findAllByTestId('trade-row');
    const cells = Array.from(row?.querySelectorAll('td') ?? []);
    expect(cells.map((cell) => cell.dataset.label ?? null)).toEqual([null, 'Account', 'Option', 'Amount', 'Pays after buy']);
    // One payout figure on the page: the multiplier net of the fee, written as the options write it.
    expect(within(row as HTMLElement).getByTestId('trade-pays-after').textContent).toBe('×2.45');
    expect(cells[0]?.className).toBe('time');
  });

  it("refetches the trades and the odds history when the detail's poll sees another account's buy", async () => {
    const { queryClient } = renderPage();
    const trades = await screen.findByTestId('detail-trades');
    await waitFor(() => expect(within(trades).getAllByTestId('trade-row')).toHaveLength(20));
    await screen.findByTestId('odds-chart-probe');
    const asked = (path: string) => detailApi.seen.filter((s) => s.path === path).length;
    const before = { trades: asked('/api/market/trades'), history: asked('/api/market/history') };

    // Another account buys 2 USDT: the api's detail counts it in the volume, its trades list has it first.
    const newest = { ...trade(0), txHash: '0x' + 'ab'.repeat(32), amount: (2n * E).toString(), time: NOW };
    const inner = answer(detail({ volume: (12347n * E).toString() }));
    detailApi.handler = (path, body, res) => {
      if (path === '/api/market/trades' && Number(body.page) === 1) {
        return ok(res, {
          list: [newest, ...Array.from({ length: 19 }, (_, i) => trade(i + 1))],
          total: 23,
          page: 1,
          pageSize: 20,
        });
      }
      if (path === '/api/market/history') {
        const point = { time: NOW, blockNumber: 3, pool: '0', stakes: [], odds: [], probabilities: ['0.7', '0.3'] };
        return ok(res, { ...history, total: 3, points: [...history.points, point] });
      }
      return inner(path, body, res);
    };
    // The detail's own refresh (its interval) and nothing else.
    await queryClient.refetchQueries({ queryKey: marketQueryKeys.detail('7', null), exact: true });

    await waitFor(() => expect(screen.getByTestId('detail-volume').textContent).toBe('12,347 USDT'));
    await waitFor(() => expect(within(trades).getAllByTestId('trade-row')[0]?.dataset.tx).toBe(newest.txHash));
    await waitFor(() => expect(asked('/api/market/history')).toBe(before.history + 1));
    expect(asked('/api/market/trades')).toBe(before.trades + 1);
    await waitFor(() =>
      expect(screen.getByTestId('odds-chart-probe').getAttribute('data-lines')).toContain(`"time":${NOW},"value":70`),
    );

    // A poll that finds nothing new asks for nothing else.
    const settled = { trades: asked('/api/market/trades'), history: asked('/api/market/history') };
    await queryClient.refetchQueries({ queryKey: marketQueryKeys.detail('7', null), exact: true });
    await waitFor(() => expect(detailCalls().length).toBeGreaterThanOrEqual(3));
    expect({ trades: asked('/api/market/trades'), history: asked('/api/market/history') }).toEqual(settled);
  }, 60_000);

  it("Share copies the page as the connected sharer's own referral link, never the ref it arrived with", async () => {
    const FOREIGN = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    window.history.replaceState(null, '', `/detail/7?ref=${FOREIGN}`);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    });
    try {
      renderPage({ path: `/detail/7?ref=${FOREIGN}`, store: connectedStore(BUYER) });
      fireEvent.click(await screen.findByTestId('detail-share'));
      await screen.findByTestId('detail-share-copied');
      expect(copied).toEqual([`${window.location.origin}/detail/7?ref=${BUYER}`]);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows an empty chart before the first trade', async () => {
    const inner = answer();
    detailApi.handler = (path, body, res) =>
      path === '/api/market/history' ? ok(res, { ...history, points: [], total: 0 }) : inner(path, body, res);
    renderPage();
    expect((await screen.findByTestId('detail-odds-empty')).textContent).toContain('No trades yet');
    expect(screen.queryByTestId('odds-chart-probe')).toBeNull();
  });

  it('shows the not-found page, with a way back to the markets, for an id the api does not know', async () => {
    detailApi.handler = (_path, _body, res) =>
      json(res, 404, { code: 40402, msg: 'api.error.marketNotFound', data: null, extra: { message: 'market not found' } });
    renderPage({ path: '/detail/999' });
    const missing = await screen.findByTestId('page-not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Market not found');
    expect(missing.textContent).toContain('There is no market with this id.');
    expect(screen.getByTestId('not-found-markets').getAttribute('href')).toBe('/market');
    expect(screen.getByTestId('not-found-markets').textContent).toBe('Back to markets');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
    // Not found is final: asked once, no retry, no error.
    expect(detailCalls()).toHaveLength(1);
    expect(screen.queryByTestId('detail-error')).toBeNull();
    expect(screen.queryByTestId('page-detail')).toBeNull();
  });

  it.each(['abc', '0', '007', '1.5', '-3', '12345678901234567', '9007199254740993x'])(
    "shows the not-found page for '/detail/%s' without asking the api",
    async (id) => {
      renderPage({ path: `/detail/${encodeURIComponent(id)}` });
      expect((await screen.findByTestId('page-not-found')).textContent).toContain('Market not found');
      expect(screen.getByTestId('not-found-markets').getAttribute('href')).toBe('/market');
      expect(screen.queryByTestId('detail-error')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(detailCalls()).toHaveLength(0);
    },
  );

  it('shows the not-found page when the api refuses the id as no market id (400 invalidMarketId)', async () => {
    detailApi.handler = (_path, _body, res) => json(res, 400, { code: 40004, msg: 'api.error.invalidMarketId', data: null });
    renderPage({ path: '/detail/9007199254740991' });
    expect((await screen.findByTestId('page-not-found')).textContent).toContain('Market not found');
    expect(detailCalls()).toHaveLength(1);
  });

  it('shows a failure with a retry that asks again', async () => {
    detailApi.handler = (_path, _body, res) => json(res, 503, { code: 50301, msg: 'api.error.chainUnavailable', data: null });
    renderPage();
    const error = await screen.findByTestId('detail-error', {}, { timeout: 4000 });
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('This market could not be loaded.');
    expect(error.textContent).toContain('Request failed (503)');
    const asked = detailCalls().length;

    detailApi.handler = answer();
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('detail-event')).textContent).toBe('Will BTC close above 100k?');
    expect(detailCalls().length).toBe(asked + 1);
  });
});

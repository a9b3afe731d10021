/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FundItem } from '@prds/shared/http';
import { fundItem } from '@prds/shared/testing';
import { BUYER, E, ISSUER } from './detailFixture';
import { answer, connectedStore, detail, detailApi, detailCalls, renderPage, serveDetailApi } from './testing/detailPageHarness';
// The chart is a probe of what it was given (jsdom has no canvas).
jest.mock('./chart/OddsChart', () => jest.requireActual('./testing/oddsChartProbe'));

serveDetailApi();

describe('buying', () => {
  async function renderConnected(positions: unknown = null, funds: readonly FundItem[] = []) {
    detailApi.handler = answer(detail({}, positions));
    const { store } = renderPage({ store: connectedStore(), funds });
    await screen.findByTestId('buy-form');
    return store;
  }

  const amount = () => screen.getByTestId<HTMLInputElement>('buy-amount');
  const type = (text: string) => fireEvent.change(amount(), { target: { value: text } });
  const error = () => screen.queryByTestId('buy-error')?.textContent ?? null;

  it('validates the amount as it is typed and estimates the payout', async () => {
    await renderConnected();
    // The detail is asked with the connected account (its positions).
    await waitFor(() => expect(detailCalls().some((c) => c.body.account === BUYER)).toBe(true));

    type('ten');
    expect(error()).toBe('Please enter a valid number');
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    type('1.0000000000000000001');
    expect(error()).toBe('At most 18 decimal places');
    type('0');
    expect(error()).toBe('The amount must be greater than 0');
    type('0.5');
    expect(error()).toBe('The minimum invest is 1 USDT');
    type('101');
    expect(error()).toBe("Above the market's remaining capacity: at most 100 USDT");

    type('10');
    expect(error()).toBeNull();
    // No option chosen yet: no estimate.
    expect(screen.queryByTestId('buy-estimate')).toBeNull();
    fireEvent.click(screen.getByTestId('buy-option-1'));
    // 9.8 staked on No (40 → 49.8), pool 100 → 109.8: 9.8 × 109.8 / 49.8 = 21.6072… USDT.
    const estimate = screen.getByTestId('buy-estimate');
    expect(estimate.dataset.value).toBe('21607228915662650602');
    expect(estimate.textContent).toContain('Estimated payout if No wins');
    expect(estimate.textContent).toContain('21.6072 USDT');
    expect(estimate.textContent).toContain('Fee 0.2 USDT');
  });

  it("says 'Insufficient balance' above the wallet's USDT", async () => {
    await renderConnected(null, [fundItem('USDT', (5n * E).toString())]);
    expect(screen.getByTestId('buy-balance').textContent).toBe('5 USDT');
    type('6');
    // Not a dead end: the way to get USDT (/deposit: the faucet on the devnet, deposit and bridges on BSC).
    expect(error()).toBe('Insufficient balance Top up USDT');
    expect(within(screen.getByTestId('buy-error')).getByTestId('top-up-link').getAttribute('href')).toBe('/deposit');
    type('5');
    expect(error()).toBeNull();
  });

  it('sends nothing for bad input', async () => {
    await renderConnected();
    const before = detailApi.seen.length;
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(error()).toBe('Enter an amount');
    type('abc');
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(error()).toBe('Please enter a valid number');
    type('10');
    fireEvent.click(screen.getByTestId('buy-submit'));
    expect(error()).toBe('Choose an option');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('tx-status')).toBeNull();
    // Only the page's own reads reached the api; no transaction started.
    expect(
      detailApi.seen
        .slice(before)
        .every((s) => ['/api/market/detail', '/api/market/history', '/api/market/trades'].includes(s.path)),
    ).toBe(true);
  });

  it("shows the account's positions", async () => {
    await renderConnected({
      account: BUYER,
      options: [
        {
          option: 1,
          label: 'No',
          stake: ((98n * E) / 10n).toString(),
          fee: ((2n * E) / 10n).toString(),
          invested: (10n * E).toString(),
          pendingPayoff: ((245n * E) / 10n).toString(),
        },
      ],
      invested: (10n * E).toString(),
      pendingPayoff: ((245n * E) / 10n).toString(),
      payout: '0',
      refund: '0',
      received: '0',
      claimed: false,
      profit: null,
    });
    const positions = await screen.findByTestId('position-option-1');
    expect(positions.textContent).toBe('No10 USDT9.8 USDT24.5 USDT');
    expect(screen.getByTestId('position-invested').textContent).toBe('10 USDT');
    expect(screen.getByTestId('position-pending').textContent).toBe('24.5 USDT');
    expect(screen.getByTestId('position-profit').textContent).toBe('--');
  });

  it('tells the issuer it cannot buy in its own market', async () => {
    detailApi.handler = answer();
    renderPage({ store: connectedStore(ISSUER) });
    expect((await screen.findByTestId('buy-closed')).dataset.reason).toBe('issuer');
  });
});

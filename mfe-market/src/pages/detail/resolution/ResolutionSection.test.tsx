/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { type FundItem } from '@prds/shared/http';
import { langAtom } from '@prds/shared/i18n';
import { issueConfigQueryKey, type MarketDetailView, type ProtocolConfig } from '@prds/shared/markets';
import { AppProviders } from '@prds/shared/providers';
import { accountAtom, chainIdAtom, createStore, desireChainIdAtom, type PrdsStore } from '@prds/shared/state';
import { type Address } from '@prds/shared/wallet';
import { fundItem, seedUserInfo } from '@prds/shared/testing';
import { ResolutionSection } from './ResolutionSection';
import {
  BUYER,
  DAY,
  E,
  ISSUER,
  NOW,
  OTHER,
  challengeFixture,
  marketFixture,
  positionFixture,
  viewFixture,
  voteFixture,
} from '../detailFixture';

const CONFIG: ProtocolConfig = {
  chainId: 31337,
  feeBps: 200,
  marginFeeBps: 5000,
  quorumBps: 400,
  minInvest: E.toString(),
  challengeStake: (1000n * E).toString(),
  challengeWindow: 7 * DAY,
  responsePeriod: 3 * DAY,
  votingPeriod: 3 * DAY,
  confirmationPeriod: 3 * DAY,
};

const realFetch = globalThis.fetch;
let requests: string[];

beforeEach(() => {
  requests = [];
  // Nothing here may reach a network: every request is recorded and refused.
  globalThis.fetch = (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input));
    return Promise.reject(new TypeError('offline'));
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

function connected(account: Address | null): PrdsStore {
  const store = createStore();
  if (account !== null) {
    store.set(accountAtom, account);
    store.set(chainIdAtom, store.get(desireChainIdAtom));
  }
  return store;
}

/**
 * Renders and waits until the providers (locale messages load lazily) show the page; `funds` is the
 * account's `/api/user/info` fund list, as the api answered it.
 */
async function renderSection(
  view: MarketDetailView,
  account: Address | null,
  { ready = 'resolution-section', funds = [] }: { ready?: string; funds?: readonly FundItem[] } = {},
) {
  const store = connected(account);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(issueConfigQueryKey, CONFIG);
  if (account !== null) seedUserInfo(queryClient, { account, chainId: store.get(desireChainIdAtom), fundData: funds });
  render(
    <AppProviders store={store} queryClient={queryClient}>
      <ResolutionSection view={view} />
      <span data-testid="probe-rendered" />
    </AppProviders>,
  );
  await screen.findByTestId(ready);
  return store;
}

const confirmedView = (account = BUYER) =>
  viewFixture({
    market: marketFixture({
      phase: 'Confirmed',
      state: 'Confirmed',
      label: { key: 'confirmedOccurred', option: 0 },
      result: 0,
      issuerResult: 0,
      confirmedAt: NOW - DAY,
      windowEnd: NOW + 6 * DAY,
    }),
    positions: positionFixture({ account }),
  });

describe('ResolutionSection', () => {
  it('shows nothing for a market still trading, to anyone but its issuer', async () => {
    const open = viewFixture({
      market: marketFixture({ state: 'Open', lastTradingTime: NOW + DAY, expirationTime: NOW + 2 * DAY }),
    });
    await renderSection(open, BUYER, { ready: 'probe-rendered' });
    expect(screen.queryByTestId('resolution-section')).toBeNull();
  });

  it('gives the issuer the result choice after expiration and asks for an option before sending', async () => {
    await renderSection(viewFixture(), ISSUER);
    const panel = screen.getByTestId('issuer-panel');
    expect(within(panel).getByTestId('issuer-confirm-submit')).toBeTruthy();
    expect(within(panel).queryByTestId('issuer-confirm-early-submit')).toBeNull();
    fireEvent.click(within(panel).getByTestId('issuer-confirm-submit'));
    expect(within(panel).getByRole('alert').textContent).toBe('Choose the option you say is right');
    expect(screen.queryByTestId('tx-status')).toBeNull();
  });

  it('checks the early confirmation time against chain time', async () => {
    const open = viewFixture({
      market: marketFixture({ state: 'Open', lastTradingTime: NOW + DAY, expirationTime: NOW + 2 * DAY }),
    });
    await renderSection(open, ISSUER);
    fireEvent.change(screen.getByTestId('issuer-result-option'), { target: { value: '0' } });
    // The shared date-time field loads lazily, starting at chain time's minute: a year later is in the future.
    const year = (await screen.findByTestId('issuer-known-at')).querySelector<HTMLElement>('[data-type="year"]') as HTMLElement;
    act(() => year.focus());
    fireEvent.keyDown(year, { key: 'ArrowUp' });
    expect(screen.getByTestId('issuer-known-at').dataset.value).toBe(String(NOW - (NOW % 60) + 365 * DAY));
    fireEvent.click(screen.getByTestId('issuer-confirm-early-submit'));
    expect(screen.getByRole('alert').textContent).toBe('The time cannot be in the future');
  });

  it("refuses a margin above the issuer's balance with 'Insufficient balance'", async () => {
    await renderSection(viewFixture(), ISSUER, { funds: [fundItem('USDT', (5n * E).toString())] });
    fireEvent.change(screen.getByTestId('issuer-margin-amount'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('issuer-margin-submit'));
    expect(screen.getByTestId('issuer-margin-error').textContent).toBe('Insufficient balance');
  });

  it('shows the confirmed result, its time and the window left', async () => {
    await renderSection(confirmedView(), BUYER);
    expect(screen.getByTestId('resolution-result').textContent).toBe('Rain');
    expect(screen.getByTestId('resolution-confirmed-at').dataset.time).toBe(String(NOW - DAY));
    expect(screen.getByTestId('resolution-window-end').textContent).toBe('6d 00:00:00');
  });

  it('lets a participant challenge with the stake shown, offering only the other options', async () => {
    await renderSection(confirmedView(), BUYER, { funds: [fundItem('PRDS', (1500n * E).toString())] });
    expect(screen.getByTestId('challenge-stake').textContent).toBe('Stake: 1,000 PRDS (your balance: 1,500 PRDS)');
    const options = within(screen.getByTestId('challenge-option'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose an option', 'Dry']);
  });

  it('checks the evidence before anything is uploaded', async () => {
    await renderSection(confirmedView(), BUYER, { funds: [fundItem('PRDS', (1500n * E).toString())] });
    fireEvent.change(screen.getByTestId('challenge-option'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('challenge-submit'));
    expect(screen.getByTestId('challenge-error').textContent).toBe('Add a battle image or battle information');
    const gif = new File([new Uint8Array([71, 73, 70])], 'proof.gif', { type: 'image/gif' });
    fireEvent.change(await screen.findByTestId('challenge-image'), { target: { files: [gif] } });
    fireEvent.click(screen.getByTestId('challenge-submit'));
    expect(screen.getByTestId('challenge-error').textContent).toBe('The battle image must be a PNG, JPEG or WebP picture');
    expect(requests.filter((url) => url.includes('/api/evidence'))).toEqual([]);
  });

  it("refuses a challenge the wallet's PRDS cannot stake with 'Insufficient balance'", async () => {
    await renderSection(confirmedView(), BUYER, { funds: [fundItem('PRDS', (999n * E).toString())] });
    fireEvent.change(screen.getByTestId('challenge-option'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('challenge-text'), { target: { value: 'It stayed dry all day.' } });
    fireEvent.click(screen.getByTestId('challenge-submit'));
    expect(screen.getByTestId('challenge-error').textContent).toBe('Insufficient balance');
    expect(requests.filter((url) => url.includes('/api/evidence'))).toEqual([]);
  });

  it('tells the issuer and outsiders why they cannot challenge', async () => {
    await renderSection({ ...confirmedView(), positions: null }, OTHER);
    expect(screen.getByTestId('challenge-unavailable').dataset.reason).toBe('notParticipant');
  });

  it('lists the challenges with their evidence image from the api', async () => {
    const view = {
      ...confirmedView(),
      market: { ...confirmedView().market, phase: 'Challenging' as const, state: 'Challenging' as const, responseEnd: NOW + DAY },
      challenges: [challengeFixture()],
    };
    await renderSection(view, ISSUER);
    const item = screen.getByTestId('challenge-item-0');
    expect(item.dataset.status).toBe('Open');
    expect(item.textContent).toContain('claims Dry');
    expect(item.textContent).toContain('1,000 PRDS staked');
    expect(screen.getByTestId('challenge-evidence-image-0').getAttribute('src')).toMatch(/\/api\/evidence\/0x4{64}$/);
    expect(screen.getByTestId('issuer-concede')).toBeTruthy();
    expect(screen.getByTestId('issuer-appeal')).toBeTruthy();
  });

  it('shows the vote with its choices and tallies, and the tally button once it ended', async () => {
    const voting = viewFixture({
      market: marketFixture({
        phase: 'Voting',
        state: 'Voting',
        label: { key: 'waitingGovernance', option: null },
        result: 0,
        confirmedAt: NOW - DAY,
        windowEnd: NOW + 6 * DAY,
      }),
      challenges: [challengeFixture()],
      vote: voteFixture(),
    });
    await renderSection(voting, null);
    expect(screen.getByTestId('vote-tally-1').textContent).toBe('3,000 PRDS · 75%');
    expect(screen.getByTestId('vote-choice-2').closest('label')?.textContent).toContain('Challenge #1: Dry');
    expect(screen.queryByTestId('vote-advance')).toBeNull();
  });

  it('offers the payout of a final market with its amount, and the compensation owed', async () => {
    const final = viewFixture({
      market: marketFixture({
        phase: 'Final',
        state: 'Finished',
        label: { key: 'confirmedByGovernanceNotOccurred', option: 1 },
        result: 1,
        daoResult: 1,
        issuerResult: 0,
        finalizedAt: NOW,
      }),
      positions: positionFixture(),
      challenges: [challengeFixture({ status: 'Won', compensation: (200n * E).toString(), compensationState: 'pending' })],
    });
    await renderSection(final, BUYER);
    expect(screen.getByTestId('claim-payout-amount').textContent).toBe('25 USDT');
    expect(screen.getByTestId('claim-compensation-amount-0').textContent).toBe('200 USDT');
    expect(screen.getByTestId('resolution-dao-result').textContent).toBe('Dry');
  });
});

describe('a final market says how it ended and what each participant gets back', () => {
  const outcome = () => screen.getByTestId('resolution-outcome');
  const line = (name: string) => outcome().querySelector(`[data-line="${name}"]`)?.textContent ?? null;

  it('void: the premium missed by the last trading time, full refunds, and how to claim them', async () => {
    const view = viewFixture({
      market: marketFixture({
        phase: 'Trading',
        state: 'Void',
        label: { key: 'void', option: null },
        lastTradingTime: NOW - 2 * DAY,
        buyersStake: (20n * E).toString(),
        minPremium: (100n * E).toString(),
        premiumReached: false,
      }),
      positions: positionFixture({ pendingPayoff: ((102n * E) / 10n).toString() }),
    });
    await renderSection(view, BUYER);
    expect(screen.queryByText('The issuer has not confirmed a result yet.')).toBeNull();
    expect(outcome().dataset.outcome).toBe('void');
    expect(outcome().dataset.reason).toBe('premium');
    expect(line('why')).toMatch(
      /^This market is void: when trading ended \(.+\), buyers had staked 20 USDT, below its minimum premium of 100 USDT\.$/,
    );
    expect(line('back')).toContain('Every buyer gets back everything they paid, fees included.');
    expect(line('how')).toBe('Refunds are not sent automatically: connect the wallet that bought and press Claim refund below.');
    // The button the text names is there, with the full refund.
    expect(screen.getByTestId('claim-submit').textContent).toBe('Claim refund');
    expect(screen.getByTestId('claim-refund-amount').textContent).toBe('10.2 USDT');
  });

  it('void after an early confirmation: the stakes before the known time missed the premium', async () => {
    const view = viewFixture({
      market: marketFixture({
        phase: 'Void',
        state: 'Void',
        label: { key: 'void', option: null },
        early: true,
        knownAt: NOW - 3 * DAY,
        confirmedAt: NOW - 2 * DAY,
        result: 0,
        premiumReached: true,
      }),
    });
    await renderSection(view, null);
    expect(outcome().dataset.reason).toBe('earlyCutoff');
    expect(line('why')).toMatch(
      /^This market is void: the issuer confirmed the result early, and the stakes placed before the outcome was known \(.+\) stayed below its minimum premium of 10 USDT\.$/,
    );
  });

  it('cancelled: why, that only the issuer had a stake and got it back, nothing to claim', async () => {
    const view = viewFixture({
      market: marketFixture({ phase: 'Cancelled', state: 'Cancelled', label: { key: 'eventCancelled', option: null } }),
    });
    await renderSection(view, null);
    expect(screen.queryByText('The issuer has not confirmed a result yet.')).toBeNull();
    expect(outcome().dataset.outcome).toBe('cancelled');
    expect(line('why')).toBe(
      'The issuer cancelled this market before anyone bought a position. A cancellation cannot be undone.',
    );
    expect(line('back')).toContain('there is nothing to claim');
    expect(line('how')).toBeNull();
    expect(screen.queryByTestId('claim-panel')).toBeNull();
  });

  it('invalid: the reason, full refunds and how to claim them', async () => {
    const view = viewFixture({
      market: marketFixture({
        phase: 'Invalid',
        state: 'Invalid',
        label: { key: 'invalid', option: null },
        invalidReason: 'AbsentNoQuorum',
        issuerAbsent: true,
      }),
    });
    await renderSection(view, null);
    expect(outcome().dataset.reason).toBe('absentNoQuorum');
    expect(line('why')).toBe(
      'This market is invalid: the issuer did not confirm the result in time, and the community vote missed its quorum.',
    );
    expect(line('back')).toBe('Every buyer gets back everything they paid, fees included, and the issuer its seeded liquidity.');
    expect(line('how')).toContain('press Claim refund below');
  });

  it('finished: the result, who shares the pool, and how to claim the payout', async () => {
    const view = viewFixture({
      market: marketFixture({
        phase: 'Final',
        state: 'Finished',
        label: { key: 'confirmedNotOccurred', option: 1 },
        result: 1,
        issuerResult: 1,
        confirmedAt: NOW - 8 * DAY,
        windowEnd: NOW - DAY,
        finalizedAt: NOW,
      }),
    });
    await renderSection(view, null);
    expect(line('why')).toBe(
      'The result is final: Dry. Holders of Dry share the pool in proportion to their stakes; stakes on the other options are not returned.',
    );
    expect(line('late')).toBeNull();
    expect(line('how')).toContain('press Claim payout below');
    expect(screen.getByTestId('resolution-result').textContent).toBe('Dry');
  });

  it('a market not final yet has no outcome text', async () => {
    await renderSection(viewFixture(), ISSUER);
    expect(screen.queryByTestId('resolution-outcome')).toBeNull();
    expect(screen.getByTestId('resolution-result').textContent).toBe('The issuer has not confirmed a result yet.');
  });
});

describe("the resolution forms speak the page's language, not the browser's", () => {
  it('challenge: a localized date-time field with its time zone and a localized file button (Chinese)', async () => {
    const early = viewFixture({
      market: marketFixture({
        phase: 'Confirmed',
        state: 'EarlyConfirmed',
        label: { key: 'confirmedEarlyOccurred', option: 0 },
        result: 0,
        issuerResult: 0,
        early: true,
        knownAt: NOW - 2 * DAY,
        confirmedAt: NOW - DAY,
        windowEnd: NOW + 6 * DAY,
      }),
      positions: positionFixture(),
    });
    const store = connected(BUYER);
    store.set(langAtom, 'zh');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(issueConfigQueryKey, CONFIG);
    render(
      <AppProviders store={store} queryClient={queryClient}>
        <ResolutionSection view={early} />
      </AppProviders>,
    );
    const form = await screen.findByTestId('challenge-form');
    const knownAt = await within(form).findByTestId('challenge-known-at', {}, { timeout: 4000 });
    // No browser control that a user sees (its 'mm/dd/yyyy' and 'Choose File' follow the browser's language);
    // the picker keeps a hidden one for forms, out of the tab order.
    expect(knownAt.tagName).not.toBe('INPUT');
    expect(form.querySelectorAll('input[type="datetime-local"]:not([tabindex="-1"])')).toHaveLength(0);
    const placeholders = Array.from(knownAt.querySelectorAll('[data-placeholder]')).map((p) => p.textContent);
    expect(placeholders.slice(0, 3)).toEqual(['年', '月', '日']);
    expect(within(form).getByTestId('date-time-zone').textContent).toMatch(/^时区：/);
    expect((await within(form).findByTestId('challenge-image-choose')).textContent).toBe('选择文件');
    expect(within(form).getByTestId('challenge-image-name').textContent).toBe('未选择文件');
  });
});

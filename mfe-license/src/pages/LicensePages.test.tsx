/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '@prds/shared/chains';
import { type LicenseEventView, type LicenseSale, type LicenseView } from '@prds/shared/licenses';
import { AppProviders } from '@prds/shared/providers';
import { accountAtom, chainIdAtom, createStore, desireChainIdAtom, type PrdsStore } from '@prds/shared/state';
import { type Address } from '@prds/shared/wallet';
import { fundItem, licenseView, seedUserInfo } from '@prds/shared/testing';
import App from '../App';

// The pages read the api through the shared client; here a fake answers its calls (the api itself is
// tested against the devnet in api/test, and the whole journey in e2e/tests/license.spec.ts).

const E = 10n ** 18n;
const ME = '0x00000000000000000000000000000000000000a1' as Address;
const OTHER = '0x00000000000000000000000000000000000000b2';
const RENT_END = 1_900_000_000;

type Body = Record<string, unknown>;
type Answer = (body: Body) => unknown;
let answers: Record<string, Answer>;
let seen: { path: string; body: Body }[];
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!String(url).startsWith(API_BASE_URL)) throw new TypeError('offline');
    const body = JSON.parse(String(init?.body ?? '{}')) as Body;
    seen.push({ path: url.pathname, body });
    const answer = answers[url.pathname];
    if (!answer)
      return new Response(JSON.stringify({ code: 40401, msg: 'api.error.routeNotFound', data: null }), { status: 404 });
    return new Response(JSON.stringify({ code: 0, msg: 'success', data: answer(body), extra: null }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

const license = (patch: Partial<LicenseView> & Pick<LicenseView, 'tokenId'>): LicenseView => licenseView(ME, patch);

const SALE: LicenseSale = {
  issuesPerLicense: 10,
  payToken: '0x0000000000000000000000000000000000000001',
  types: [
    {
      type: 'common',
      price: (100n * E).toString(),
      minted: 7,
      maxSupply: 10_000,
      remaining: 9_993,
      properties: { tradable: true, rentable: true, usable: true },
    },
    {
      type: 'scarcity',
      price: (500n * E).toString(),
      minted: 2,
      maxSupply: 1_000,
      remaining: 998,
      properties: { tradable: true, rentable: true, usable: true },
    },
    {
      type: 'attributive',
      price: (1000n * E).toString(),
      minted: 100,
      maxSupply: 100,
      remaining: 0,
      properties: { tradable: false, rentable: true, usable: true },
    },
  ],
  packets: [],
};

const PACKETS = [
  { packetId: 0, counts: { common: 5, scarcity: 0, attributive: 0 }, size: 5, price: (450n * E).toString() },
  { packetId: 2, counts: { common: 2, scarcity: 1, attributive: 1 }, size: 4, price: (1500n * E).toString() },
];

const paged = <T,>(list: readonly T[], body: Body) => ({
  list,
  total: list.length,
  page: Number(body.page ?? 1),
  pageSize: Number(body.pageSize ?? 20),
});

beforeEach(() => {
  seen = [];
  answers = {
    '/api/ticket-sale/sale': () => SALE,
    '/api/ticket-market/packets': () => ({ payToken: SALE.payToken, list: PACKETS }),
    '/api/ticket-market/detail': (body) => paged([], body),
    '/api/ticket/tokens': (body) => paged([], body),
    '/api/ticket/transactions': (body) => paged([], body),
  };
});

function connectedStore(): PrdsStore {
  const store = createStore();
  store.set(accountAtom, ME);
  store.set(chainIdAtom, store.get(desireChainIdAtom));
  return store;
}

/** The remote at `path`, optionally connected as ME holding `usdt` whole USDT. */
function renderAt(path: string, { connected = false, usdt = 0n }: { connected?: boolean; usdt?: bigint } = {}) {
  const store = connected ? connectedStore() : createStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (connected) {
    seedUserInfo(queryClient, {
      account: ME,
      chainId: store.get(desireChainIdAtom),
      fundData: [fundItem('USDT', (usdt * E).toString())],
    });
  }
  render(
    <AppProviders store={store} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, queryClient };
}

const calls = (path: string) => seen.filter((s) => s.path === path).map((s) => s.body);

describe('Get License: the primary sale', () => {
  it('shows each type’s price from the sale, what it gives and how many are left; a sold-out type cannot be minted', async () => {
    renderAt('/nft', { connected: true, usdt: 1_000n });
    const common = await screen.findByTestId('license-type-common');
    await waitFor(() => expect(within(common).getByTestId('license-type-price').textContent).toBe('100 USDT'));
    expect(within(common).getByTestId('license-type-left').textContent).toBe('9,993 of 10,000');
    expect(within(common).getByText('Issues 10 markets')).toBeTruthy();
    expect(within(common).getByTestId('license-mint').hasAttribute('disabled')).toBe(false);

    const attributive = screen.getByTestId('license-type-attributive');
    expect(within(attributive).getByTestId('license-type-price').textContent).toBe('1,000 USDT');
    expect(within(attributive).getByTestId('license-mint').textContent).toBe('Sold out');
    expect(within(attributive).getByTestId('license-mint').hasAttribute('disabled')).toBe(true);
    expect(within(attributive).getByText('Not tradable')).toBeTruthy();
    expect(screen.getByTestId('license-balance').textContent).toBe('Your balance: 1,000 USDT');
  });

  it('says Insufficient balance and asks the wallet nothing when the price is over the balance', async () => {
    renderAt('/nft', { connected: true, usdt: 50n });
    const scarcity = await screen.findByTestId('license-type-scarcity');
    await waitFor(() => expect(within(scarcity).getByTestId('license-type-price').textContent).toBe('500 USDT'));
    fireEvent.click(within(scarcity).getByTestId('license-mint'));
    expect(within(scarcity).getByTestId('license-mint-error').textContent).toBe('Insufficient balance Top up USDT');
    expect(within(scarcity).getByTestId('top-up-link').getAttribute('href')).toBe('/deposit');
    expect(within(scarcity).queryByTestId('tx-status')).toBeNull();
  });

  it('without a wallet, shows the prices and asks to connect before minting', async () => {
    renderAt('/nft');
    const common = await screen.findByTestId('license-type-common');
    await waitFor(() => expect(within(common).getByTestId('license-type-price').textContent).toBe('100 USDT'));
    expect(within(common).getByTestId('license-mint').hasAttribute('disabled')).toBe(true);
    expect(within(common).getByText('Connect your wallet to mint')).toBeTruthy();
  });
});

describe('/nft/packet', () => {
  it('keeps the License layout’s tabs, with Packets selected and the way to Get License and My License', async () => {
    renderAt('/nft/packet');
    const tabs = await screen.findByTestId('license-tabs');
    const selected = within(tabs)
      .getAllByRole('tab')
      .filter((tab) => tab.getAttribute('aria-selected') === 'true');
    expect(selected.map((tab) => tab.textContent)).toEqual(['Packets']);
    expect(within(tabs).getByTestId('license-tab-sale').getAttribute('href')).toBe('/nft');
    expect(within(tabs).getByTestId('license-tab-mine').getAttribute('href')).toBe('/nft/mine');
    expect(within(tabs).getByTestId('license-tab-packet').getAttribute('href')).toBe('/nft/packet');
  });

  it('lists each packet with its contents, price, the single prices and how many are left', async () => {
    renderAt('/nft/packet', { connected: true, usdt: 2_000n });
    const packets = await screen.findAllByTestId('license-packet');
    expect(packets).toHaveLength(2);
    const [five, mixed] = packets as [HTMLElement, HTMLElement];
    expect(within(five).getByRole('heading').textContent).toBe('Packet of 5 Licenses');
    expect(within(five).getByTestId('license-packet-contents').textContent).toBe('5 × Common');
    expect(within(five).getByTestId('license-packet-price').textContent).toBe('450 USDT');
    expect(within(five).getByTestId('fact-singly').textContent).toContain('500 USDT');
    expect(within(five).getByTestId('license-packet-left').textContent).toBe('1,998');
    // Its attributive License is sold out: no packet of it is left.
    expect(within(mixed).getByTestId('license-packet-contents').textContent).toBe('2 × Common1 × Scarcity1 × Attributive');
    expect(within(mixed).getByTestId('license-packet-left').textContent).toBe('0');
    expect(within(mixed).getByTestId('license-packet-buy').hasAttribute('disabled')).toBe(true);
    expect(calls('/api/ticket-market/packets')).toHaveLength(1);
  });
});

describe('the License market', () => {
  const listings = [
    license({ tokenId: '12', type: 'scarcity', state: 'onSale', escrowed: true, owner: OTHER, salePrice: (800n * E).toString() }),
    license({
      tokenId: '13',
      state: 'listedForRent',
      escrowed: true,
      owner: OTHER,
      rentPricePerDay: (15n * E).toString(),
      rentMaxDays: 30,
      rentMaxIssues: 3,
      availableTimes: 2,
    }),
    license({ tokenId: '14', state: 'onSale', escrowed: true, salePrice: (120n * E).toString() }),
  ];

  beforeEach(() => {
    answers['/api/ticket-market/detail'] = (body) => paged(listings, body);
  });

  it('asks the api for the URL’s filters, and a new choice goes into the URL', async () => {
    const store = createStore();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders store={store} queryClient={queryClient}>
        <MemoryRouter initialEntries={['/nft?kind=rent&sort=availableTimesDesc&type=bogus']}>
          <App />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findAllByTestId('license-listing');
    expect(calls('/api/ticket-market/detail')[0]).toMatchObject({
      kind: 'rent',
      type: 'all',
      sort: 'availableTimesDesc',
      page: 1,
    });
    expect((screen.getByTestId('license-market-kind') as HTMLSelectElement).value).toBe('rent');
    fireEvent.change(screen.getByTestId('license-market-type'), { target: { value: 'scarcity' } });
    await waitFor(() =>
      expect(calls('/api/ticket-market/detail').at(-1)).toMatchObject({
        kind: 'rent',
        type: 'scarcity',
        sort: 'availableTimesDesc',
      }),
    );
    fireEvent.change(screen.getByTestId('license-market-sort'), { target: { value: 'priceAsc' } });
    await waitFor(() => expect(calls('/api/ticket-market/detail').at(-1)).toMatchObject({ sort: 'priceAsc' }));
  });

  it('shows each listing’s terms and seller; my own listing offers no purchase', async () => {
    renderAt('/nft', { connected: true, usdt: 1_000n });
    const [sale, rent, mine] = (await screen.findAllByTestId('license-listing')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(sale.dataset.kind).toBe('sale');
    expect(within(sale).getByTestId('fact-price').textContent).toContain('800 USDT');
    expect(within(sale).getByTestId('fact-seller').textContent).toContain('0x0000…00b2');
    expect(within(sale).getByTestId('fact-availableTimes').textContent).toContain('10');
    expect(within(rent).getByTestId('fact-pricePerDay').textContent).toContain('15 USDT');
    expect(within(rent).getByTestId('fact-maxDays').textContent).toContain('30 days');
    expect(within(rent).getByTestId('fact-maxIssues').textContent).toContain('3');
    expect(within(mine).getByTestId('license-listing-mine')).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();
  });

  it('shows the price before buying, and an over-balance purchase sends nothing', async () => {
    renderAt('/nft', { connected: true, usdt: 700n });
    const [sale] = (await screen.findAllByTestId('license-listing')) as [HTMLElement];
    fireEvent.click(within(sale).getByTestId('license-listing-buy'));
    const dialog = await screen.findByTestId('license-buy-dialog');
    expect(within(dialog).getByTestId('license-buy-price').textContent).toBe('800 USDT');
    expect(within(dialog).getByTestId('license-buy-confirm').textContent).toBe('Buy for 800 USDT');
    fireEvent.click(within(dialog).getByTestId('license-buy-confirm'));
    expect(within(dialog).getByTestId('license-buy-error').textContent).toBe('Insufficient balance Top up USDT');
    expect(within(dialog).getByTestId('top-up-link').getAttribute('href')).toBe('/deposit');
    expect(within(dialog).queryByTestId('tx-status')).toBeNull();
  });

  it('renting: the total is price per day × days before anything is signed; days out of range are refused', async () => {
    renderAt('/nft', { connected: true, usdt: 1_000n });
    const rent = (await screen.findAllByTestId('license-listing'))[1] as HTMLElement;
    fireEvent.click(within(rent).getByTestId('license-listing-rent'));
    const dialog = await screen.findByTestId('license-rent-dialog');
    expect(within(dialog).getByTestId('license-rent-days-hint').textContent).toBe('From 1 to 30 days');
    fireEvent.change(within(dialog).getByTestId('license-rent-days'), { target: { value: '2' } });
    expect(within(dialog).getByTestId('license-rent-total').textContent).toContain('30 USDT');
    expect(within(dialog).getByTestId('license-rent-total').dataset.value).toBe((30n * E).toString());
    // The listing allows 3 issues, the License has 2 left.
    expect(within(dialog).getByTestId('license-rent-terms').textContent).toContain('up to 2 markets');
    fireEvent.change(within(dialog).getByTestId('license-rent-days'), { target: { value: '31' } });
    expect(within(dialog).getByTestId('license-rent-days-error').textContent).toBe('Enter a whole number from 1 to 30');
    fireEvent.click(within(dialog).getByTestId('license-rent-confirm'));
    expect(within(dialog).queryByTestId('tx-status')).toBeNull();
  });
});

describe('My License', () => {
  const mine = [
    license({ tokenId: '1' }),
    license({ tokenId: '2', state: 'onSale', escrowed: true, salePrice: (150n * E).toString() }),
    license({
      tokenId: '3',
      state: 'listedForRent',
      escrowed: true,
      rentPricePerDay: (5n * E).toString(),
      rentMaxDays: 30,
      rentMaxIssues: 3,
    }),
    license({
      tokenId: '4',
      type: 'attributive',
      state: 'rented',
      escrowed: true,
      rentPricePerDay: (9n * E).toString(),
      rentMaxDays: 30,
      rentMaxIssues: 2,
      user: OTHER,
      rentEnd: RENT_END,
      rentalMaxIssues: 2,
      rentalIssuesUsed: 1,
    }),
    license({
      tokenId: '5',
      state: 'rented',
      escrowed: true,
      owner: OTHER,
      holder: '0x00000000000000000000000000000000000000ee',
      user: ME.toLowerCase(),
      rentEnd: RENT_END,
      rentalMaxIssues: 3,
      rentalIssuesUsed: 0,
      relation: 'renter',
    }),
  ];

  beforeEach(() => {
    answers['/api/ticket/tokens'] = (body) => paged(mine, body);
  });

  const item = (tokenId: string) =>
    screen.getAllByTestId('license-mine-item').find((el) => el.dataset.tokenId === tokenId) as HTMLElement;
  const buttons = (el: HTMLElement) =>
    within(el)
      .queryAllByRole('button')
      .map((b) => b.dataset.testid);

  it('asks for a wallet first', async () => {
    renderAt('/nft/mine');
    expect((await screen.findByTestId('license-mine-empty')).textContent).toContain('Connect your wallet to see your Licenses');
    expect(calls('/api/ticket/tokens')).toEqual([]);
  });

  it('shows each License with its state and only the actions that state allows', async () => {
    renderAt('/nft/mine', { connected: true, usdt: 10n });
    await screen.findAllByTestId('license-mine-item');
    expect(calls('/api/ticket/tokens')[0]).toMatchObject({ account: ME.toLowerCase(), page: 1 });
    expect(screen.getAllByTestId('license-mine-item').map((el) => [el.dataset.tokenId, el.dataset.holding])).toEqual([
      ['1', 'unsold'],
      ['2', 'onSale'],
      ['3', 'forRent'],
      ['4', 'rentedOut'],
      ['5', 'rentedIn'],
    ]);
    // Owned and not listed: said as where it is, not 'Unsold' (a License just bought from someone is owned, not unsold);
    // its market count is the License's, every holder's markets included.
    expect(within(item('1')).getByTestId('license-holding').textContent).toBe('In your wallet');
    expect(within(item('1')).getByTestId('fact-marketsIssued').textContent).toContain('Markets issued with it (every holder)');
    expect(buttons(item('1'))).toEqual(['license-action-sell', 'license-action-rent']);
    expect(within(item('1')).getByTestId('license-action-issue').getAttribute('href')).toBe('/issue?license=1');
    expect(buttons(item('2'))).toEqual(['license-action-cancel-sale']);
    expect(within(item('2')).getByTestId('fact-price').textContent).toContain('150 USDT');
    // Listed for rent: the page says why there is no sale instead of offering one.
    expect(buttons(item('3'))).toEqual(['license-action-cancel-rent']);
    expect(within(item('3')).getByTestId('license-note-cancelRentBeforeSale').textContent).toBe(
      'A rented License must have its rent cancelled before it can be sold',
    );
    // Rented out: nothing to do until the rental ends; the renter and the end are shown.
    expect(buttons(item('4'))).toEqual([]);
    expect(within(item('4')).getByTestId('fact-renter').textContent).toContain('0x0000…00b2');
    expect(within(item('4')).getByTestId('fact-rentalIssues').textContent).toContain('1 of 2 used');
    // Rented in: whose it is and until when; it can issue.
    expect(within(item('5')).getByTestId('license-holding').textContent).toBe('Rented in');
    expect(within(item('5')).getByTestId('fact-owner').textContent).toContain('0x0000…00b2');
    expect(within(item('5')).getByTestId('fact-rentEnd').textContent).toContain('2030');
    expect(buttons(item('5'))).toEqual([]);
    expect(within(item('5')).getByTestId('license-action-issue').getAttribute('href')).toBe('/issue?license=5');
  });

  it.each([
    ['', 'empty', 'Enter a price'],
    ['0', 'zero', 'The price must be more than 0'],
    ['-3', 'negative', 'The price cannot be negative'],
    ['12abc', 'format', 'Enter the price as a number, such as 120.5'],
    ['1.23456', 'decimals', 'Use at most 4 decimals'],
    ['2000000000', 'tooHigh', 'The price is above the maximum'],
  ])('selling at %j: %s, with a clear message and nothing sent', async (price, kind, message) => {
    renderAt('/nft/mine', { connected: true });
    await screen.findAllByTestId('license-mine-item');
    fireEvent.click(within(item('1')).getByTestId('license-action-sell'));
    const dialog = await screen.findByTestId('license-sell-dialog');
    expect(within(dialog).getByTestId('license-sell-price-hint').textContent).toBe(
      'From 0.0001 USDT to 1,000,000,000 USDT, with at most 4 decimals',
    );
    fireEvent.change(within(dialog).getByTestId('license-sell-price'), { target: { value: price } });
    fireEvent.click(within(dialog).getByTestId('license-sell-confirm'));
    const error = within(dialog).getByTestId('license-sell-price-error');
    expect([error.dataset.kind, error.textContent]).toEqual([kind, message]);
    expect(within(dialog).queryByTestId('tx-status')).toBeNull();
    expect(within(dialog).getByTestId('license-sell-price').getAttribute('aria-invalid')).toBe('true');
  });

  it('pages through the account’s License transactions', async () => {
    const events = (page: number): LicenseEventView[] =>
      Array.from({ length: page === 3 ? 2 : 10 }, (_, i) => ({
        txHash: `0x${(page * 100 + i).toString(16).padStart(64, '0')}`,
        logIndex: 0,
        tokenId: String(page * 100 + i),
        kind: i % 2 === 0 ? 'sold' : 'rented',
        from: i % 4 === 0 ? ME.toLowerCase() : OTHER,
        to: i % 4 === 0 ? OTHER : ME.toLowerCase(),
        price: (3n * E).toString(),
        time: 1_800_000_000,
        blockNumber: page * 100 + i,
      }));
    answers['/api/ticket/transactions'] = (body) => ({ ...paged(events(Number(body.page)), body), total: 22 });
    renderAt('/nft/mine', { connected: true });
    const list = await screen.findByTestId('license-transactions');
    await waitFor(() => expect(within(list).getAllByTestId('license-event')).toHaveLength(10));
    expect(within(list).getByTestId('license-transactions-page').textContent).toBe('Page 1 of 3');
    // Each sale and rental from this account's side: sold or bought, rented out or rented.
    const rows = within(list).getAllByTestId('license-event');
    expect(rows.slice(0, 4).map((row) => row.querySelector('strong')?.textContent)).toEqual([
      'Sold',
      'Rented',
      'Bought',
      'Rented',
    ]);
    expect(rows[0]?.textContent).toContain('Sold License #100');
    expect(rows[0]?.textContent).toContain('with 0x0000…00b2');
    expect(rows[1]?.textContent).toContain('with 0x0000…00b2');
    act(() => within(list).getByTestId('license-transactions-next').click());
    await waitFor(() => expect(within(list).getByTestId('license-transactions-page').textContent).toBe('Page 2 of 3'));
    await waitFor(() => expect(within(list).getAllByTestId('license-event')[0]?.textContent).toContain('#200'));
    expect(calls('/api/ticket/transactions').map((b) => [b.account, b.page, b.pageSize])).toEqual([
      [ME.toLowerCase(), 1, 10],
      [ME.toLowerCase(), 2, 10],
    ]);
  });
});

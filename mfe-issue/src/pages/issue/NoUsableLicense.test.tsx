/**
 * @jest-environment @prds/shared/jest/jsdomWithNodeFetch
 */
import { screen, within } from '@testing-library/react';
import { API_BASE_URL } from '@prds/shared/chains';
import { type LicenseView } from '@prds/shared/licenses';
import { queryClient } from '@prds/shared/query';
import { accountAtom, chainIdAtom, createStore, desireChainIdAtom } from '@prds/shared/state';
import { type Address } from '@prds/shared/wallet';
import { fundItem, licenseView, renderRemoteAt, seedUserInfo } from '@prds/shared/testing';
import App from '../../App';
import type { LicenseOnChain } from './issuingLicenses';

// /issue for a connected wallet with no License that can issue now: the api lists what the wallet
// holds (a fake answers the shared client), the chain says what each License can do (readContract
// mocked per token). The devnet journey is e2e/tests/issue-no-license.spec.ts.

const E = 10n ** 18n;
const ME = '0x00000000000000000000000000000000000000a1' as Address;
const OTHER = '0x00000000000000000000000000000000000000b2';
const MARKETPLACE = '0x00000000000000000000000000000000000000c3';
const ZERO = '0x0000000000000000000000000000000000000000';
const CHAIN_NOW = 1_900_000_000;

let listed: LicenseView[] = [];
let onChain = new Map<string, LicenseOnChain>();

jest.mock('@prds/shared/wallet', () => {
  const actual = jest.requireActual<typeof import('@prds/shared/wallet')>('@prds/shared/wallet');
  return {
    ...actual,
    readChainTime: jest.fn(async () => CHAIN_NOW),
    readContract: jest.fn(async (_role: string, fn: string, args: readonly unknown[]) => {
      const facts = fn === 'params' || fn === 'typePrice' ? null : onChain.get(String(args[0]));
      switch (fn) {
        case 'params':
          return { feeBps: 200, marginFeeBps: 5000, issuerShareBps: 5000, capacityMultiple: 20, minLiquidity: 100n * E };
        case 'typePrice':
          return 100n * E;
        case 'info':
          return { licenseType: 0n, availableTimes: BigInt(facts?.availableTimes ?? 0), usable: facts?.usable ?? false };
        case 'ownerOf':
          return facts?.owner;
        case 'rentalOf': {
          const rental = facts?.rental ?? { user: ZERO, expires: 0, maxIssues: 0, issuesUsed: 0 };
          return { ...rental, expires: BigInt(rental.expires) };
        }
        default:
          throw new Error(`no ${fn} in this test`);
      }
    }),
  };
});

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!String(url).startsWith(API_BASE_URL)) throw new TypeError('offline');
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ code: 0, msg: 'success', data, extra: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname === '/api/ticket/tokens') return ok({ list: listed, total: listed.length, page: 1, pageSize: 100 });
    return new Response(JSON.stringify({ code: 40401, msg: 'api.error.routeNotFound', data: null }), { status: 404 });
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const license = (patch: Partial<LicenseView> & Pick<LicenseView, 'tokenId'>): LicenseView => licenseView(ME, patch);

const noRental = { user: ZERO, expires: 0, maxIssues: 0, issuesUsed: 0 };
const owned: LicenseOnChain = { availableTimes: 10, usable: true, owner: ME, rental: noRental, value: 100n * E };

function renderIssue() {
  const store = createStore();
  store.set(accountAtom, ME);
  store.set(chainIdAtom, store.get(desireChainIdAtom));
  seedUserInfo(queryClient, {
    account: ME,
    chainId: store.get(desireChainIdAtom),
    fundData: [fundItem('USDT', (1_000n * E).toString())],
  });
  renderRemoteAt(App, '/issue', { store });
}

beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
  listed = [];
  onChain = new Map();
});

describe('/issue without a License that can issue now', () => {
  it('says the wallet has no License, offers mint, buy and rent, and shows no form', async () => {
    renderIssue();
    const panel = await screen.findByTestId('issue-no-license');
    expect(panel.dataset.case).toBe('none');
    expect(panel.querySelector('h2')?.textContent).toBe('You have no License');
    expect(within(panel).getByTestId('issue-no-license-get').getAttribute('href')).toBe('/nft');
    expect(within(panel).getByTestId('issue-no-license-rent').getAttribute('href')).toBe('/nft?kind=rent');
    expect(within(panel).queryByTestId('issue-no-license-mine')).toBeNull();
    expect(screen.queryByTestId('issue-form')).toBeNull();
    expect(screen.queryByTestId('issue-submit')).toBeNull();
  });

  it('names each License with why it cannot issue now, and links My License to cancel a sale', async () => {
    listed = [
      license({ tokenId: '1', escrowed: true, state: 'onSale', salePrice: (90n * E).toString() }),
      license({ tokenId: '2', state: 'rented', user: OTHER, rentEnd: CHAIN_NOW + 86_400 }),
      license({ tokenId: '3', availableTimes: 0 }),
      license({ tokenId: '4', owner: OTHER, holder: OTHER, relation: 'renter', user: ME, rentEnd: CHAIN_NOW + 86_400 }),
      license({ tokenId: '5', escrowed: true, state: 'listedForRent' }),
    ];
    onChain = new Map([
      ['1', { ...owned, owner: MARKETPLACE }],
      ['2', { ...owned, rental: { user: OTHER, expires: CHAIN_NOW + 86_400, maxIssues: 2, issuesUsed: 0 } }],
      ['3', { ...owned, availableTimes: 0 }],
      ['4', { ...owned, owner: OTHER, rental: { user: ME, expires: CHAIN_NOW + 86_400, maxIssues: 1, issuesUsed: 1 } }],
      ['5', { ...owned, owner: MARKETPLACE }],
    ]);
    renderIssue();
    const panel = await screen.findByTestId('issue-no-license');
    expect(panel.dataset.case).toBe('blocked');
    expect(panel.querySelector('h2')?.textContent).toBe('None of your Licenses can issue a market now.');
    const rows = within(panel).getAllByTestId('issue-blocked-license');
    expect(rows.map((row) => [row.dataset.licenseId, row.dataset.block])).toEqual([
      ['1', 'onSale'],
      ['2', 'rentedOut'],
      ['3', 'noUsesLeft'],
      ['4', 'rentalUsedUp'],
      ['5', 'listedForRent'],
    ]);
    expect(rows[0]?.textContent).toContain('On sale: cancel the sale in My License to issue with it');
    expect(rows[1]?.textContent).toMatch(/^License #2.*Rented out until .+2030/);
    expect(rows[2]?.textContent).toContain('No markets left to issue');
    expect(rows[3]?.textContent).toContain('Your rental allows no more markets');
    expect(within(panel).getByTestId('issue-no-license-mine').getAttribute('href')).toBe('/nft/mine');
    expect(within(panel).getByTestId('issue-no-license-get').getAttribute('href')).toBe('/nft');
    expect(screen.queryByTestId('issue-form')).toBeNull();
  });

  it('shows the form when one License can issue, and only that one in the picker', async () => {
    listed = [license({ tokenId: '1', escrowed: true, state: 'onSale' }), license({ tokenId: '2' })];
    onChain = new Map([
      ['1', { ...owned, owner: MARKETPLACE }],
      ['2', owned],
    ]);
    renderIssue();
    await screen.findByTestId('issue-license-option');
    expect(screen.getAllByTestId('issue-license-option').map((node) => node.dataset.licenseId)).toEqual(['2']);
    expect(screen.queryByTestId('issue-no-license')).toBeNull();
  });
});

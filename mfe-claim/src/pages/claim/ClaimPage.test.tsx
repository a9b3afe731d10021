import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '@prds/shared/query';
import { prdsStore } from '@prds/shared/state';
import { TOKEN_ICON_PATHS, connectWallet, disconnectWallet } from '@prds/shared/wallet';
import { renderRemoteAt } from '@prds/shared/testing';
import App from '../../App';

// The chain's answer to Claim.eligibility, without a devnet (the claim itself runs in e2e/tests/wallet.spec.ts):
// 1 = alreadyClaimed, the state a wallet is in once its claim is mined.
let eligibilityCode = 1n;
jest.mock('@prds/shared/wallet', () => {
  const actual = jest.requireActual<typeof import('@prds/shared/wallet')>('@prds/shared/wallet');
  return {
    ...actual,
    readContract: jest.fn(async (_role: string, fn: string) => {
      if (fn === 'eligibility') return eligibilityCode;
      if (fn === 'claimAmount') return 100n * 10n ** 18n;
      throw new Error(`no ${fn} in this test`);
    }),
  };
});

const ACCOUNT = '0x00000000000000000000000000000000000000A1';

// A wallet in the page that records every wallet_watchAsset and answers as the test says.
class FakeWallet {
  readonly watched: unknown[] = [];
  answer: () => unknown = () => true;
  on() {
    return this;
  }
  removeListener() {
    return this;
  }
  async request({ method, params }: { method: string; params?: unknown }) {
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ACCOUNT];
    if (method === 'eth_chainId') return '0x7a69';
    if (method === 'wallet_watchAsset') {
      this.watched.push(params);
      return this.answer();
    }
    throw Object.assign(new Error(`unexpected ${method}`), { code: 4200 });
  }
}

let wallet: FakeWallet;

beforeEach(async () => {
  wallet = new FakeWallet();
  (window as { ethereum?: unknown }).ethereum = wallet;
  await act(async () => {
    await connectWallet({ kind: 'injected' });
  });
});

afterEach(async () => {
  await act(() => disconnectWallet());
  // The page's one data cache outlives a render: each test answers eligibility afresh.
  queryClient.clear();
});

describe('claim page: Add PRDS to wallet', () => {
  it('is offered after the claim and asks the wallet to list PRDS with its address, decimals and icon URL', async () => {
    eligibilityCode = 1n;
    renderRemoteAt(App, '/claim', { store: prdsStore });
    const add = await screen.findByTestId('claim-add-token');
    expect(add.textContent).toBe('Add PRDS to wallet');
    fireEvent.click(add);
    expect(await screen.findByText('PRDS was added to your wallet')).toBeTruthy();
    expect(screen.getByTestId('claim-add-token-outcome').dataset.outcome).toBe('added');
    expect(wallet.watched).toEqual([
      {
        type: 'ERC20',
        options: {
          address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          symbol: 'PRDS',
          decimals: 18,
          image: `${window.location.origin}${TOKEN_ICON_PATHS.platformToken}`,
        },
      },
    ]);
  });

  it('shows a refusal (4001) and a wallet without the method in words, instead of nothing', async () => {
    eligibilityCode = 1n;
    renderRemoteAt(App, '/claim', { store: prdsStore });
    const add = await screen.findByTestId('claim-add-token');
    wallet.answer = () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
    fireEvent.click(add);
    expect(await screen.findByText('You declined to add PRDS to your wallet')).toBeTruthy();
    wallet.answer = () => {
      throw Object.assign(new Error('Method not found'), { code: -32601 });
    };
    fireEvent.click(add);
    await waitFor(() =>
      expect(screen.getByTestId('claim-add-token-outcome').textContent).toBe(
        'This wallet cannot add tokens: add PRDS by its contract addressMethod not found',
      ),
    );
    expect(screen.getByTestId('claim-add-token-outcome').dataset.outcome).toBe('failed');
  });

  it('is not offered before the claim', async () => {
    eligibilityCode = 0n;
    renderRemoteAt(App, '/claim', { store: prdsStore });
    await waitFor(() => expect(screen.getByTestId('claim-eligibility').dataset.eligibility).toBe('eligible'));
    expect(screen.queryByTestId('claim-add-token')).toBeNull();
  });
});

/** @jest-environment jsdom */
import { desireChainIdAtom } from '../../state/atoms';
import { prdsStore } from '../../state/store';
import { watchableTokens, watchAssetRequest } from '../watchAsset';
import { contractAddress } from './chainAccess';
import { connect, disconnect } from './session';
import { watchAsset } from './watchAsset';

// A wallet in the page (jsdom has none): it records what the page asks and answers as told.
class FakeWallet {
  readonly requests: { method: string; params?: unknown }[] = [];
  answer: (method: string) => unknown = () => true;
  on() {
    return this;
  }
  removeListener() {
    return this;
  }
  async request(request: { method: string; params?: unknown }) {
    if (request.method === 'eth_requestAccounts' || request.method === 'eth_accounts')
      return ['0x00000000000000000000000000000000000000a1'];
    if (request.method === 'eth_chainId') return '0x7a69';
    this.requests.push(request);
    return this.answer(request.method);
  }
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
const ORIGIN = 'https://prds.example';

let wallet: FakeWallet;

beforeEach(async () => {
  wallet = new FakeWallet();
  (window as { ethereum?: unknown }).ethereum = wallet;
  prdsStore.set(desireChainIdAtom, '0x7a69');
  await connect({ kind: 'injected' });
});

afterEach(() => disconnect());

describe('watchAssetRequest (EIP-747)', () => {
  it('names the token by address, symbol and decimals, with an icon URL on the site, never a data: URI', () => {
    expect(watchAssetRequest('platformToken', '0x00000000000000000000000000000000000000c3', ORIGIN)).toEqual({
      method: 'wallet_watchAsset',
      params: {
        type: 'ERC20',
        options: {
          address: '0x00000000000000000000000000000000000000c3',
          symbol: 'PRDS',
          decimals: 18,
          image: 'https://prds.example/token-icons/prds.svg',
        },
      },
    });
    expect(watchAssetRequest('payToken', '0x00000000000000000000000000000000000000c4', ORIGIN).params.options).toMatchObject({
      symbol: 'USDT',
      image: 'https://prds.example/token-icons/usdt.svg',
    });
  });

  it('offers PRDS everywhere and the pay token only where it is ours (devnet, testnet), not Tether’s on BSC', () => {
    expect(watchableTokens('0x38')).toEqual(['platformToken']);
    expect(watchableTokens('0x61')).toEqual(['platformToken', 'payToken']);
    expect(watchableTokens('0x7a69')).toEqual(['platformToken', 'payToken']);
  });
});

describe('watchAsset', () => {
  it("asks the connected wallet for the devnet's PRDS at its deployed address", async () => {
    const address = contractAddress('0x7a69', 'platformToken');
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect(watchAsset('platformToken', '0x7a69', ORIGIN)).resolves.toEqual({ status: 'added' });
    expect(wallet.requests).toEqual([watchAssetRequest('platformToken', address ?? '', ORIGIN)]);
  });

  it('turns a refusal (4001, or a plain false) and a wallet without EIP-747 into localized messages', async () => {
    const declined = { status: 'failed', error: { messageKey: 'wallet.watchAsset.declined', values: { symbol: 'PRDS' } } };
    wallet.answer = () => {
      throw rpcError(4001, 'User rejected the request.');
    };
    await expect(watchAsset('platformToken', '0x7a69', ORIGIN)).resolves.toEqual(declined);
    wallet.answer = () => false;
    await expect(watchAsset('platformToken', '0x7a69', ORIGIN)).resolves.toEqual(declined);

    for (const code of [4200, -32601]) {
      wallet.answer = () => {
        throw rpcError(code, 'method not supported');
      };
      await expect(watchAsset('payToken', '0x7a69', ORIGIN)).resolves.toEqual({
        status: 'failed',
        error: { messageKey: 'wallet.watchAsset.unsupported', values: { symbol: 'USDT' }, detail: 'method not supported' },
      });
    }

    wallet.answer = () => {
      throw rpcError(-32603, 'internal error');
    };
    await expect(watchAsset('platformToken', '0x7a69', ORIGIN)).resolves.toEqual({
      status: 'failed',
      error: { messageKey: 'wallet.watchAsset.failed', values: { symbol: 'PRDS' }, detail: 'internal error' },
    });
  });

  it('says to connect first when no wallet is connected, and that the protocol is absent on a chain without it', async () => {
    disconnect();
    await expect(watchAsset('platformToken', '0x7a69', ORIGIN)).resolves.toEqual({
      status: 'failed',
      error: { messageKey: 'wallet.watchAsset.notConnected', values: { symbol: 'PRDS' } },
    });
    await connect({ kind: 'injected' });
    await expect(watchAsset('platformToken', '0x38', ORIGIN)).resolves.toEqual({
      status: 'failed',
      error: { messageKey: 'wallet.notAvailable' },
    });
    expect(wallet.requests).toEqual([]);
  });
});

import { isWalletConnectAvailable } from '../walletConnectAvailable';
import { DEFAULT_WALLETCONNECT_RELAY_URL, walletConnectChains, walletConnectConfig } from './walletConnectConfig';
import { walletConnectOptions, walletConnectRpcMap } from './walletConnect';

describe('isWalletConnectAvailable', () => {
  it('follows the project id the build names', () => {
    process.env.PRDS_WALLETCONNECT_PROJECT_ID = ' ';
    expect(isWalletConnectAvailable()).toBe(false);
    process.env.PRDS_WALLETCONNECT_PROJECT_ID = 'abc123';
    expect(isWalletConnectAvailable()).toBe(true);
    delete process.env.PRDS_WALLETCONNECT_PROJECT_ID;
    expect(isWalletConnectAvailable()).toBe(false);
  });
});

describe('walletConnectConfig', () => {
  it('is absent without a project id, so the dialog does not offer WalletConnect', () => {
    expect(walletConnectConfig(undefined, undefined)).toBeNull();
    expect(walletConnectConfig('  ', 'ws://127.0.0.1:8797')).toBeNull();
  });

  it("takes the build's relay, else WalletConnect's own", () => {
    expect(walletConnectConfig('abc123', 'ws://127.0.0.1:8797')).toEqual({
      projectId: 'abc123',
      relayUrl: 'ws://127.0.0.1:8797',
    });
    expect(walletConnectConfig('abc123', '')).toEqual({ projectId: 'abc123', relayUrl: DEFAULT_WALLETCONNECT_RELAY_URL });
  });
});

describe('walletConnectChains', () => {
  it("requires the build's chain: BSC 56 in production, 97 on the testnet, the devnet (and BSC optional) in a devnet build", () => {
    expect(walletConnectChains('production')).toEqual({ required: [56], optional: [56] });
    expect(walletConnectChains('testnet')).toEqual({ required: [97], optional: [97] });
    expect(walletConnectChains('devnet')).toEqual({ required: [31337], optional: [31337, 56] });
  });
});

describe('walletConnectOptions', () => {
  it('reads chains through our RPCs and reaches no WalletConnect service but the relay', () => {
    expect(walletConnectRpcMap([56, 97, 31337, 1])).toEqual({
      56: 'https://bsc-dataseed.bnbchain.org',
      97: 'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
      31337: 'http://127.0.0.1:8545',
    });
    const options = walletConnectOptions({ projectId: 'abc123', relayUrl: 'ws://127.0.0.1:8797' }, 'https://prds.example');
    expect(options).toMatchObject({
      projectId: 'abc123',
      relayUrl: 'ws://127.0.0.1:8797',
      chains: [31337],
      optionalChains: [31337, 56],
      showQrModal: false,
      telemetryEnabled: false,
      rpcMap: { 31337: 'http://127.0.0.1:8545', 56: 'https://bsc-dataseed.bnbchain.org' },
      metadata: { url: 'https://prds.example' },
    });
    expect(options.optionalMethods).toEqual(
      expect.arrayContaining(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']),
    );
  });
});

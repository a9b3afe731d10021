import type { Provider } from '@web3-react/types';
import { CHAINS, toChainId } from '@prds/shared/chains';
import { prdsStore } from '@prds/shared/state';
import { walletConnectChains, walletConnectConfig, type WalletConnectConfig } from './walletConnectConfig';
import { walletConnectUriAtom } from '../walletState';

import type { EthereumProviderOptions } from '@walletconnect/ethereum-provider';

type WalletConnectModule = typeof import('@walletconnect/ethereum-provider');
export type WalletConnectProvider = Awaited<ReturnType<WalletConnectModule['EthereumProvider']['init']>>;

/** What the pairing methods ask beyond WalletConnect's two required ones: what the product sends a wallet. */
const OPTIONAL_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
];

/** Each chain's RPC for WalletConnect's reads (eth_call, estimates): ours, never WalletConnect's RPC service. */
export function walletConnectRpcMap(chains: readonly number[]): Record<number, string> {
  const map: Record<number, string> = {};
  for (const chain of chains) {
    const id = toChainId(chain);
    const url = id === null ? undefined : CHAINS[id].rpcUrls[0];
    if (url !== undefined) map[chain] = url;
  }
  return map;
}

/** The options for EthereumProvider.init, all from the build: nothing reaches a WalletConnect service but the relay. */
export function walletConnectOptions(config: WalletConnectConfig, origin: string): EthereumProviderOptions {
  const { required, optional } = walletConnectChains();
  return {
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    chains: required,
    optionalChains: optional,
    optionalMethods: OPTIONAL_METHODS,
    rpcMap: walletConnectRpcMap([...new Set([...required, ...optional])]),
    // The dialog draws the QR code and the phone wallets itself (no Reown modal, no wallet-list fetches).
    showQrModal: false,
    // No usage events to pulse.walletconnect.org.
    telemetryEnabled: false,
    // A restored session is used at once, not after a ping the phone may answer much later.
    disableProviderPing: true,
    customStoragePrefix: 'prds',
    logger: 'error',
    metadata: { name: 'PRDS', description: 'Prediction markets on BNB Smart Chain', url: origin, icons: [] },
  };
}

/**
 * WalletConnect's Verify API: before sending a proposal the SDK loads a hidden iframe from
 * verify.walletconnect.org for an attestation of the page's origin, and waits up to 5 s for it. The
 * site's CSP allows no third-party frame (scripts/serve.mjs sitePolicy), so that wait would come before
 * every QR code and lead nowhere; the proposal goes without an attestation (wallets show the domain as
 * unverified, as they would without the iframe) and no request leaves for verify.walletconnect.org.
 */
function withoutVerifyFrame(provider: WalletConnectProvider): void {
  const verify = provider.signer.client?.core.verify;
  if (verify) verify.register = async () => '';
}

let loading: Promise<WalletConnectProvider> | null = null;

/**
 * The page's one WalletConnect provider (one relay connection, one key store), created on first use:
 * its code is a chunk of its own, loaded only when WalletConnect is chosen or a remembered session is
 * restored. A pairing URI it shows goes to walletConnectUriAtom for the dialog's QR code and phone links.
 */
export function walletConnectProvider(): Promise<WalletConnectProvider> | null {
  const config = walletConnectConfig();
  if (config === null) return null;
  loading ??= import(/* webpackChunkName: "walletconnect" */ '@walletconnect/ethereum-provider')
    .then(({ EthereumProvider }) => EthereumProvider.init(walletConnectOptions(config, window.location.origin)))
    .then((provider) => {
      withoutVerifyFrame(provider);
      provider.on('display_uri', (uri: string) => prdsStore.set(walletConnectUriAtom, uri));
      return provider;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The EthereumProvider as web3-react's EIP-1193 connector takes it. */
export function asProvider(provider: WalletConnectProvider): Provider {
  return provider as unknown as Provider;
}

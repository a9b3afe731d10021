import { EIP1193 } from '@web3-react/eip1193';
import { createWeb3ReactStoreAndActions } from '@web3-react/store';
import type { Provider } from '@web3-react/types';
import { getAddress } from 'ethers';
import { CHAINS, isChainId, toChainId, type ChainId } from '@prds/shared/chains';
import type { Address } from '../../contracts/contractTypes';
import { accountAtom, chainIdAtom, desireChainIdAtom, walletAtom } from '@prds/shared/state';
import { prdsStore } from '@prds/shared/state';
import { isDevWalletAvailable } from '../chainLinks';
import { writeWalletChoice } from '../storedChoice';
import { walletConnectUriAtom, walletErrorAtom, walletStatusAtom } from '../walletState';
import type { WalletChoice, WalletError, WalletOption } from '../walletTypes';
import { DevWalletProvider } from './devWalletProvider';
import { discoverInjectedWallets } from './eip6963';
import { errorCode, isUserRejection, walletMessage } from './errors';
import { asProvider, walletConnectProvider, type WalletConnectProvider } from './walletConnect';

interface Session {
  readonly option: WalletOption;
  readonly choice: WalletChoice;
  readonly provider: Provider;
  readonly connector: EIP1193;
  readonly unsubscribe: () => void;
  /** Ends the session on the wallet's side too (WalletConnect: the phone is told). */
  readonly close?: () => void;
}

interface FoundWallet {
  readonly provider: Provider;
  readonly option: WalletOption;
  /** WalletConnect's provider, which must pair before it has an account to give. */
  readonly walletConnect?: WalletConnectProvider;
}

const WALLETCONNECT_OPTION: WalletOption = { id: 'walletconnect', kind: 'walletconnect', name: 'WalletConnect' };

/** Why a chosen wallet cannot connect here, by its kind. */
const UNAVAILABLE: Record<WalletChoice['kind'], WalletError> = {
  injected: { messageKey: 'wallet.installMetaMask' },
  dev: { messageKey: 'wallet.error.devUnavailable' },
  walletconnect: { messageKey: 'wallet.error.walletConnectUnavailable' },
};

/** Thrown into a waiting WalletConnect pairing when the user closes the dialog. */
class PairingCancelled extends Error {}
let cancelPairing: ((error: PairingCancelled) => void) | null = null;

let session: Session | null = null;
const store = prdsStore;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function isHexAddress(value: string): value is Address {
  return HEX_ADDRESS.test(value);
}

/** Where an account enters the page's state: checksummed and typed once, so no reader casts it. */
function toAccount(reported: string | undefined): Address | null {
  if (reported === undefined) return null;
  const address = getAddress(reported);
  return isHexAddress(address) ? address : null;
}

export function currentProvider(): Provider | null {
  return session?.provider ?? null;
}

export function currentSession(): Pick<Session, 'option' | 'choice'> | null {
  return session;
}

function endSession(): void {
  if (!session) return;
  session.unsubscribe();
  session.connector.resetState();
  session.close?.();
  session = null;
  store.set(accountAtom, null);
  store.set(chainIdAtom, null);
  store.set(walletAtom, null);
  store.set(walletStatusAtom, 'idle');
}

async function providerFor(choice: WalletChoice, devnetChainId: ChainId, eager: boolean): Promise<FoundWallet | null> {
  if (choice.kind === 'walletconnect') {
    const pending = walletConnectProvider();
    if (pending === null) return null;
    const provider = await pending;
    // A reload restores a session WalletConnect kept; without one there is nothing to reconnect.
    if (eager && !provider.session) return null;
    return { provider: asProvider(provider), option: WALLETCONNECT_OPTION, walletConnect: provider };
  }
  if (choice.kind === 'dev') {
    const [rpcUrl] = CHAINS[devnetChainId].rpcUrls;
    if (!isDevWalletAvailable(devnetChainId) || rpcUrl === undefined) return null;
    return {
      provider: new DevWalletProvider(rpcUrl, choice.account, devnetChainId),
      option: { id: 'dev', kind: 'dev', name: 'Dev wallet' },
    };
  }
  const wallets = await discoverInjectedWallets();
  const wallet = (choice.rdns && wallets.find((w) => w.option.rdns === choice.rdns)) || wallets[0];
  return wallet ?? null;
}

/**
 * Connects the chosen wallet through a web3-react EIP-1193 connector and mirrors its state (account,
 * chain) into the page's atoms, which host and remotes read. `eager`: a reload reconnecting a
 * remembered choice asks `eth_accounts` only, never a prompt.
 */
export async function connect(choice: WalletChoice, { eager = false }: { eager?: boolean } = {}): Promise<boolean> {
  store.set(walletErrorAtom, null);
  store.set(walletStatusAtom, 'connecting');
  let found: FoundWallet | null;
  try {
    found = await providerFor(choice, store.get(desireChainIdAtom), eager);
  } catch (error) {
    // WalletConnect's code or its relay failed to load.
    store.set(walletStatusAtom, session ? 'connected' : 'idle');
    if (!eager) store.set(walletErrorAtom, { messageKey: 'wallet.error.connectFailed', detail: walletMessage(error) });
    return false;
  }
  if (!found) {
    store.set(walletStatusAtom, session ? 'connected' : 'idle');
    if (eager) writeWalletChoice(null);
    else store.set(walletErrorAtom, UNAVAILABLE[choice.kind]);
    return false;
  }
  endSession();
  store.set(walletStatusAtom, 'connecting');

  const [connectorStore, actions] = createWeb3ReactStoreAndActions();
  const connector = new EIP1193({ actions, provider: found.provider });
  let hadAccount = false;
  const sync = (): void => {
    const state = connectorStore.getState();
    const account = toAccount(state.accounts?.[0]);
    const chainId = state.chainId === undefined ? null : (toChainId(state.chainId) ?? `0x${state.chainId.toString(16)}`);
    if (account !== null && !hadAccount) {
      // Remembered before the page shows the account, so a reload from then on reconnects it.
      hadAccount = true;
      writeWalletChoice(choice);
    }
    const reset = state.accounts === undefined && state.chainId === undefined;
    if (hadAccount && !state.activating && (state.accounts !== undefined || reset) && account === null) {
      // The user disconnected this site in the wallet (an empty account list, or the provider's
      // 'disconnect': a WalletConnect session the phone ended).
      writeWalletChoice(null);
      endSession();
      return;
    }
    store.set(accountAtom, account);
    store.set(chainIdAtom, chainId);
    store.set(walletAtom, account !== null && chainId !== null ? { connectorId: found.option.id, account, chainId } : null);
    if (account !== null) store.set(walletStatusAtom, 'connected');
  };
  const unsubscribe = connectorStore.subscribe(sync);
  const walletConnect = found.walletConnect;
  const close = walletConnect
    ? () => {
        store.set(walletConnectUriAtom, null);
        walletConnect.disconnect().catch(() => undefined);
      }
    : undefined;
  session = { option: found.option, choice, provider: found.provider, connector, unsubscribe, ...(close ? { close } : {}) };

  try {
    if (walletConnect && !eager && !walletConnect.session) await pairWalletConnect(walletConnect);
    if (eager) await connector.connectEagerly();
    else await connector.activate();
  } catch (error) {
    endSession();
    if (error instanceof PairingCancelled) {
      writeWalletChoice(null);
      return false;
    }
    if (!eager) {
      writeWalletChoice(null);
      store.set(
        walletErrorAtom,
        isUserRejection(error)
          ? { messageKey: 'wallet.error.rejected' }
          : { messageKey: 'wallet.error.connectFailed', detail: walletMessage(error) },
      );
    }
    return false;
  }
  if (store.get(accountAtom) === null) {
    // eth_accounts answered nothing: the wallet no longer grants this site an account.
    endSession();
    writeWalletChoice(null);
    return false;
  }
  return true;
}

/**
 * Shows a pairing URI (walletConnectUriAtom: the dialog's QR code and phone links) and waits until a
 * wallet approves the session, declines it, or the user closes the dialog (cancelWalletConnect).
 */
async function pairWalletConnect(provider: WalletConnectProvider): Promise<void> {
  store.set(walletConnectUriAtom, null);
  const cancelled = new Promise<never>((_, reject) => {
    cancelPairing = reject;
  });
  try {
    await Promise.race([provider.connect(), cancelled]);
  } catch (error) {
    // The provider rethrows the phone's refusal as a bare Error('User rejected.'), without its code:
    // give it back the code (WalletConnect's USER_REJECTED) so the dialog says the user declined.
    if (!(error instanceof PairingCancelled) && /user rejected/i.test(walletMessage(error)))
      throw Object.assign(new Error(walletMessage(error)), { code: 5000 });
    throw error;
  } finally {
    cancelPairing = null;
    store.set(walletConnectUriAtom, null);
  }
}

/** The user closed the dialog while a WalletConnect pairing waited: stop waiting, show no error. */
export function cancelWalletConnect(): void {
  cancelPairing?.(new PairingCancelled('pairing cancelled'));
}

export function disconnect(): void {
  endSession();
  store.set(walletErrorAtom, null);
  writeWalletChoice(null);
}

/** The `wallet_addEthereumChain` parameter for a chain of ours (empty lists left out: wallets refuse them). */
export function addChainParameter(chainId: ChainId) {
  const chain = CHAINS[chainId];
  return {
    chainId: chain.chainId,
    chainName: chain.chainName,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: [...chain.rpcUrls],
    ...(chain.blockExplorerUrls.length > 0 ? { blockExplorerUrls: [...chain.blockExplorerUrls] } : {}),
    ...(chain.iconUrls.length > 0 ? { iconUrls: [...chain.iconUrls] } : {}),
  };
}

export type SwitchOutcome = 'switched' | 'refused' | 'failed';

/**
 * Spec §4: ask the wallet to switch; a refusal (4001) is ignored; any other failure → add the chain,
 * then connect. Without a wallet it only changes the chain the page wants.
 */
export async function switchNetwork(target: ChainId): Promise<SwitchOutcome> {
  store.set(desireChainIdAtom, target);
  store.set(walletErrorAtom, null);
  const current = session;
  if (!current) return 'switched';
  try {
    await current.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: target }] });
  } catch (error) {
    if (errorCode(error) === 4001) return 'refused';
    try {
      await current.provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameter(target)] });
    } catch (addError) {
      if (errorCode(addError) === 4001) return 'refused';
      store.set(walletErrorAtom, {
        messageKey: 'wallet.error.switchFailed',
        values: { chain: CHAINS[target].chainName },
        detail: walletMessage(addError),
      });
      return 'failed';
    }
  }
  try {
    await current.connector.activate();
  } catch (error) {
    if (!isUserRejection(error)) {
      store.set(walletErrorAtom, { messageKey: 'wallet.error.connectFailed', detail: walletMessage(error) });
      return 'failed';
    }
    return 'refused';
  }
  return 'switched';
}

/** Dev wallet: use another devnet account (the wallet emits accountsChanged, as MetaMask would). */
export function selectDevAccount(account: string): void {
  const current = session;
  if (!current || !(current.provider instanceof DevWalletProvider)) return;
  current.provider.selectAccount(account);
  writeWalletChoice({ kind: 'dev', account });
}

export function isDesiredChain(chainId: string | null): chainId is ChainId {
  return chainId !== null && isChainId(chainId) && chainId === store.get(desireChainIdAtom);
}

import { useCallback } from 'react';
import type { Address } from '../contracts/contractTypes';
import { CHAINS, type ChainConfig, type ChainId } from '@prds/shared/chains';
import { accountAtom, chainIdAtom, desireChainIdAtom, walletAtom } from '@prds/shared/state';
import { useAtomValue } from '@prds/shared/state';
import { useIsConnected } from '@prds/shared/state';
import { isChainAvailable } from './chainLinks';
import { connectWallet, disconnectWallet, switchNetwork } from './walletActions';
import { walletErrorAtom, walletStatusAtom } from './walletState';
import type { WalletChoice, WalletError, WalletStatus } from './walletTypes';

export interface WalletView {
  /** Checksummed, typed for contract calls as it is (no cast). */
  readonly account: Address | null;
  /** The wallet's chain (hex), or null. */
  readonly chainId: string | null;
  readonly desiredChainId: ChainId;
  readonly desiredChain: ChainConfig;
  readonly status: WalletStatus;
  /** Spec §4: an account on the desired chain. */
  readonly isConnected: boolean;
  /** An account on another chain. */
  readonly isWrongNetwork: boolean;
  /** The protocol is deployed on the desired chain. */
  readonly isAvailable: boolean;
  readonly connectorId: string | null;
  readonly error: WalletError | null;
  readonly connect: (choice: WalletChoice) => Promise<boolean>;
  readonly disconnect: () => Promise<void>;
  readonly switchNetwork: (chainId?: ChainId) => Promise<'switched' | 'refused' | 'failed'>;
}

/** Everything the page shows about the wallet; host and remotes read the same atoms. */
export function useWallet(): WalletView {
  const account = useAtomValue(accountAtom);
  const chainId = useAtomValue(chainIdAtom);
  const desiredChainId = useAtomValue(desireChainIdAtom);
  const handle = useAtomValue(walletAtom);
  const status = useAtomValue(walletStatusAtom);
  const error = useAtomValue(walletErrorAtom);
  const isConnected = useIsConnected();
  const switchTo = useCallback((target?: ChainId) => switchNetwork(target ?? desiredChainId), [desiredChainId]);
  return {
    account,
    chainId,
    desiredChainId,
    desiredChain: CHAINS[desiredChainId],
    status,
    isConnected,
    isWrongNetwork: account !== null && chainId !== null && chainId !== desiredChainId,
    isAvailable: isChainAvailable(desiredChainId),
    connectorId: handle?.connectorId ?? null,
    error,
    connect: connectWallet,
    disconnect: disconnectWallet,
    switchNetwork: switchTo,
  };
}

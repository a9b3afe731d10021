import { accountAtom, chainIdAtom, desireChainIdAtom } from './atoms';
import { useAtomValue } from './store';

/** Spec §4: connected only when a wallet is there and on the chain the app wants. */
export function useIsConnected(): boolean {
  const account = useAtomValue(accountAtom);
  const chainId = useAtomValue(chainIdAtom);
  const desired = useAtomValue(desireChainIdAtom);
  return account !== null && chainId === desired;
}

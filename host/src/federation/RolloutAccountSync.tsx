import { useEffect } from 'react';
import { useWallet } from '@prds/shared/wallet';
import { visitorStore } from './remoteLoaderInstance';

/**
 * Remembers the connected wallet for the rollout: from the next load on, the visitor's bucket (and a
 * canary's wallet cohort) is keyed by it rather than by this browser's install id. The page never
 * switches a remote's version while it is open, so nothing changes before a reload.
 */
export function RolloutAccountSync() {
  const { account } = useWallet();
  useEffect(() => {
    if (account) visitorStore.rememberAccount(account);
  }, [account]);
  return null;
}

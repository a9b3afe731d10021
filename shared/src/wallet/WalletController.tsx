import { useEffect } from 'react';
import { fundDataAtom, staticsAtom } from '../state/atoms';
import { useSetAtom } from '../state/store';
import { readWalletChoice } from './storedChoice';
import { useUserInfo } from './useUserInfo';
import { useWallet } from './useWallet';
import { reconnectWallet } from './walletActions';

/**
 * Mounted once in the page (AppProviders): reconnects a remembered wallet after a reload (no prompt;
 * without one nothing of the wallet loads) and keeps the user's funds fresh while connected.
 */
export function WalletController() {
  const { account } = useWallet();
  const setFundData = useSetAtom(fundDataAtom);
  const setStatics = useSetAtom(staticsAtom);
  useUserInfo();

  useEffect(() => {
    const choice = readWalletChoice();
    if (choice) void reconnectWallet(choice);
  }, []);

  useEffect(() => {
    // Another account (or none): the previous one's funds must not show for a moment.
    setFundData([]);
    setStatics({ cash: '0', portfolio: '0' });
  }, [account, setFundData, setStatics]);

  return null;
}

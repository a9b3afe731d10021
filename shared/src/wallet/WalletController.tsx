import { useEffect } from 'react';
import { readWalletChoice } from './storedChoice';
import { useUserInfo } from './useUserInfo';
import { reconnectWallet } from './walletActions';

/**
 * Mounted once in the page (AppProviders): reconnects a remembered wallet after a reload (no prompt;
 * without one nothing of the wallet loads) and asks for the user's funds as soon as an account connects.
 */
export function WalletController() {
  useUserInfo();

  useEffect(() => {
    const choice = readWalletChoice();
    if (choice) void reconnectWallet(choice);
  }, []);

  return null;
}

import { atom } from 'jotai';
import type { WalletError, WalletStatus } from './walletTypes';

export const walletStatusAtom = atom<WalletStatus>('idle');
/** The last connect / switch failure, until the next attempt. */
export const walletErrorAtom = atom<WalletError | null>(null);
/**
 * Whether the host's connect dialog is open. The host renders the dialog (once, above the header);
 * any page opens it by setting this — remotes through ConnectWalletButton, since they cannot import
 * the host.
 */
export const connectDialogOpenAtom = atom(false);
/** The WalletConnect pairing URI while the dialog waits for a wallet to scan or open it; null otherwise. */
export const walletConnectUriAtom = atom<string | null>(null);

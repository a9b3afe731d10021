import { atom } from 'jotai';
import type { WalletError, WalletStatus } from './walletTypes';

export const walletStatusAtom = atom<WalletStatus>('idle');
/** The last connect / switch failure, until the next attempt. */
export const walletErrorAtom = atom<WalletError | null>(null);

import { readStorage, removeStorage, writeStorage } from '@prds/shared/chains';
import type { WalletChoice } from './walletTypes';

export const WALLET_STORAGE_KEY = 'prds.wallet';

export function readWalletChoice(): WalletChoice | null {
  const raw = readStorage(WALLET_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('kind' in value)) return null;
    if (value.kind === 'injected') {
      return 'rdns' in value && typeof value.rdns === 'string' ? { kind: 'injected', rdns: value.rdns } : { kind: 'injected' };
    }
    if (value.kind === 'walletconnect') return { kind: 'walletconnect' };
    if (value.kind === 'dev' && 'account' in value && typeof value.account === 'string') {
      return { kind: 'dev', account: value.account };
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

/** Remembers the choice; null forgets it (disconnect, or the wallet no longer grants an account). */
export function writeWalletChoice(choice: WalletChoice | null): void {
  if (choice === null) removeStorage(WALLET_STORAGE_KEY);
  else writeStorage(WALLET_STORAGE_KEY, JSON.stringify(choice));
}

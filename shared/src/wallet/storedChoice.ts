import { readStorage, writeStorage } from '../browserEnv';
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
    if (value.kind === 'dev' && 'account' in value && typeof value.account === 'string') {
      return { kind: 'dev', account: value.account };
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

export function writeWalletChoice(choice: WalletChoice | null): void {
  writeStorage(WALLET_STORAGE_KEY, choice === null ? '' : JSON.stringify(choice));
}

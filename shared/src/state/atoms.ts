import { atom } from 'jotai';
import { getDefaultChainId } from '../chains/appEnv';
import type { ChainId } from '../chains/chains';
import { atomWithLazyDefault } from './atomWithLazyDefault';
import { browserLanguages, matchesMedia, readStorage, windowWidth } from '../browserEnv';
import { detectDevice, type Device } from '../device/device';
import { LANG_STORAGE_KEY, resolveInitialLang, type LangCode } from '../i18n/languages';
import { PREFERS_DARK_QUERY, THEME_STORAGE_KEY, resolveInitialTheme } from '../theme/resolveInitialTheme';
import type { ThemeMode } from '../theme/tokens';

/** One entry of the `/api/user/info` fund list (spec §3 "fundData"). */
export interface FundItem {
  readonly symbol?: string;
  readonly address?: string;
  readonly balance: string;
  readonly [field: string]: unknown;
}

/** `/api/user/info` `extra`: the user's cash and portfolio value. */
export interface Statics {
  readonly cash: string;
  readonly portfolio: string;
}

/**
 * The wallet-connection handle. The wallet room fills it in; it stays null until a wallet connects,
 * so only what every reader needs lives here.
 */
export interface WalletHandle {
  readonly connectorId: string;
  readonly account: string;
  readonly chainId: string;
}

export const fundDataAtom = atom<readonly FundItem[]>([]);
export const staticsAtom = atom<Statics>({ cash: '0', portfolio: '0' });
// These defaults read the browser when a store first needs them, so the first render already has
// the right device, theme and language (no flash of the wrong one).
export const deviceAtom = atomWithLazyDefault<Device>(() => {
  const width = windowWidth();
  return width === null ? 'desktop' : detectDevice(width);
});
/** Wallet address, or null when no wallet is connected. */
export const accountAtom = atom<string | null>(null);
/** The chain the wallet is on (hex), or null before a wallet reports one. */
export const chainIdAtom = atom<string | null>(null);
export const desireChainIdAtom = atomWithLazyDefault<ChainId>(() => getDefaultChainId());
export const currentThemeAtom = atomWithLazyDefault<ThemeMode>(() =>
  resolveInitialTheme(readStorage(THEME_STORAGE_KEY), matchesMedia(PREFERS_DARK_QUERY)),
);
export const langAtom = atomWithLazyDefault<LangCode>(() =>
  resolveInitialLang(readStorage(LANG_STORAGE_KEY), browserLanguages()),
);
export const walletAtom = atom<WalletHandle | null>(null);

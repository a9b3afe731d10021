import type { Address } from 'abitype';
import { atom } from 'jotai';
import { getDefaultChainId } from '../chains/appEnv';
import type { ChainId } from '../chains/chains';
import { atomWithLazyDefault } from './atomWithLazyDefault';
import { browserLanguages, matchesMedia, readStorage, windowWidth } from '../browserEnv';
import { detectDevice, type Device } from '../device/device';
import { LANG_STORAGE_KEY, resolveInitialLang, type LangCode } from '../i18n/languages';
import { PREFERS_DARK_QUERY, THEME_STORAGE_KEY, resolveInitialTheme } from '../theme/resolveInitialTheme';
import type { ThemeMode } from '../theme/tokens';

/**
 * The wallet-connection handle. The wallet room fills it in; it stays null until a wallet connects,
 * so only what every reader needs lives here.
 */
export interface WalletHandle {
  readonly connectorId: string;
  readonly account: Address;
  readonly chainId: string;
}

// Spec §3's fundData and statics are the api's answer, not client state: useUserInfo reads them from
// the data cache, so there is no second copy here to keep in step.

// These defaults read the browser when a store first needs them, so the first render already has
// the right device, theme and language (no flash of the wrong one).
export const deviceAtom = atomWithLazyDefault<Device>(() => {
  const width = windowWidth();
  return width === null ? 'desktop' : detectDevice(width);
});
/** Wallet address (checksummed where the wallet connects), or null when no wallet is connected. */
export const accountAtom = atom<Address | null>(null);
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

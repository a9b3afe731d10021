import type { Address } from 'abitype';
import { atom } from 'jotai';
import { getDefaultChainId } from '@prds/shared/chains';
import type { ChainId } from '@prds/shared/chains';
import { atomWithLazyDefault } from './atomWithLazyDefault';

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

// The page's device, theme and language atoms live in their rooms (device/deviceAtom.ts,
// theme/themeAtom.ts, i18n/langAtom.ts), which depend on this one and not the other way round.
/** Wallet address (checksummed where the wallet connects), or null when no wallet is connected. */
export const accountAtom = atom<Address | null>(null);
/** The chain the wallet is on (hex), or null before a wallet reports one. */
export const chainIdAtom = atom<string | null>(null);
export const desireChainIdAtom = atomWithLazyDefault<ChainId>(() => getDefaultChainId());
export const walletAtom = atom<WalletHandle | null>(null);

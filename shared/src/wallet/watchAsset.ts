import type { ChainId } from '@prds/shared/chains';
import { TOKENS, type TokenRole } from '@prds/shared/chains';
import { desireChainIdAtom } from '@prds/shared/state';
import { prdsStore } from '@prds/shared/state';
import { loadWalletRuntime } from './loadWalletRuntime';
import type { WalletError } from './walletTypes';

/**
 * Each token's icon, a file the host serves at this path (host/public/token-icons/). EIP-747 wallets
 * fetch the image themselves, so it is a URL on the site's origin, never a data: URI.
 */
export const TOKEN_ICON_PATHS = {
  platformToken: '/token-icons/prds.svg',
  payToken: '/token-icons/usdt.svg',
} as const satisfies Record<TokenRole, string>;

/**
 * Where the pay token is one we chose for the chain (the devnet's DevUSDT, the testnet's test USDT) and
 * so not one the wallet already knows; on BSC it is Tether's USDT, which wallets list themselves.
 */
export const PAY_TOKEN_WATCH_CHAINS: readonly ChainId[] = ['0x61', '0x7a69'];

/** The tokens a page offers to add to the wallet on `chainId`: PRDS everywhere, the pay token where it is ours. */
export function watchableTokens(chainId: ChainId): readonly TokenRole[] {
  return PAY_TOKEN_WATCH_CHAINS.includes(chainId) ? ['platformToken', 'payToken'] : ['platformToken'];
}

/** EIP-747's request: the token's address, symbol, decimals and an image URL on `origin`. */
export interface WatchAssetRequest {
  readonly method: 'wallet_watchAsset';
  readonly params: {
    readonly type: 'ERC20';
    readonly options: { readonly address: string; readonly symbol: string; readonly decimals: number; readonly image: string };
  };
}

export function watchAssetRequest(role: TokenRole, address: string, origin: string): WatchAssetRequest {
  const token = TOKENS[role];
  return {
    method: 'wallet_watchAsset',
    params: {
      type: 'ERC20',
      options: { address, symbol: token.symbol, decimals: token.decimals, image: new URL(TOKEN_ICON_PATHS[role], origin).href },
    },
  };
}

/** 'added' when the wallet said yes; otherwise why not, as a locale key (the wallet's words beneath). */
export type WatchAssetOutcome = { readonly status: 'added' } | { readonly status: 'failed'; readonly error: WalletError };

/** Asks the connected wallet to list a token of ours (EIP-747 `wallet_watchAsset`). */
export async function addTokenToWallet(
  role: TokenRole,
  chainId: ChainId = prdsStore.get(desireChainIdAtom),
  origin: string = window.location.origin,
): Promise<WatchAssetOutcome> {
  return (await loadWalletRuntime()).watchAsset(role, chainId, origin);
}

import { readEnv } from '@prds/shared/chains';
import { getAppEnv } from '@prds/shared/chains';
import type { AppEnv } from '@prds/shared/chains';

/** WalletConnect's public relay, used when the build names no other. */
export const DEFAULT_WALLETCONNECT_RELAY_URL = 'wss://relay.walletconnect.org';

export interface WalletConnectConfig {
  /** The project id from WalletConnect's dashboard (README "WalletConnect"). */
  readonly projectId: string;
  /** The relay's WebSocket URL. */
  readonly relayUrl: string;
}

// The lazy half of WalletConnect's settings (the wallet chunk); whether it is offered at all is
// walletConnectAvailable.ts, in the page's first chunk.

/**
 * What the build baked in (PRDS_WALLETCONNECT_PROJECT_ID, PRDS_WALLETCONNECT_RELAY_URL); null when the build
 * has no project id: then the connect dialog does not offer WalletConnect at all.
 */
export function walletConnectConfig(
  projectId: string | undefined = readEnv('PRDS_WALLETCONNECT_PROJECT_ID'),
  relayUrl: string | undefined = readEnv('PRDS_WALLETCONNECT_RELAY_URL'),
): WalletConnectConfig | null {
  const id = projectId?.trim() ?? '';
  if (id === '') return null;
  const relay = relayUrl?.trim() || DEFAULT_WALLETCONNECT_RELAY_URL;
  return { projectId: id, relayUrl: relay };
}

/**
 * The chains a WalletConnect session asks for (decimal, as WalletConnect's eip155 namespace takes them).
 * `required`: the build's chain (BSC 56 in production, 97 on the testnet, the devnet in a devnet build),
 * which the wallet must grant. `optional`: the chains it may also grant; a devnet build also names BSC,
 * so a phone wallet that stays on BSC connects and the page shows its network prompt.
 */
type OneOrMore = [number, ...number[]];

export function walletConnectChains(env: AppEnv = getAppEnv()): { readonly required: OneOrMore; readonly optional: OneOrMore } {
  switch (env) {
    case 'production':
      return { required: [56], optional: [56] };
    case 'testnet':
      return { required: [97], optional: [97] };
    case 'devnet':
      return { required: [31337], optional: [31337, 56] };
  }
}

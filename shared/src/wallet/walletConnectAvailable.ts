import { readEnv } from '@prds/shared/chains';

/**
 * Whether the build has a WalletConnect project id (PRDS_WALLETCONNECT_PROJECT_ID): without one the connect
 * dialog does not offer WalletConnect. The rest of its settings live in the lazy wallet chunk
 * (runtime/walletConnectConfig.ts), so the page's first chunk carries only this.
 */
export function isWalletConnectAvailable(): boolean {
  return Boolean(readEnv('PRDS_WALLETCONNECT_PROJECT_ID')?.trim());
}

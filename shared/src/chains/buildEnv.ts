/**
 * What the build baked in (webpack's DefinePlugin, shared/webpack/createConfig.cjs); each name is read
 * literally so it can be replaced. `scripts/build-network.mjs` sets them for a network's production build.
 */
export type EnvName =
  | 'PRDS_ENV'
  | 'PRDS_API_URL'
  | 'PRDS_DEVNET_RPC_URL'
  | 'PRDS_BSC_RPC_URL'
  | 'PRDS_BSC_EXPLORER_URL'
  | 'PRDS_BSC_TESTNET_RPC_URL'
  | 'PRDS_BSC_TESTNET_EXPLORER_URL'
  | 'PRDS_WALLETCONNECT_PROJECT_ID'
  | 'PRDS_WALLETCONNECT_RELAY_URL';

export function readEnv(name: EnvName): string | undefined {
  // Webpack replaces each literal `process.env.X` at build time; in a browser without that
  // replacement `process` does not exist, so guard the lookup instead of crashing.
  try {
    switch (name) {
      case 'PRDS_ENV':
        return process.env.PRDS_ENV;
      case 'PRDS_API_URL':
        return process.env.PRDS_API_URL;
      case 'PRDS_DEVNET_RPC_URL':
        return process.env.PRDS_DEVNET_RPC_URL;
      case 'PRDS_BSC_RPC_URL':
        return process.env.PRDS_BSC_RPC_URL;
      case 'PRDS_BSC_EXPLORER_URL':
        return process.env.PRDS_BSC_EXPLORER_URL;
      case 'PRDS_BSC_TESTNET_RPC_URL':
        return process.env.PRDS_BSC_TESTNET_RPC_URL;
      case 'PRDS_BSC_TESTNET_EXPLORER_URL':
        return process.env.PRDS_BSC_TESTNET_EXPLORER_URL;
      case 'PRDS_WALLETCONNECT_PROJECT_ID':
        return process.env.PRDS_WALLETCONNECT_PROJECT_ID;
      case 'PRDS_WALLETCONNECT_RELAY_URL':
        return process.env.PRDS_WALLETCONNECT_RELAY_URL;
    }
  } catch {
    return undefined;
  }
}

/**
 * A comma-separated list of URLs from the build (e.g. several RPC endpoints), or `fallback` when unset;
 * `none` is an empty list (a rehearsal's local chain has no explorer: no link beats one to bscscan.com).
 */
export function readUrlList(name: EnvName, fallback: readonly string[]): readonly string[] {
  const value = readEnv(name);
  if (value?.trim() === 'none') return [];
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return urls.length > 0 ? urls : fallback;
}

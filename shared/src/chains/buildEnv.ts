/** What the build baked in (webpack's DefinePlugin); each name is read literally so it can be replaced. */
type EnvName = 'PRDS_ENV' | 'PRDS_API_URL' | 'PRDS_DEVNET_RPC_URL';

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
    }
  } catch {
    return undefined;
  }
}

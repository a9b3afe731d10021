type WalletRuntime = typeof import('./runtime');

let loading: Promise<WalletRuntime> | null = null;

/** The wallet's lazy chunk (connectors, ethers, ABIs), loaded once; a failed load may be retried. */
export function loadWalletRuntime(): Promise<WalletRuntime> {
  loading ??= import(/* webpackChunkName: "wallet" */ './runtime').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

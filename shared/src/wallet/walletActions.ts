import { CHAINS, type ChainId } from '@prds/shared/chains';
import { isDevWalletAvailable } from './chainLinks';
import type { ContractRef, FunctionArgs, FunctionResult, ReadFunctionName, RoleOf } from '../contracts/contractTypes';
import { desireChainIdAtom } from '@prds/shared/state';
import { prdsStore } from '@prds/shared/state';
import { loadWalletRuntime } from './loadWalletRuntime';
import type { WalletChoice, WalletOption } from './walletTypes';

// The eager half: what buttons call. Each loads the lazy runtime first.

export async function connectWallet(choice: WalletChoice): Promise<boolean> {
  return (await loadWalletRuntime()).connect(choice);
}

export async function reconnectWallet(choice: WalletChoice): Promise<boolean> {
  return (await loadWalletRuntime()).connect(choice, { eager: true });
}

/** The connect dialog closed while a WalletConnect pairing waited for a phone. */
export async function cancelWalletConnect(): Promise<void> {
  (await loadWalletRuntime()).cancelWalletConnect();
}

export async function disconnectWallet(): Promise<void> {
  (await loadWalletRuntime()).disconnect();
}

/** Spec §4 network switch; resolves 'refused' when the user said no (which the page ignores). */
export async function switchNetwork(chainId: ChainId): Promise<'switched' | 'refused' | 'failed'> {
  return (await loadWalletRuntime()).switchNetwork(chainId);
}

export async function discoverWallets(): Promise<WalletOption[]> {
  return (await loadWalletRuntime()).discoverInjectedWallets().then((wallets) => wallets.map((wallet) => wallet.option));
}

/** The devnet's accounts for the dev wallet; rejects where the dev wallet is not available. */
export async function listDevAccounts(chainId: ChainId = prdsStore.get(desireChainIdAtom)): Promise<string[]> {
  const [rpcUrl] = CHAINS[chainId].rpcUrls;
  if (!isDevWalletAvailable(chainId) || rpcUrl === undefined) throw new Error(`no dev wallet on chain ${chainId}`);
  return (await loadWalletRuntime()).listDevAccounts(rpcUrl);
}

export async function selectDevAccount(account: string): Promise<void> {
  (await loadWalletRuntime()).selectDevAccount(account);
}

/** A typed view call on a contract, by role, on the desired chain, through its RPC (no wallet needed). */
export async function readContract<C extends ContractRef, F extends ReadFunctionName<RoleOf<C>>>(
  contract: C,
  fn: F,
  args: FunctionArgs<RoleOf<C>, F>,
  chainId: ChainId = prdsStore.get(desireChainIdAtom),
): Promise<FunctionResult<RoleOf<C>, F>> {
  return (await loadWalletRuntime()).readContract(chainId, contract, fn, args);
}

export async function readNativeBalance(account: string, chainId: ChainId = prdsStore.get(desireChainIdAtom)): Promise<bigint> {
  return (await loadWalletRuntime()).nativeBalance(chainId, account);
}

/** The chain's "now" — its latest block's timestamp, unix seconds — through its RPC (no wallet needed). */
export async function readChainTime(chainId: ChainId = prdsStore.get(desireChainIdAtom)): Promise<number> {
  return (await loadWalletRuntime()).latestBlockTime(chainId);
}

/**
 * A market's options as `Markets.issue` takes them: each normalized text as bytes32 when it fits in 31
 * bytes, its keccak256 otherwise (@prds/contracts' optionKey, the one the api and the seed use).
 */
export async function marketOptionKeys(options: readonly string[]): Promise<`0x${string}`[]> {
  const { optionKey } = await loadWalletRuntime();
  return options.map((option) => optionKey(option) as `0x${string}`);
}

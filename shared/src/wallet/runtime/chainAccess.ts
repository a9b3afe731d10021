import { BrowserProvider, Contract, JsonRpcProvider, type Eip1193Provider, type InterfaceAbi } from 'ethers';
import { deploymentOf, roleAbis, type Role } from '@prds/contracts';
import { CHAINS, type ChainId } from '@prds/shared/chains';
import type { Address, ContractRef, FunctionArgs, FunctionResult, ReadFunctionName, RoleOf } from '../../contracts/contractTypes';

const readProviders = new Map<ChainId, JsonRpcProvider>();

/** Reads (balances, allowances, eligibility) go to the chain's own RPC, not through the wallet. */
export function readProvider(chainId: ChainId): JsonRpcProvider {
  let provider = readProviders.get(chainId);
  if (!provider) {
    const [url] = CHAINS[chainId].rpcUrls;
    if (url === undefined) throw new Error(`no RPC URL for chain ${chainId}`);
    // One request at a time and no cache: batching slowed a local node, the cache served stale nonces.
    provider = new JsonRpcProvider(url, Number(chainId), { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 });
    readProviders.set(chainId, provider);
  }
  return provider;
}

export function browserProvider(provider: Eip1193Provider, chainId: ChainId): BrowserProvider {
  return new BrowserProvider(provider, Number(chainId), { cacheTimeout: -1 });
}

/** The role a reference names ('markets', or a checked devnet-only role's). */
export function roleOf<C extends ContractRef>(ref: C): RoleOf<C>;
export function roleOf(ref: ContractRef): Role {
  return typeof ref === 'string' ? ref : ref.role;
}

/** The address of the contract in `role` on the chain, or null where it is absent (not deployed there, or devnet-only). */
export function contractAddress(chainId: ChainId, role: Role): Address | null {
  return deploymentOf(Number(chainId))?.contracts[role]?.address ?? null;
}

export class NotDeployedError extends Error {
  constructor(
    readonly chainId: ChainId,
    readonly role: Role,
  ) {
    super(`no ${role} contract on chain ${chainId}`);
    this.name = 'NotDeployedError';
  }
}

type Runner = JsonRpcProvider | Awaited<ReturnType<BrowserProvider['getSigner']>>;

/** The contract in `role` on the chain through `abi` (the role's own unless given, e.g. ERC-20 for any token). */
export function contractOn(chainId: ChainId, role: Role, runner: Runner, abi: InterfaceAbi = roleAbis[role]): Contract {
  const address = contractAddress(chainId, role);
  if (address === null) throw new NotDeployedError(chainId, role);
  return new Contract(address, abi, runner);
}

export async function readContract<C extends ContractRef, F extends ReadFunctionName<RoleOf<C>>>(
  chainId: ChainId,
  ref: C,
  fn: F,
  args: FunctionArgs<RoleOf<C>, F>,
): Promise<FunctionResult<RoleOf<C>, F>> {
  const contract = contractOn(chainId, roleOf(ref), readProvider(chainId));
  return (await contract.getFunction(fn).staticCall(...(args as readonly unknown[]))) as FunctionResult<RoleOf<C>, F>;
}

export async function nativeBalance(chainId: ChainId, account: string): Promise<bigint> {
  return readProvider(chainId).getBalance(account);
}

/** The chain's "now" (the protocol's time): the latest block's timestamp, unix seconds. */
export async function latestBlockTime(chainId: ChainId): Promise<number> {
  const block = await readProvider(chainId).getBlock('latest');
  if (block === null) throw new Error(`no latest block on chain ${chainId}`);
  return block.timestamp;
}

import { BrowserProvider, Contract, JsonRpcProvider, type Eip1193Provider } from 'ethers';
import { abis, deployments, type ContractName } from '@prds/contracts';
import { CHAINS, type ChainId } from '../../chains/chains';
import type { FunctionArgs, FunctionResult, ReadFunctionName } from '../../contracts/contractTypes';

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

/** The deployed address of one of our contracts on the chain, or null where we are not deployed. */
export function contractAddress(chainId: ChainId, name: ContractName): string | null {
  const deployment = (deployments as Partial<Record<number, { contracts: Record<ContractName, { address: string }> }>>)[
    Number(chainId)
  ];
  return deployment?.contracts[name]?.address ?? null;
}

export class NotDeployedError extends Error {
  constructor(readonly chainId: ChainId) {
    super(`the protocol is not deployed on chain ${chainId}`);
    this.name = 'NotDeployedError';
  }
}

export function contractOn(
  chainId: ChainId,
  name: ContractName,
  runner: JsonRpcProvider | Awaited<ReturnType<BrowserProvider['getSigner']>>,
): Contract {
  const address = contractAddress(chainId, name);
  if (address === null) throw new NotDeployedError(chainId);
  return new Contract(address, abis[name], runner);
}

export async function readContract<N extends ContractName, F extends ReadFunctionName<N>>(
  chainId: ChainId,
  name: N,
  fn: F,
  args: FunctionArgs<N, F>,
): Promise<FunctionResult<N, F>> {
  const contract = contractOn(chainId, name, readProvider(chainId));
  return (await contract.getFunction(fn).staticCall(...(args as readonly unknown[]))) as FunctionResult<N, F>;
}

export async function nativeBalance(chainId: ChainId, account: string): Promise<bigint> {
  return readProvider(chainId).getBalance(account);
}

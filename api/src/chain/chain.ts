import { Contract, JsonRpcProvider } from "ethers";
import { deploymentOf, roleAbis, type ChainDeployment, type OptionalRole, type RequiredRole } from "@prds/contracts";
import type { MarketsParams } from "@prds/contracts/deploy";
import type { ApiConfig } from "../config";

/** The protocol's contracts by role (deployments/<chainId>.json): every required role, devnet-only ones where present. */
export type ProtocolAddresses = Readonly<Record<RequiredRole, string>> & Readonly<Partial<Record<OptionalRole, string>>>;

function addressesOf({ contracts }: ChainDeployment): ProtocolAddresses {
  return {
    payToken: contracts.payToken.address,
    platformToken: contracts.platformToken.address,
    license: contracts.license.address,
    licenseMarketplace: contracts.licenseMarketplace.address,
    markets: contracts.markets.address,
    claim: contracts.claim.address,
    ...(contracts.payTokenFaucet ? { payTokenFaucet: contracts.payTokenFaucet.address } : {}),
  };
}

/** Markets.params(): deployment constants, immutable, so read once per process. The same shape the
 * deploy script passes in (IMarkets.Params). */
export type MarketParams = MarketsParams;

export interface LicenseCatalog {
  issuesPerLicense: number;
  types: {
    licenseType: "Common" | "Scarcity" | "Attributive";
    price: bigint;
    maxSupply: number;
    tradable: boolean;
    rentable: boolean;
    usable: boolean;
  }[];
  packets: { packetId: number; counts: [number, number, number]; price: bigint }[];
}

export interface Balances {
  native: bigint;
  payToken: bigint;
  prds: bigint;
}

/**
 * The api's window on the chain: the protocol's addresses, its immutable configuration (read once),
 * and the few live reads the calls need (balances, receipts). Tables come from the indexer, never
 * from here.
 */
export interface Chain {
  chainId: number;
  provider: JsonRpcProvider;
  /** Indexers start reading logs at this block. */
  deploymentBlock: number;
  addresses: ProtocolAddresses;
  params(): Promise<MarketParams>;
  /** Markets.deps(): the pay token (USDT) and PRDS addresses the protocol really uses. */
  tokens(): Promise<{ payToken: string; prds: string }>;
  licenseCatalog(): Promise<LicenseCatalog>;
  balances(account: string): Promise<Balances>;
  /** null while the transaction is unknown or pending. */
  receipt(txHash: string): Promise<{ status: number; blockNumber: number } | null>;
  close(): void;
}

export interface ChainOverrides {
  addresses?: ProtocolAddresses;
  deploymentBlock?: number;
}

const LICENSE_TYPES = ["Common", "Scarcity", "Attributive"] as const;

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null; // a failed read is tried again next time
      throw error;
    });
    return pending;
  };
}

export function createChain(config: Pick<ApiConfig, "rpcUrl" | "chainId">, overrides: ChainOverrides = {}): Chain {
  const deployment = deploymentOf(config.chainId);
  const addresses = overrides.addresses ?? (deployment ? addressesOf(deployment) : null);
  if (!addresses) throw new Error(`the protocol has no deployment on chain ${config.chainId}`);
  const deploymentBlock = overrides.deploymentBlock ?? deployment?.deploymentBlock ?? 0;
  // One request at a time and no cache (TOOLCHAIN-NOTES): batching slowed the node, the cache went stale.
  const provider = new JsonRpcProvider(config.rpcUrl, config.chainId, {
    batchMaxCount: 1,
    cacheTimeout: -1,
    staticNetwork: true,
  });
  const markets = new Contract(addresses.markets, roleAbis.markets, provider);
  const license = new Contract(addresses.license, roleAbis.license, provider);

  const params = once(async (): Promise<MarketParams> => {
    const p = await markets.getFunction("params")();
    return {
      feeBps: Number(p.feeBps),
      issuerShareBps: Number(p.issuerShareBps),
      platformShareBps: Number(p.platformShareBps),
      referrerShareBps: Number(p.referrerShareBps),
      capacityMultiple: Number(p.capacityMultiple),
      challengeStake: BigInt(p.challengeStake),
      votingPeriod: Number(p.votingPeriod),
      quorumBps: Number(p.quorumBps),
      responsePeriod: Number(p.responsePeriod),
      confirmationPeriod: Number(p.confirmationPeriod),
      challengeWindow: Number(p.challengeWindow),
      minLiquidity: BigInt(p.minLiquidity),
      minMargin: BigInt(p.minMargin),
      minPremium: BigInt(p.minPremium),
      minInvest: BigInt(p.minInvest),
      marginFeeBps: Number(p.marginFeeBps),
      quorumPenaltyBps: Number(p.quorumPenaltyBps),
      checkpointInterval: Number(p.checkpointInterval),
      maxOptions: Number(p.maxOptions),
    };
  });

  const tokens = once(async () => {
    const d = await markets.getFunction("deps")();
    return { payToken: String(d.payToken).toLowerCase(), prds: String(d.prds).toLowerCase() };
  });

  const licenseCatalog = once(async (): Promise<LicenseCatalog> => {
    const issuesPerLicense = Number(await license.getFunction("issuesPerLicense")());
    const types = [];
    for (const [index, licenseType] of LICENSE_TYPES.entries()) {
      const t = await license.getFunction("typeConfig")(index);
      types.push({
        licenseType,
        price: BigInt(t.price),
        maxSupply: Number(t.maxSupply),
        tradable: Boolean(t.tradable),
        rentable: Boolean(t.rentable),
        usable: Boolean(t.usable),
      });
    }
    const packetCount = Number(await license.getFunction("packetCount")());
    const packets = [];
    for (let packetId = 0; packetId < packetCount; packetId++) {
      const p = await license.getFunction("packet")(packetId);
      packets.push({
        packetId,
        counts: [Number(p.counts[0]), Number(p.counts[1]), Number(p.counts[2])] as [number, number, number],
        price: BigInt(p.price),
      });
    }
    return { issuesPerLicense, types, packets };
  });

  const erc20 = ["function balanceOf(address) view returns (uint256)"];
  return {
    chainId: config.chainId,
    provider,
    deploymentBlock,
    addresses,
    params,
    tokens,
    licenseCatalog,
    balances: async (account) => {
      const { payToken, prds } = await tokens();
      const [native, pay, platform] = await Promise.all([
        provider.getBalance(account),
        new Contract(payToken, erc20, provider).getFunction("balanceOf")(account) as Promise<bigint>,
        new Contract(prds, erc20, provider).getFunction("balanceOf")(account) as Promise<bigint>,
      ]);
      return { native, payToken: pay, prds: platform };
    },
    receipt: async (txHash) => {
      const receipt = await provider.getTransactionReceipt(txHash);
      if (!receipt) return null;
      return { status: receipt.status ?? 0, blockNumber: receipt.blockNumber };
    },
    close: () => provider.destroy(),
  };
}

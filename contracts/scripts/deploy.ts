import type { Contract, Signer } from "ethers";
import { parseUnits } from "ethers";
import { deployArtifact } from "./artifacts";
import { deployMarkets, type MarketsParams } from "./deployMarkets";
import { rolesOf, type Role } from "./roles";

export type { MarketsParams };

/** Mirrors License.TypeConfig; index = ILicense.LicenseType (common, scarcity, attributive). */
export interface LicenseTypeConfig {
  price: bigint;
  maxSupply: number;
  tradable: boolean;
  rentable: boolean;
  usable: boolean;
}

/** Mirrors License.Packet: `counts[t]` Licenses of type t for one price. */
export interface LicensePacket {
  counts: readonly [number, number, number];
  price: bigint;
}

export interface ProtocolOptions {
  /** Receives primary-sale proceeds and protocol fees; the deployer when omitted. */
  treasury?: string;
  prdsSupply?: bigint;
  claimAmount?: bigint;
  /** PRDS moved into the Claim contract at deployment. */
  claimFunding?: bigint;
  issuesPerLicense?: number;
  licenseTypes?: readonly [LicenseTypeConfig, LicenseTypeConfig, LicenseTypeConfig];
  packets?: readonly LicensePacket[];
  maxRentalDays?: number;
  markets?: Partial<MarketsParams>;
}

const units = (amount: string): bigint => parseUnits(amount, 18);

export const DEFAULT_PROTOCOL_OPTIONS = {
  prdsSupply: units("100000000"),
  claimAmount: units("100"),
  claimFunding: units("1000000"),
  issuesPerLicense: 10,
  licenseTypes: [
    { price: units("100"), maxSupply: 10_000, tradable: true, rentable: true, usable: true },
    { price: units("500"), maxSupply: 1_000, tradable: true, rentable: true, usable: true },
    { price: units("1000"), maxSupply: 100, tradable: true, rentable: true, usable: true },
  ],
  packets: [
    { counts: [5, 0, 0], price: units("450") },
    { counts: [3, 1, 0], price: units("700") },
    { counts: [2, 1, 1], price: units("1500") },
  ],
  maxRentalDays: 90,
} as const satisfies Required<Omit<ProtocolOptions, "treasury" | "markets">>;

export interface Protocol {
  prds: Contract;
  usdt: Contract;
  license: Contract;
  marketplace: Contract;
  /** Markets at its address with the full IMarkets ABI. */
  markets: Contract;
  marketsDisputes: Contract;
  claim: Contract;
  /** Contract name → address (MarketsDisputes included). */
  addresses: Record<string, string>;
  /** Role → address, what deployments/<chainId>.json lists (scripts/roles.ts). */
  roles: Record<Role, string>;
  /** The latest block before deploying: every protocol log comes after it, so indexers start here. */
  deploymentBlock: number;
}

async function send(contract: Contract, method: string, ...args: unknown[]): Promise<void> {
  const tx = await contract.getFunction(method)(...args);
  await tx.wait();
}

/** The devnet's chain id: the only chain deployProtocol (and its DevUSDT) may reach. */
export const DEVNET_CHAIN_ID = 31337;

/** License's constructor arguments (its type configs and packets as the Solidity structs' tuples). */
export function licenseConstructorArgs(
  payToken: string,
  treasury: string,
  o: Pick<Required<ProtocolOptions>, "issuesPerLicense" | "licenseTypes" | "packets">,
): unknown[] {
  return [
    payToken,
    treasury,
    o.issuesPerLicense,
    o.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    o.packets.map((p) => [p.counts, p.price]),
  ];
}

/**
 * The devnet's deployment: the protocol with DevUSDT, a free-mint stand-in for USDT, as its pay
 * token. Refused on any chain but the devnet's before anything is sent (DevUSDT's constructor refuses
 * too); a real network deploys with scripts/deployNetwork.ts and the chain's own USDT.
 */
export async function deployProtocol(deployer: Signer, opts: ProtocolOptions = {}): Promise<Protocol> {
  const o = { ...DEFAULT_PROTOCOL_OPTIONS, ...opts };
  const provider = deployer.provider;
  if (!provider) throw new Error("deployProtocol needs a signer connected to a provider");
  const { chainId } = await provider.getNetwork();
  if (chainId !== BigInt(DEVNET_CHAIN_ID)) {
    throw new Error(
      `deployProtocol deploys DevUSDT and is for the devnet (chain ${DEVNET_CHAIN_ID}) only, not chain ${chainId}: ` +
        "deploy a real network with `pnpm --filter @prds/contracts run deploy:network`",
    );
  }
  const deploymentBlock = await provider.getBlockNumber();
  const deployerAddress = await deployer.getAddress();
  const treasury = opts.treasury ?? deployerAddress;

  const prds = await deployArtifact("PRDS", deployer, [deployerAddress, o.prdsSupply]);
  const prdsAddress = await prds.getAddress();
  const usdt = await deployArtifact("DevUSDT", deployer);
  const usdtAddress = await usdt.getAddress();
  const license = await deployArtifact("License", deployer, licenseConstructorArgs(usdtAddress, treasury, o));
  const licenseAddress = await license.getAddress();
  const marketplace = await deployArtifact("LicenseMarketplace", deployer, [licenseAddress, o.maxRentalDays]);
  const marketplaceAddress = await marketplace.getAddress();
  await send(license, "setMarketplace", marketplaceAddress);

  const marketsDeployment = await deployMarkets(
    deployer,
    { payToken: usdtAddress, prds: prdsAddress, license: licenseAddress, treasury },
    opts.markets,
  );
  const { markets, marketsDisputes } = marketsDeployment;
  const marketsAddress = await markets.getAddress();
  await send(license, "setMarkets", marketsAddress);

  const claim = await deployArtifact("Claim", deployer, [prdsAddress, marketsAddress, o.claimAmount]);
  const claimAddress = await claim.getAddress();
  await send(prds, "transfer", claimAddress, o.claimFunding);

  const addresses: Record<string, string> = {
    PRDS: prdsAddress,
    DevUSDT: usdtAddress,
    License: licenseAddress,
    LicenseMarketplace: marketplaceAddress,
    ...marketsDeployment.addresses,
    Claim: claimAddress,
  };
  const roles = rolesOf(addresses);
  return { prds, usdt, license, marketplace, markets, marketsDisputes, claim, addresses, roles, deploymentBlock };
}

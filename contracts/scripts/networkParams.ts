import { readFileSync } from "node:fs";
import path from "node:path";
import { getAddress, isAddress, parseUnits, ZeroAddress } from "ethers";
import type { LicensePacket, LicenseTypeConfig } from "./deploy";
import type { MarketsParams } from "./deployMarkets";
import { TOKENS } from "./roles";

/**
 * The reviewed, versioned parameters of one network's deployment (contracts/networks/<network>.json):
 * where the protocol goes (chain id, the pay token that chain already has), who ends up owning it, and
 * every constant the contracts fix at deployment. Nothing has a default: a reviewer reads every value
 * in the file, and `parseNetworkParams` refuses a missing, unknown or out-of-range one with its path
 * and the rule it breaks (all problems at once), before anything is sent to a chain.
 *
 * Units, chosen so a reviewer reads the file without a calculator:
 * - token amounts are decimal strings in whole tokens ("100", "0.5"; 18 decimals), never JSON numbers;
 * - shares are basis points (`…Bps`, 10,000 = 100%);
 * - durations are strings with a unit: "300s", "5m", "12h", "3d".
 */
export const NETWORK_PARAMS_SCHEMA = "prds-network-params/1";

/** The networks we deploy to with this command (the devnet deploys itself: scripts/devnet.ts). */
export const NETWORKS = {
  bsc: { chainId: 56, name: "BNB Smart Chain", explorer: "https://bscscan.com" },
  "bsc-testnet": { chainId: 97, name: "BNB Smart Chain Testnet", explorer: "https://testnet.bscscan.com" },
} as const satisfies Record<string, { chainId: number; name: string; explorer: string }>;

export type NetworkName = keyof typeof NETWORKS;

export function isNetworkName(value: string): value is NetworkName {
  return Object.prototype.hasOwnProperty.call(NETWORKS, value);
}

export const NETWORKS_DIR = path.resolve(__dirname, "..", "networks");

export function networkParamsFile(network: NetworkName): string {
  return path.join(NETWORKS_DIR, `${network}.json`);
}

/** The pay token the chain already has (BSC: Tether's USDT); ours on no real chain. */
export interface PayTokenParams {
  address: string;
  symbol: string;
  decimals: number;
}

export interface NetworkParams {
  network: NetworkName;
  chainId: number;
  /** Blocks the deployment waits on each of its transactions before the next. */
  confirmations: number;
  /** Takes every admin role (License's Ownable) at the end: a multisig in production. */
  owner: string;
  /** Receives License sales, the platform's fees and slashed bonds. */
  treasury: string;
  payToken: PayTokenParams;
  platformToken: {
    supply: bigint;
    /** PRDS moved into the Claim contract. */
    claimFunding: bigint;
    /** Receives the PRDS left after funding Claim (the deployer keeps none). */
    holder: string;
  };
  claimAmount: bigint;
  issuesPerLicense: number;
  maxRentalDays: number;
  licenseTypes: readonly [LicenseTypeConfig, LicenseTypeConfig, LicenseTypeConfig];
  packets: readonly LicensePacket[];
  markets: MarketsParams;
}

const LICENSE_TYPE_KEYS = ["common", "scarcity", "attributive"] as const;
const BPS = 10_000;
const UINT16 = 0xffff;
const UINT32 = 0xffff_ffff;
const MAX_PACKET_SIZE = 50; // License.MAX_PACKET_SIZE
const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

export class NetworkParamsError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source}: ${problems.length} problem(s) in the network parameters:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "NetworkParamsError";
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Collects every problem of one file, each with the path of the value at fault. */
class Reader {
  readonly problems: string[] = [];

  fail(where: string, message: string): void {
    this.problems.push(`${where}: ${message}`);
  }

  /** The object at `where` with exactly `keys` (a misspelt key is refused, not ignored). */
  object(value: unknown, where: string, keys: readonly string[]): Record<string, unknown> | null {
    if (!isObject(value)) {
      // A missing one was reported by its parent ("is missing").
      if (value !== undefined) this.fail(where || "(file)", "must be an object");
      return null;
    }
    const at = (key: string) => (where === "" ? key : `${where}.${key}`);
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) this.fail(at(key), `unknown key (expected one of ${keys.join(", ")})`);
    }
    for (const key of keys) if (!(key in value)) this.fail(at(key), "is missing");
    return value;
  }

  integer(value: unknown, where: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isInteger(value)) {
      if (value !== undefined) this.fail(where, `must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`);
      return min;
    }
    if (value < min || value > max) this.fail(where, `must be from ${min} to ${max} (got ${value})`);
    return value;
  }

  boolean(value: unknown, where: string): boolean {
    if (typeof value !== "boolean") {
      if (value !== undefined) this.fail(where, `must be true or false (got ${JSON.stringify(value)})`);
      return false;
    }
    return value;
  }

  text(value: unknown, where: string): string {
    if (typeof value !== "string" || value.trim() === "") {
      if (value !== undefined) this.fail(where, `must be a non-empty string (got ${JSON.stringify(value)})`);
      return "";
    }
    return value;
  }

  /** A checksummed address; the zero address is refused where nobody may hold the role. */
  address(value: unknown, where: string, what: string): string {
    if (typeof value !== "string" || !isAddress(value)) {
      if (value !== undefined) {
        this.fail(
          where,
          `must be an address (0x and 40 hex digits, a valid checksum if mixed case); got ${JSON.stringify(value)}`,
        );
      }
      return ZeroAddress;
    }
    const address = getAddress(value);
    if (address === ZeroAddress) this.fail(where, `is the zero address: set ${what} before deploying`);
    return address;
  }

  /** Whole tokens as a decimal string → 18-decimal units. */
  amount(value: unknown, where: string, { min = 1n }: { min?: bigint } = {}): bigint {
    if (typeof value === "number") {
      this.fail(where, `write token amounts as strings, e.g. "${value}" (JSON numbers lose precision)`);
      return 0n;
    }
    if (typeof value !== "string" || !/^\d+(\.\d{1,18})?$/.test(value)) {
      if (value !== undefined)
        this.fail(where, `must be a token amount such as "100" or "0.5" (at most 18 decimals); got ${JSON.stringify(value)}`);
      return 0n;
    }
    const units = parseUnits(value, 18);
    if (units < min) this.fail(where, min === 1n ? "must be above 0" : `must be at least ${min} units`);
    return units;
  }

  /** "300s", "5m", "12h", "3d" → seconds. */
  duration(value: unknown, where: string, { min = 1, max = UINT32 }: { min?: number; max?: number } = {}): number {
    const match = typeof value === "string" ? /^(\d+)([smhd])$/.exec(value) : null;
    if (!match?.[1] || !match[2]) {
      if (value !== undefined)
        this.fail(where, `must be a duration such as "300s", "5m", "12h" or "3d"; got ${JSON.stringify(value)}`);
      return min;
    }
    const seconds = Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS];
    if (seconds < min || seconds > max) this.fail(where, `must be from ${min} to ${max} seconds (got ${seconds})`);
    return seconds;
  }

  bps(value: unknown, where: string, { min = 0, max = BPS }: { min?: number; max?: number } = {}): number {
    return this.integer(value, where, min, max);
  }
}

/**
 * Checks one parameters file and resolves it to what the deployment passes to the constructors.
 * Throws NetworkParamsError listing every problem. Mirrors the contracts' own constructor checks
 * (MarketsBase, License, LicenseMarketplace, Claim) so a bad value is refused before any gas is spent.
 */
export function parseNetworkParams(json: unknown, source: string): NetworkParams {
  const r = new Reader();
  const root = r.object(json, "", [
    "schema",
    "network",
    "chainId",
    "confirmations",
    "owner",
    "treasury",
    "payToken",
    "platformToken",
    "claim",
    "license",
    "markets",
  ]);
  if (!root) throw new NetworkParamsError(source, r.problems.length > 0 ? r.problems : ["(file): must be an object"]);

  if (root.schema !== NETWORK_PARAMS_SCHEMA)
    r.fail("schema", `must be "${NETWORK_PARAMS_SCHEMA}" (got ${JSON.stringify(root.schema)})`);
  const networkName = r.text(root.network, "network");
  let network: NetworkName = "bsc";
  if (isNetworkName(networkName)) network = networkName;
  else if (networkName !== "") r.fail("network", `unknown network "${networkName}" (known: ${Object.keys(NETWORKS).join(", ")})`);
  const chainId = r.integer(root.chainId, "chainId", 1, Number.MAX_SAFE_INTEGER);
  if (isNetworkName(networkName) && chainId !== NETWORKS[network].chainId) {
    r.fail("chainId", `${networkName} is chain ${NETWORKS[network].chainId}, not ${chainId}`);
  }
  if (chainId === 31337)
    r.fail("chainId", "31337 is the devnet, which deploys itself (pnpm --filter @prds/contracts run devnet)");
  const confirmations = r.integer(root.confirmations, "confirmations", 1, 100);
  const owner = r.address(root.owner, "owner", "the multisig that will own the protocol");
  const treasury = r.address(root.treasury, "treasury", "the treasury that receives sales and fees");

  // The pay token: the chain's own (BSC USDT). The app shows its amounts with TOKENS.payToken's decimals.
  const pay = r.object(root.payToken, "payToken", ["address", "symbol", "decimals"]);
  const payToken: PayTokenParams = { address: ZeroAddress, symbol: "", decimals: 0 };
  if (pay) {
    payToken.address = r.address(pay.address, "payToken.address", "the pay token's address on this chain");
    payToken.symbol = r.text(pay.symbol, "payToken.symbol");
    payToken.decimals = r.integer(pay.decimals, "payToken.decimals", 0, 36);
    if (pay.symbol !== undefined && payToken.symbol !== TOKENS.payToken.symbol) {
      r.fail(
        "payToken.symbol",
        `the app names the pay token ${TOKENS.payToken.symbol} (scripts/roles.ts TOKENS), not ${payToken.symbol}`,
      );
    }
    if (pay.decimals !== undefined && payToken.decimals !== TOKENS.payToken.decimals) {
      r.fail(
        "payToken.decimals",
        `the protocol and the app count the pay token in ${TOKENS.payToken.decimals} decimals (BSC USDT has 18), not ${payToken.decimals}`,
      );
    }
  }

  const platform = r.object(root.platformToken, "platformToken", ["supply", "claimFunding", "holder"]);
  const supply = platform ? r.amount(platform.supply, "platformToken.supply") : 0n;
  const claimFunding = platform ? r.amount(platform.claimFunding, "platformToken.claimFunding") : 0n;
  if (claimFunding > supply) r.fail("platformToken.claimFunding", "is more than the supply");
  let holder = ZeroAddress;
  if (platform) {
    if (platform.holder === "owner") holder = owner;
    else if (platform.holder === "treasury") holder = treasury;
    else holder = r.address(platform.holder, "platformToken.holder", "who receives the PRDS left after funding Claim");
  }

  const claim = r.object(root.claim, "claim", ["amount"]);
  const claimAmount = claim ? r.amount(claim.amount, "claim.amount") : 0n;
  if (claim && platform && claimAmount > claimFunding)
    r.fail("claim.amount", "is more than platformToken.claimFunding: nobody could claim");

  const license = r.object(root.license, "license", ["issuesPerLicense", "maxRentalDays", "types", "packets"]);
  const issuesPerLicense = license ? r.integer(license.issuesPerLicense, "license.issuesPerLicense", 1, UINT16) : 1;
  const maxRentalDays = license ? r.integer(license.maxRentalDays, "license.maxRentalDays", 1, UINT16) : 1;
  const types = license ? r.object(license.types, "license.types", LICENSE_TYPE_KEYS) : null;
  const licenseTypes = LICENSE_TYPE_KEYS.map((key): LicenseTypeConfig => {
    const where = `license.types.${key}`;
    const t = types ? r.object(types[key], where, ["price", "maxSupply", "tradable", "rentable", "usable"]) : null;
    if (!t) return { price: 0n, maxSupply: 0, tradable: false, rentable: false, usable: false };
    return {
      price: r.amount(t.price, `${where}.price`),
      maxSupply: r.integer(t.maxSupply, `${where}.maxSupply`, 1, UINT32),
      tradable: r.boolean(t.tradable, `${where}.tradable`),
      rentable: r.boolean(t.rentable, `${where}.rentable`),
      usable: r.boolean(t.usable, `${where}.usable`),
    };
  }) as unknown as readonly [LicenseTypeConfig, LicenseTypeConfig, LicenseTypeConfig];

  const packets: LicensePacket[] = [];
  if (license && license.packets !== undefined) {
    if (!Array.isArray(license.packets)) r.fail("license.packets", "must be a list (possibly empty)");
    else {
      license.packets.forEach((value: unknown, index) => {
        const where = `license.packets[${index}]`;
        const p = r.object(value, where, [...LICENSE_TYPE_KEYS, "price"]);
        if (!p) return;
        const counts = LICENSE_TYPE_KEYS.map((key) => r.integer(p[key], `${where}.${key}`, 0, UINT16)) as [
          number,
          number,
          number,
        ];
        const size = counts[0] + counts[1] + counts[2];
        if (size === 0) r.fail(where, "holds no License");
        if (size > MAX_PACKET_SIZE) r.fail(where, `holds ${size} Licenses; License.MAX_PACKET_SIZE is ${MAX_PACKET_SIZE}`);
        packets.push({ counts, price: r.amount(p.price, `${where}.price`) });
      });
    }
  }

  const m = r.object(root.markets, "markets", [
    "feeBps",
    "feeSplitBps",
    "capacityMultiple",
    "challengeStake",
    "votingPeriod",
    "quorumBps",
    "responsePeriod",
    "confirmationPeriod",
    "challengeWindow",
    "minLiquidity",
    "minMargin",
    "minPremium",
    "minInvest",
    "marginFeeBps",
    "quorumPenaltyBps",
    "checkpointInterval",
    "maxOptions",
  ]);
  let markets: MarketsParams | null = null;
  if (m) {
    const split = r.object(m.feeSplitBps, "markets.feeSplitBps", ["issuer", "platform", "referrer"]);
    const feeBps = r.bps(m.feeBps, "markets.feeBps", { max: BPS - 1 });
    const issuerShareBps = split ? r.bps(split.issuer, "markets.feeSplitBps.issuer") : 0;
    const platformShareBps = split ? r.bps(split.platform, "markets.feeSplitBps.platform") : 0;
    const referrerShareBps = split ? r.bps(split.referrer, "markets.feeSplitBps.referrer") : 0;
    if (split && issuerShareBps + platformShareBps + referrerShareBps !== BPS) {
      r.fail(
        "markets.feeSplitBps",
        `issuer + platform + referrer must add up to ${BPS} (got ${issuerShareBps + platformShareBps + referrerShareBps})`,
      );
    }
    const minInvest = r.amount(m.minInvest, "markets.minInvest");
    // Markets rounds fees in units of BPS / gcd(fee, BPS): a smaller buy would pay no fee at all.
    const feeUnit = BigInt(BPS) / gcd(BigInt(feeBps), BigInt(BPS));
    if (minInvest > 0n && minInvest < feeUnit)
      r.fail("markets.minInvest", `must be at least ${feeUnit} units at a fee of ${feeBps} bps`);
    markets = {
      feeBps,
      issuerShareBps,
      platformShareBps,
      referrerShareBps,
      capacityMultiple: r.integer(m.capacityMultiple, "markets.capacityMultiple", 1, UINT16),
      challengeStake: r.amount(m.challengeStake, "markets.challengeStake"),
      votingPeriod: r.duration(m.votingPeriod, "markets.votingPeriod"),
      quorumBps: r.bps(m.quorumBps, "markets.quorumBps", { min: 1 }),
      responsePeriod: r.duration(m.responsePeriod, "markets.responsePeriod"),
      confirmationPeriod: r.duration(m.confirmationPeriod, "markets.confirmationPeriod"),
      challengeWindow: r.duration(m.challengeWindow, "markets.challengeWindow"),
      minLiquidity: r.amount(m.minLiquidity, "markets.minLiquidity"),
      minMargin: r.amount(m.minMargin, "markets.minMargin"),
      minPremium: r.amount(m.minPremium, "markets.minPremium", { min: 0n }),
      minInvest,
      marginFeeBps: r.bps(m.marginFeeBps, "markets.marginFeeBps"),
      quorumPenaltyBps: r.bps(m.quorumPenaltyBps, "markets.quorumPenaltyBps"),
      checkpointInterval: r.duration(m.checkpointInterval, "markets.checkpointInterval"),
      maxOptions: r.integer(m.maxOptions, "markets.maxOptions", 2, 255),
    };
  }

  if (r.problems.length > 0 || !markets) throw new NetworkParamsError(source, r.problems);
  return {
    network,
    chainId,
    confirmations,
    owner,
    treasury,
    payToken,
    platformToken: { supply, claimFunding, holder },
    claimAmount,
    issuesPerLicense,
    maxRentalDays,
    licenseTypes,
    packets,
    markets,
  };
}

/** Reads and checks a parameters file (its path is named in every error). */
export function readNetworkParams(file: string): NetworkParams {
  let json: Json;
  try {
    json = JSON.parse(readFileSync(file, "utf8")) as Json;
  } catch (error) {
    throw new NetworkParamsError(file, [`cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseNetworkParams(json, file);
}

/** The resolved parameters as JSON (bigints as decimal strings of 18-decimal units), for the deployment record. */
export function networkParamsRecord(params: NetworkParams): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(params, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
  ) as Record<string, unknown>;
}

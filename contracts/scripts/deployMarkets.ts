import { Contract, parseUnits, type InterfaceAbi, type Signer } from "ethers";
import { deployArtifact, loadArtifact } from "./artifacts";

/** Mirrors IMarkets.Params (field order matters: it is passed as a Solidity struct). */
export interface MarketsParams {
  /** Buy fee in basis points of the amount paid. */
  feeBps: number;
  /** Shares of the fee in basis points; they add up to 10,000. */
  issuerShareBps: number;
  platformShareBps: number;
  referrerShareBps: number;
  /** Buys are refused once the pool would exceed this multiple of the bond. */
  capacityMultiple: number;
  /** PRDS staked by each challenge. */
  challengeStake: bigint;
  votingPeriod: number;
  /** Quorum in basis points of the PRDS supply at the snapshot block. */
  quorumBps: number;
  /** Time the issuer has to concede or appeal a first challenge. */
  responsePeriod: number;
  /** Time after expiration the issuer has to confirm before being 'absent'. */
  confirmationPeriod: number;
  /** Time after a confirmation during which participants may challenge. */
  challengeWindow: number;
  minLiquidity: bigint;
  minMargin: bigint;
  minPremium: bigint;
  minInvest: bigint;
  /** Share of a slashed token bond paid to the challenger proven right, in basis points. */
  marginFeeBps: number;
  /** Kept from each challenge stake when a vote misses its quorum twice, in basis points. */
  quorumPenaltyBps: number;
  /** Granularity of the stake checkpoints in seconds (an early confirmation's time is rounded down to it). */
  checkpointInterval: number;
  maxOptions: number;
}

const units = (amount: string): bigint => parseUnits(amount, 18);
const DAY = 24 * 60 * 60;

export const DEFAULT_MARKETS_PARAMS: MarketsParams = {
  feeBps: 200,
  issuerShareBps: 5000,
  platformShareBps: 4000,
  referrerShareBps: 1000,
  capacityMultiple: 20,
  challengeStake: units("1000"),
  votingPeriod: 3 * DAY,
  quorumBps: 400,
  responsePeriod: 3 * DAY,
  confirmationPeriod: 3 * DAY,
  challengeWindow: 7 * DAY,
  minLiquidity: units("100"),
  minMargin: units("100"),
  minPremium: units("50"),
  minInvest: units("1"),
  marginFeeBps: 5000,
  quorumPenaltyBps: 1000,
  checkpointInterval: 300,
  maxOptions: 32,
};

export interface MarketsDeps {
  payToken: string;
  prds: string;
  license: string;
  treasury: string;
}

export interface MarketsDeployment {
  /** The Markets contract at its address with the full IMarkets ABI (dispute calls are routed inside it). */
  markets: Contract;
  /** The dispute module Markets delegates to; never called directly. */
  marketsDisputes: Contract;
  addresses: Record<string, string>;
}

/** The full ABI of the markets protocol: trading, disputes, views, events and errors. */
export function marketsAbi(): InterfaceAbi {
  return loadArtifact("IMarkets", "contracts/interfaces/IMarkets.sol").abi;
}

/** IMarkets.Deps as the constructors take it (field order matters). */
export function marketsDepsTuple(deps: MarketsDeps): readonly string[] {
  return [deps.payToken, deps.prds, deps.license, deps.treasury];
}

/** IMarkets.Params as the constructors take it (field order matters: a Solidity struct). */
export function marketsParamsTuple(p: MarketsParams): readonly (number | bigint)[] {
  return [
    p.feeBps,
    p.issuerShareBps,
    p.platformShareBps,
    p.referrerShareBps,
    p.capacityMultiple,
    p.challengeStake,
    p.votingPeriod,
    p.quorumBps,
    p.responsePeriod,
    p.confirmationPeriod,
    p.challengeWindow,
    p.minLiquidity,
    p.minMargin,
    p.minPremium,
    p.minInvest,
    p.marginFeeBps,
    p.quorumPenaltyBps,
    p.checkpointInterval,
    p.maxOptions,
  ];
}

export async function deployMarkets(
  deployer: Signer,
  deps: MarketsDeps,
  params: Partial<MarketsParams> = {},
): Promise<MarketsDeployment> {
  const p = { ...DEFAULT_MARKETS_PARAMS, ...params };
  const depsTuple = marketsDepsTuple(deps);
  const paramsTuple = marketsParamsTuple(p);
  const marketsDisputes = await deployArtifact("MarketsDisputes", deployer, [depsTuple, paramsTuple]);
  const disputesAddress = await marketsDisputes.getAddress();
  const core = await deployArtifact("Markets", deployer, [depsTuple, paramsTuple, disputesAddress]);
  const marketsAddress = await core.getAddress();
  const markets = new Contract(marketsAddress, marketsAbi(), deployer);
  return {
    markets,
    marketsDisputes,
    addresses: { Markets: marketsAddress, MarketsDisputes: disputesAddress },
  };
}

import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { MaxUint256, id as hashText, type Contract, type ContractTransactionReceipt, type Log } from "ethers";
import { deployFixture, usdt, type Fixture } from "./helpers/fixture";
import type { ProtocolOptions } from "../scripts/deploy";
import { now, DAY } from "./helpers/chain";

/** Mirrors IMarketsTypes.MarketState. */
export const State = {
  None: 0n,
  Open: 1n,
  Closed: 2n,
  WaitingConfirmation: 3n,
  IssuerAbsent: 4n,
  EarlyConfirmed: 5n,
  Confirmed: 6n,
  Challenging: 7n,
  Appealing: 8n,
  Voting: 9n,
  WaitResult: 10n,
  Finished: 11n,
  Cancelled: 12n,
  Void: 13n,
  Invalid: 14n,
} as const;

export const ChallengeStatus = {
  None: 0n,
  Open: 1n,
  Conceded: 2n,
  WonByDefault: 3n,
  Won: 4n,
  Lost: 5n,
  Refunded: 6n,
  ReturnedLessPenalty: 7n,
} as const;

export interface MarketsWorld extends Fixture {
  markets: Contract;
  claim: Contract;
  /** The issuer (alice) owns `licenseId`, a common License. */
  licenseId: bigint;
  marketsAddress: string;
  treasury: HardhatEthersSigner;
  /** Extra funded traders (signers 5..). */
  traders: HardhatEthersSigner[];
}

export const OPTIONS = [hashText("occurred"), hashText("not occurred")];

/** Deploys the protocol (`opts`: other parameters), gives alice a License and funds/approves USDT for everyone. */
export async function deployMarketsWorld(opts: ProtocolOptions = {}): Promise<MarketsWorld> {
  const f = await deployFixture(opts);
  if (!f.markets || !f.claim) throw new Error("Markets is not deployed by the fixture");
  const markets = f.markets;
  const marketsAddress = await markets.getAddress();
  const licenseAddress = await f.license.getAddress();
  for (const s of f.signers.slice(0, 12)) {
    await (await f.usdt.connect(s).getFunction("mint")(s.address, usdt(1_000_000))).wait();
    await (await f.usdt.connect(s).getFunction("approve")(marketsAddress, MaxUint256)).wait();
    await (await f.usdt.connect(s).getFunction("approve")(licenseAddress, MaxUint256)).wait();
    await (await f.prds.connect(s).getFunction("approve")(marketsAddress, MaxUint256)).wait();
  }
  const licenseId = await buyLicense(f.license, f.alice);
  return {
    ...f,
    markets,
    claim: f.claim,
    licenseId,
    marketsAddress,
    treasury: f.deployer,
    traders: f.signers.slice(5, 12),
  };
}

export async function buyLicense(license: Contract, who: HardhatEthersSigner, type = 0): Promise<bigint> {
  const l = license.connect(who);
  const tokenId = (await l.getFunction("buy").staticCall(type)) as bigint;
  await (await l.getFunction("buy")(type)).wait();
  return tokenId;
}

export interface IssueOverrides {
  licenseId?: bigint;
  metadataHash?: string;
  options?: string[];
  lastTradingTime?: number;
  expirationTime?: number;
  liquidity?: bigint;
  margin?: bigint;
  stakeLicense?: boolean;
}

export async function issueParams(w: MarketsWorld, o: IssueOverrides = {}): Promise<unknown[]> {
  const t = await now();
  const lastTradingTime = o.lastTradingTime ?? t + DAY;
  return [
    o.licenseId ?? w.licenseId,
    o.metadataHash ?? hashText("event text"),
    o.options ?? OPTIONS,
    lastTradingTime,
    o.expirationTime ?? lastTradingTime + DAY,
    o.liquidity ?? usdt(100),
    o.margin ?? usdt(100),
    o.stakeLicense ?? false,
  ];
}

/** Issues a market as `issuer` (alice by default) and returns its id. */
export async function issue(w: MarketsWorld, o: IssueOverrides = {}, issuer: HardhatEthersSigner = w.alice): Promise<bigint> {
  const p = await issueParams(w, o);
  const m = w.markets.connect(issuer);
  const id = (await m.getFunction("issue").staticCall(p)) as bigint;
  await (await m.getFunction("issue")(p)).wait();
  return id;
}

export async function buy(
  w: MarketsWorld,
  who: HardhatEthersSigner,
  id: bigint,
  option: number,
  amount: bigint,
  referrer = "0x0000000000000000000000000000000000000000",
): Promise<ContractTransactionReceipt> {
  const tx = await w.markets.connect(who).getFunction("buy")(id, option, amount, 0, referrer);
  const r = (await tx.wait()) as ContractTransactionReceipt | null;
  if (!r) throw new Error("no receipt");
  return r;
}

export async function send(
  w: MarketsWorld,
  who: HardhatEthersSigner,
  method: string,
  ...args: unknown[]
): Promise<ContractTransactionReceipt> {
  const tx = await w.markets.connect(who).getFunction(method)(...args);
  const r = (await tx.wait()) as ContractTransactionReceipt | null;
  if (!r) throw new Error("no receipt");
  return r;
}

export async function state(w: MarketsWorld, id: bigint): Promise<bigint> {
  return (await w.markets.getFunction("marketState")(id)) as bigint;
}

export async function usdtBalance(w: MarketsWorld, who: string): Promise<bigint> {
  return (await w.usdt.getFunction("balanceOf")(who)) as bigint;
}

export async function prdsBalance(w: MarketsWorld, who: string): Promise<bigint> {
  return (await w.prds.getFunction("balanceOf")(who)) as bigint;
}

/** Decoded events of `name` from the Markets address in a receipt. */
export function eventsOf(w: MarketsWorld, receipt: ContractTransactionReceipt, name: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const log of receipt.logs as Log[]) {
    if (log.address.toLowerCase() !== w.marketsAddress.toLowerCase()) continue;
    const parsed = w.markets.interface.parseLog(log);
    if (parsed && parsed.name === name) out.push(parsed.args.toObject());
  }
  return out;
}

/** Claims for `who` and returns payout + refund actually received. */
export async function claimAll(w: MarketsWorld, who: HardhatEthersSigner, id: bigint): Promise<bigint> {
  const before = await usdtBalance(w, who.address);
  await send(w, who, "claim", id, who.address);
  return (await usdtBalance(w, who.address)) - before;
}

/** Gives `who` `amount` PRDS from the deployer (self-delegated on receipt, so it is voting power). */
export async function givePrds(w: MarketsWorld, who: HardhatEthersSigner, amount: bigint): Promise<void> {
  await (await w.prds.connect(w.deployer).getFunction("transfer")(who.address, amount)).wait();
}

export { usdt, DAY, now };

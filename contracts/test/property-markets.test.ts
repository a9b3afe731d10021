import hre from "hardhat";
import fc from "fast-check";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import {
  Interface,
  MaxUint256,
  ZeroAddress,
  id as hashText,
  type Contract,
  type ContractTransactionReceipt,
  type Log,
} from "ethers";
import { deployFixture, usdt, type Fixture } from "./helpers/fixture";
import { snapshot, revert } from "./helpers/chain";
import { revertData } from "./helpers/assertions";

// Random sequences of protocol calls by several accounts across many markets, with time moves,
// checked after every call against an accounting model kept here in TypeScript: token conservation
// (the contract holds exactly what it owes plus bounded rounding dust), payouts within pools, calls
// by accounts the rules exclude revert without changing state, and every market reaches a final
// state by permitted calls at the end of each run.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 5);
// 5 × 2,100 random actions (plus the final drives and claims) ≥ 10,000 per test run.
const ACTIONS_PER_RUN = Number(process.env.PROPERTY_ACTIONS ?? 2100);
const TIME_LIMIT_MS = 7 * 60_000;
// Above the time cap, so a slow machine ends in fast-check's report rather than a bare jest timeout.
jest.setTimeout(8 * 60_000);

const DAY = 86_400;
const BPS = 10_000n;
const GAS_LIMIT = 3_000_000n;
const PRDS_EACH = usdt(2_000_000);

// ---------------------------------------------------------------- parameters (DEFAULT_MARKETS_PARAMS)

interface P {
  feeBps: bigint;
  issuerShareBps: bigint;
  referrerShareBps: bigint;
  capacityMultiple: bigint;
  challengeStake: bigint;
  votingPeriod: number;
  quorumBps: bigint;
  responsePeriod: number;
  confirmationPeriod: number;
  challengeWindow: number;
  minLiquidity: bigint;
  minMargin: bigint;
  minPremium: bigint;
  minInvest: bigint;
  marginFeeBps: bigint;
  quorumPenaltyBps: bigint;
  checkpointInterval: number;
}

// ---------------------------------------------------------------- model

type Phase = "Trading" | "Confirmed" | "Challenging" | "Voting" | "Final" | "Cancelled" | "Void" | "Invalid";
const TERMINAL: readonly Phase[] = ["Final", "Cancelled", "Void", "Invalid"];

interface Lot {
  account: number;
  option: number;
  bucket: number;
  stake: bigint;
  fee: bigint;
  /** The buyer's referrer at the time and its share of the fee. */
  referrer: number;
  refFee: bigint;
}

interface MChallenge {
  challenger: number;
  option: number;
  knownAt: number;
  status: "Open" | "Settled";
  compensation: bigint;
  compensationClaimed: boolean;
}

interface MMarket {
  id: bigint;
  issuer: number;
  optionCount: number;
  createdAt: number;
  lastTradingTime: number;
  expirationTime: number;
  licenseId: bigint;
  licenseStaked: boolean;
  licenseValue: bigint;
  margin: bigint;
  capacity: bigint;
  liquidity: bigint;
  pool: bigint;
  feeTotal: bigint;
  /** Referral fees still to claim, fixed when the market is final (buys before the cutoff only). */
  referralOwed: Map<number, bigint>;
  lots: Lot[];
  claimed: Set<number>;
  phase: Phase;
  result: number;
  early: boolean;
  knownAt: number;
  confirmedAt: number;
  windowEnd: number;
  confirmBlock: number;
  bondSettled: boolean;
  // settlement, once final
  cutoff: number;
  countedFees: bigint;
  netPool: bigint;
  winningStake: bigint;
  /** Owed to holders of positions not yet claimed (final/void/invalid). */
  paidOut: bigint;
  winningsPaid: bigint;
  winnerClaims: number;
  // dispute
  challenges: MChallenge[];
  openA: number;
  openB: number;
  openCount: number;
  sharedClaim: boolean;
  responseEnd: number;
  voteKind: "None" | "Appeal" | "TwoChallenges" | "IssuerAbsent";
  candidates: number;
  snapshotBlock: number;
  voteEnd: number;
  extended: boolean;
  ballots: Map<number, { choice: number; weight: bigint; rewarded: boolean }>;
  tallies: bigint[];
  totalVotes: bigint;
  winningChoice: number;
  winningVotes: bigint;
  rewardPool: bigint;
  rewardPaid: bigint;
}

interface MLicense {
  id: bigint;
  owner: number; // real owner (also while listed)
  availableTimes: number;
  listed: boolean;
  /** Issues a rental of the current rent listing may use. */
  listedMaxIssues: number;
  staked: boolean;
  rental?: { user: number; expires: number; maxIssues: number; used: number };
}

class Model {
  markets: MMarket[] = [];
  licenses: MLicense[] = [];
  credit = new Map<number, bigint>();
  referrer = new Map<number, number>();
  /** PRDS balance history per account: [block, balance] ascending. */
  prds = new Map<number, [number, bigint][]>();
  prdsHeld = 0n; // by Markets
  /** Accounts that ever bought a position (Claim's eligibility) and those that claimed PRDS. */
  bought = new Set<number>();
  prdsClaimed = new Set<number>();
  constructor(readonly p: P) {}

  creditOf(a: number): bigint {
    return this.credit.get(a) ?? 0n;
  }
  addCredit(a: number, amount: bigint): void {
    if (amount > 0n) this.credit.set(a, this.creditOf(a) + amount);
  }
  prdsNow(a: number): bigint {
    const h = this.prds.get(a);
    return h && h.length ? h[h.length - 1]![1] : 0n;
  }
  prdsAt(a: number, block: number): bigint {
    const h = this.prds.get(a) ?? [];
    let v = 0n;
    for (const [b, bal] of h) if (b <= block) v = bal;
    return v;
  }
  movePrds(a: number, delta: bigint, block: number): void {
    const h = this.prds.get(a) ?? [];
    h.push([block, this.prdsNow(a) + delta]);
    this.prds.set(a, h);
  }
  bucket(t: number): number {
    return Math.floor(t / this.p.checkpointInterval);
  }
  premiumMissed(m: MMarket, t: number): boolean {
    return t >= m.lastTradingTime && m.pool - m.liquidity < this.p.minPremium;
  }
  hasLots(m: MMarket, a: number): boolean {
    return !m.claimed.has(a) && m.lots.some((l) => l.account === a);
  }

  /** Settles a confirmed claim (result, early, knownAt): final with payouts, or void by premium. */
  finalize(m: MMarket, treasury: number): "Final" | "Void" {
    const cutoff = m.early ? this.bucket(m.knownAt) : Number.MAX_SAFE_INTEGER;
    const counted = m.lots.filter((l) => l.bucket < cutoff);
    const netPool = counted.reduce((s, l) => s + l.stake, 0n);
    if (netPool - m.liquidity < this.p.minPremium) {
      m.phase = "Void";
      this.releaseBond(m);
      return "Void";
    }
    m.cutoff = cutoff;
    m.netPool = netPool;
    m.winningStake = counted.filter((l) => l.option === m.result).reduce((s, l) => s + l.stake, 0n);
    m.phase = "Final";
    // Fees of stakes placed after the outcome was known are refunded with them, not shared.
    const fees = counted.reduce((s, l) => s + l.fee, 0n);
    const referral = counted.reduce((s, l) => s + l.refFee, 0n);
    m.countedFees = fees;
    m.referralOwed = new Map();
    for (const l of counted) if (l.refFee > 0n) m.referralOwed.set(l.referrer, (m.referralOwed.get(l.referrer) ?? 0n) + l.refFee);
    const issuerFee = (fees * this.p.issuerShareBps) / BPS;
    this.addCredit(m.issuer, issuerFee);
    this.addCredit(treasury, fees - issuerFee - referral);
    this.releaseBond(m);
    return "Final";
  }
  releaseBond(m: MMarket): void {
    if (m.bondSettled) return;
    m.bondSettled = true;
    this.addCredit(m.issuer, m.margin);
    if (m.licenseStaked) this.license(m.licenseId).staked = false;
  }
  slashBond(m: MMarket, treasury: number, compensationBps: bigint): bigint {
    if (m.bondSettled) return 0n;
    m.bondSettled = true;
    const compensation = (m.margin * compensationBps) / BPS;
    this.addCredit(treasury, m.margin - compensation);
    if (m.licenseStaked) {
      const l = this.license(m.licenseId);
      l.staked = false;
      l.owner = treasury;
    }
    return compensation;
  }
  license(id: bigint): MLicense {
    const l = this.licenses.find((x) => x.id === id);
    if (!l) throw new Error(`model: no License ${id}`);
    return l;
  }
  /** What `account` gets from a settled market: [payout, refund]. */
  entitlement(m: MMarket, a: number): [bigint, bigint] {
    let payout = 0n;
    let refund = 0n;
    const lots = m.lots.filter((l) => l.account === a);
    if (m.phase === "Final") {
      for (let o = 0; o < m.optionCount; o++) {
        const mine = lots.filter((l) => l.option === o);
        const late = mine.filter((l) => l.bucket >= m.cutoff);
        refund += late.reduce((s, l) => s + l.stake + l.fee, 0n);
        const counted = mine.filter((l) => l.bucket < m.cutoff).reduce((s, l) => s + l.stake, 0n);
        if (o === m.result && counted > 0n) payout += (counted * m.netPool) / m.winningStake;
      }
    } else {
      for (const l of lots) refund += l.stake + l.fee;
    }
    return [payout, refund];
  }
  /** USDT a market still owes (stakes, fees, bond), and its settled rounding dust. */
  owed(m: MMarket): { owed: bigint; dust: bigint } {
    switch (m.phase) {
      case "Trading":
      case "Confirmed":
      case "Challenging":
      case "Voting":
        return { owed: m.pool + m.feeTotal + (m.bondSettled ? 0n : m.margin), dust: 0n };
      case "Cancelled":
        return { owed: 0n, dust: 0n };
      case "Void":
      case "Invalid": {
        const total = m.pool + m.feeTotal;
        return { owed: total - m.paidOut, dust: 0n };
      }
      case "Final": {
        let unclaimed = 0n;
        let totalEntitled = 0n;
        const accounts = new Set(m.lots.map((l) => l.account));
        for (const a of accounts) {
          const [pay, ref] = this.entitlement(m, a);
          totalEntitled += pay + ref;
          if (!m.claimed.has(a)) unclaimed += pay + ref;
        }
        let referral = 0n;
        for (const v of m.referralOwed.values()) referral += v;
        // Everything paid in, less the shared fees and all entitlements, is rounding dust.
        return { owed: unclaimed + referral, dust: m.pool + m.feeTotal - m.countedFees - totalEntitled };
      }
    }
  }
}

// ---------------------------------------------------------------- actions

type Action =
  | {
      k: "issue";
      actor: number;
      n: number;
      lttIdx: number;
      expIdx: number;
      liqIdx: number;
      marginIdx: number;
      stake: boolean;
      lic: number;
    }
  | { k: "buy"; actor: number; m: number; option: number; amountIdx: number; ref: number }
  | { k: "confirm"; actor: number; m: number; option: number }
  | { k: "confirmEarly"; actor: number; m: number; option: number; agoIdx: number }
  | { k: "challenge"; actor: number; m: number; option: number; early: boolean; frac: number }
  | { k: "concede"; actor: number; m: number }
  | { k: "appeal"; actor: number; m: number }
  | { k: "vote"; actor: number; m: number; choice: number }
  | { k: "advance"; actor: number; m: number }
  | { k: "claim"; actor: number; m: number; account: number }
  | { k: "claimReferral"; actor: number; m: number }
  | { k: "claimCompensation"; actor: number; m: number; index: number }
  | { k: "claimVoterReward"; actor: number; m: number }
  | { k: "withdraw"; actor: number; all: boolean }
  | { k: "cancel"; actor: number; m: number }
  | { k: "addMargin"; actor: number; m: number }
  | { k: "listForRent"; actor: number; lic: number; maxIssues: number }
  | { k: "rent"; actor: number; lic: number; days: number }
  | { k: "cancelRent"; actor: number; lic: number }
  | { k: "giftPrds"; actor: number; to: number }
  | { k: "claimPrds"; actor: number }
  | { k: "time"; idx: number };

// Accounts: 0 deployer/treasury, 1-3 issuers, 4-9 traders with PRDS, 10 a newcomer without PRDS.
const N_ACCOUNTS = 11;
const ISSUERS = [1, 2, 3];
const TREASURY = 0;
const NEWCOMER = 10;
const actorArb = fc.integer({ min: 1, max: N_ACCOUNTS - 1 });
const slot = fc.nat({ max: 1_000 });
// Mostly short moves, so markets spend time in each phase; long ones cross whole windows.
const TIME_STEPS = [60, 300, 600, 1_800, 3_600, 3_600, 4 * 3_600, 12 * 3_600, DAY, DAY, 3 * DAY + 1_800, 8 * DAY];
const AMOUNTS = [usdt(1), usdt(7), usdt(33), usdt(120), usdt(900), usdt(2_500)];
const LTT = [3_600, DAY, 3 * DAY];
const EXP = [0, 600, DAY];
const LIQ = [usdt(100), usdt(103), usdt(450)];
const MARGINS = [usdt(100), usdt(250)];
const AGO = [0, 300, 3_600, DAY];

/** `who` < 70: the call is made by the account the rules expect (issuer, participant, voter...),
 * otherwise by the random `actor`; `live` < 75: it targets a market that is not final yet. */
type Biased = Action & { who: number; live: number };

const baseActionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant("issue" as const),
      actor: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ISSUERS) }, { weight: 1, arbitrary: actorArb }),
      n: fc.integer({ min: 2, max: 4 }),
      lttIdx: fc.nat({ max: 2 }),
      expIdx: fc.nat({ max: 2 }),
      liqIdx: fc.nat({ max: 2 }),
      marginIdx: fc.nat({ max: 1 }),
      stake: fc.boolean(),
      lic: slot,
    }),
  },
  {
    weight: 30,
    arbitrary: fc.record({
      k: fc.constant("buy" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 4 }),
      amountIdx: fc.nat({ max: AMOUNTS.length - 1 }),
      ref: fc.integer({ min: -6, max: N_ACCOUNTS - 1 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ k: fc.constant("confirm" as const), actor: actorArb, m: slot, option: fc.nat({ max: 3 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("confirmEarly" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 3 }),
      agoIdx: fc.nat({ max: AGO.length - 1 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant("challenge" as const),
      actor: actorArb,
      m: slot,
      option: fc.nat({ max: 3 }),
      early: fc.boolean(),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("concede" as const), actor: actorArb, m: slot }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("appeal" as const), actor: actorArb, m: slot }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant("vote" as const), actor: actorArb, m: slot, choice: fc.nat({ max: 4 }) }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant("advance" as const), actor: actorArb, m: slot }) },
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant("claim" as const),
      actor: actorArb,
      m: slot,
      account: fc.nat({ max: N_ACCOUNTS - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("claimReferral" as const), actor: actorArb, m: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("claimCompensation" as const), actor: actorArb, m: slot, index: fc.nat({ max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("claimVoterReward" as const), actor: actorArb, m: slot }) },
  {
    weight: 3,
    arbitrary: fc.record({ k: fc.constant("withdraw" as const), actor: fc.nat({ max: N_ACCOUNTS - 1 }), all: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("cancel" as const), actor: actorArb, m: slot }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("addMargin" as const), actor: actorArb, m: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("listForRent" as const),
      actor: actorArb,
      lic: slot,
      maxIssues: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("rent" as const), actor: actorArb, lic: slot, days: fc.integer({ min: 1, max: 10 }) }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("cancelRent" as const), actor: actorArb, lic: slot }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("giftPrds" as const),
      actor: fc.integer({ min: 4, max: 9 }),
      to: fc.constantFrom(NEWCOMER, 1, 2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("claimPrds" as const), actor: actorArb }) },
  { weight: 8, arbitrary: fc.record({ k: fc.constant("time" as const), idx: fc.nat({ max: TIME_STEPS.length - 1 }) }) },
);
const actionArb: fc.Arbitrary<Biased> = fc
  .tuple(baseActionArb, fc.nat({ max: 99 }), fc.nat({ max: 99 }))
  .map(([a, who, live]) => ({ ...a, who, live }));

// ---------------------------------------------------------------- expectations

type Expect = { ok: true } | { ok: false; errors?: readonly string[]; auth?: boolean };
const OK: Expect = { ok: true };
const fail = (...errors: string[]): Expect => ({ ok: false, errors });
const denied = (...errors: string[]): Expect => ({ ok: false, errors, auth: true });

class PropertyFailure extends Error {}

describe("property: markets, disputes and Licenses under random action sequences", () => {
  let f: Fixture;
  let markets: Contract;
  let errors: Interface;
  let signers: HardhatEthersSigner[];
  let addr: string[];
  let marketsAddress: string;
  let base = "";
  let p: P;
  let licenseValue: bigint;
  let claimAmount: bigint;
  let totalActions = 0;
  let unauthorised = 0;
  /** Per call: [succeeded, reverted as predicted]; shows the runs reach every path. */
  const coverage = new Map<string, [number, number]>();
  const finals = new Map<string, number>();

  beforeAll(async () => {
    f = await deployFixture({ treasury: (await hre.ethers.getSigners())[0]!.address });
    if (!f.markets) throw new Error("Markets is not deployed by the fixture");
    markets = f.markets;
    marketsAddress = await markets.getAddress();
    signers = f.signers.slice(0, N_ACCOUNTS);
    addr = signers.map((s) => s.address);
    const frags = [markets, f.license, f.marketplace, f.usdt, f.prds, f.claim].flatMap((c) =>
      c.interface.fragments.filter((x) => x.type === "error"),
    );
    const seen = new Set<string>();
    errors = new Interface(
      frags.filter((x) => {
        const key = x.format("sighash");
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
    const raw = await markets.getFunction("params")();
    p = {
      feeBps: BigInt(raw.feeBps),
      issuerShareBps: BigInt(raw.issuerShareBps),
      referrerShareBps: BigInt(raw.referrerShareBps),
      capacityMultiple: BigInt(raw.capacityMultiple),
      challengeStake: raw.challengeStake,
      votingPeriod: Number(raw.votingPeriod),
      quorumBps: BigInt(raw.quorumBps),
      responsePeriod: Number(raw.responsePeriod),
      confirmationPeriod: Number(raw.confirmationPeriod),
      challengeWindow: Number(raw.challengeWindow),
      minLiquidity: raw.minLiquidity,
      minMargin: raw.minMargin,
      minPremium: raw.minPremium,
      minInvest: raw.minInvest,
      marginFeeBps: BigInt(raw.marginFeeBps),
      quorumPenaltyBps: BigInt(raw.quorumPenaltyBps),
      checkpointInterval: Number(raw.checkpointInterval),
    };
    licenseValue = await f.license.getFunction("typePrice")(0);
    claimAmount = await f.claim.getFunction("claimAmount")();
    const targets = [marketsAddress, await f.license.getAddress(), await f.marketplace.getAddress()];
    for (const s of signers) {
      await (await f.usdt.connect(s).getFunction("mint")(s.address, usdt(100_000_000))).wait();
      for (const t of targets) await (await f.usdt.connect(s).getFunction("approve")(t, MaxUint256)).wait();
      await (await f.prds.connect(s).getFunction("approve")(marketsAddress, MaxUint256)).wait();
      await (await f.license.connect(s).getFunction("setApprovalForAll")(targets[2], true)).wait();
      await (await f.license.connect(s).getFunction("setApprovalForAll")(marketsAddress, true)).wait();
    }
    for (let a = 4; a <= 9; a++) await (await f.prds.connect(f.deployer).getFunction("transfer")(addr[a], PRDS_EACH)).wait();
    for (const a of ISSUERS) for (let i = 0; i < 3; i++) await (await f.license.connect(signers[a]).getFunction("buy")(0)).wait();
    base = await snapshot();
  });

  afterAll(() => {
    const rows = [...coverage.entries()]
      .sort()
      .map(([k, [ok, rev]]) => `${k.padEnd(34)} ok ${String(ok).padStart(5)}  reverted ${String(rev).padStart(5)}`);
    console.log(`${rows.join("\n")}\nmarkets ended: ${JSON.stringify(Object.fromEntries(finals))}`);
    console.log(`PROPERTY unauthorised calls refused without a state change: ${unauthorised}`);
    console.log(`PROPERTY actions=${totalActions}`);
  });

  it("keeps the books balanced and every market finishable", async () => {
    const started = Date.now();
    let runs = 0;
    // No shrinking (a replay of thousands of chain calls per step would take far longer than the
    // run): a failure reports at once with its seed and the last calls before it.
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
    const out = await fc.check(
      fc.asyncProperty(fc.array(actionArb, { minLength: ACTIONS_PER_RUN, maxLength: ACTIONS_PER_RUN }), async (actions) => {
        runs += 1;
        await revert(base);
        base = await snapshot();
        await runSequence(actions);
      }),
      { seed, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: true },
    );
    if (out.failed) {
      const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      throw new Error(`property failed in run ${runs} (replay: PROPERTY_SEED=${seed}): ${cause}`);
    }
    console.log(`PROPERTY runs=${runs} seconds=${((Date.now() - started) / 1000).toFixed(1)}`);
    expect(totalActions).toBeGreaterThanOrEqual(RUNS * ACTIONS_PER_RUN);
  });

  // ---------------------------------------------------------------- one run

  async function runSequence(actions: Biased[]): Promise<void> {
    const model = new Model(p);
    const latest = await hre.ethers.provider.getBlock("latest");
    let now = latest!.timestamp;
    const startBlock = latest!.number;
    const trace: string[] = [];
    for (let a = 0; a < N_ACCOUNTS; a++) {
      model.prds.set(a, [[startBlock, (await f.prds.getFunction("balanceOf")(addr[a])) as bigint]]);
    }
    const total = (await f.license.getFunction("totalMinted")()) as bigint;
    for (let id = 1n; id <= total; id++) {
      const owner = addr.indexOf((await f.license.getFunction("ownerOf")(id)) as string);
      model.licenses.push({ id, owner, availableTimes: 10, listed: false, listedMaxIssues: 0, staked: false });
    }
    const usdtStart = (await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint;
    const prdsStart = (await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint;

    const failWith = (msg: string): never => {
      throw new PropertyFailure(`${msg}\nlast actions:\n${trace.slice(-25).join("\n")}`);
    };

    /** Sends one call in its own block at now+1; returns the receipt or the decoded revert. */
    async function send(
      actor: number,
      contract: Contract,
      method: string,
      args: unknown[],
    ): Promise<{ receipt?: ContractTransactionReceipt; error?: string; block: number; time: number }> {
      const time = now + 1;
      await hre.network.provider.send("evm_setNextBlockTimestamp", [time]);
      now = time;
      try {
        const tx = await contract.connect(signers[actor]!).getFunction(method)(...args, { gasLimit: GAS_LIMIT });
        const receipt = (await tx.wait()) as ContractTransactionReceipt;
        return { receipt, block: receipt.blockNumber, time };
      } catch (e) {
        const data = revertData(e);
        let name = "unknown";
        if (data) {
          if (data === "0x") name = "empty";
          else name = errors.parseError(data)?.name ?? `raw:${data.slice(0, 10)}`;
        } else {
          name = `noData:${String(e).slice(0, 160)}`;
        }
        const block = await hre.ethers.provider.getBlockNumber();
        return { error: name, block, time };
      }
    }

    function events(receipt: ContractTransactionReceipt, name: string): Record<string, unknown>[] {
      const out: Record<string, unknown>[] = [];
      for (const log of receipt.logs as Log[]) {
        if (log.address.toLowerCase() !== marketsAddress.toLowerCase()) continue;
        const parsed = markets.interface.parseLog({ topics: [...log.topics], data: log.data });
        if (parsed?.name === name) out.push(parsed.args.toObject() as Record<string, unknown>);
      }
      return out;
    }

    async function digest(m?: MMarket): Promise<string> {
      const parts: unknown[] = [
        await f.usdt.getFunction("balanceOf")(marketsAddress),
        await f.prds.getFunction("balanceOf")(marketsAddress),
      ];
      if (m)
        parts.push(
          (await markets.getFunction("getMarket")(m.id)).toArray(),
          (await markets.getFunction("disputeOf")(m.id)).toArray(),
        );
      return JSON.stringify(parts, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    }

    /** Sends a call whose outcome the model predicted, checks the prediction, returns the receipt on success. */
    async function act(
      label: string,
      expect_: Expect,
      actor: number,
      contract: Contract,
      method: string,
      args: unknown[],
      m?: MMarket,
    ): Promise<ContractTransactionReceipt | undefined> {
      const before = !expect_.ok && expect_.auth ? await digest(m) : "";
      const r = await send(actor, contract, method, args);
      trace.push(`${label} @${r.time} -> ${r.error ?? "ok"}`);
      const prefix =
        contract === f.claim ? "Claim." : contract === f.marketplace ? "Marketplace." : contract === f.prds ? "PRDS." : "";
      const key = r.error ? `${prefix}${method} ${r.error}` : `${prefix}${method}`;
      const row = coverage.get(key) ?? [0, 0];
      row[r.error ? 1 : 0] += 1;
      coverage.set(key, row);
      if (expect_.ok && r.error) failWith(`${label}: model expected success, got revert ${r.error}`);
      if (!expect_.ok) {
        if (!r.error) failWith(`${label}: model expected a revert (${expect_.errors?.join("|") ?? "any"}), the call succeeded`);
        if (expect_.errors && !expect_.errors.includes(r.error!))
          failWith(`${label}: expected ${expect_.errors.join("|")}, got ${r.error}`);
        if (expect_.auth && (await digest(m)) !== before) failWith(`${label}: an unauthorised call changed state`);
        if (expect_.auth) unauthorised += 1;
      }
      return r.receipt;
    }

    const marketAt = (s: number): MMarket | undefined =>
      model.markets.length ? model.markets[s % model.markets.length] : undefined;

    // ---------------------------------------------------------------- deadline transitions (advance, lazy claim)

    function applySettlementEvents(m: MMarket, receipt: ContractTransactionReceipt, label: string): void {
      for (const e of events(receipt, "MarketFinalized")) {
        // The chain's result must be one of the claims on the table; the numbers must be ours.
        const result = Number(e.result);
        const legit = m.voteKind === "IssuerAbsent" || result === m.result || m.challenges.some((c) => c.option === result);
        if (!legit) failWith(`${label}: final result ${result} was nobody's claim`);
        if (result !== m.result || Boolean(e.early) !== m.early || Number(e.knownAt) !== m.knownAt) {
          failWith(`${label}: finalized with ${result}/${e.early}/${e.knownAt}, model has ${m.result}/${m.early}/${m.knownAt}`);
        }
        if (m.phase !== "Final") failWith(`${label}: chain finalized, model did not`);
        if (e.netPool !== m.netPool || e.winningStake !== m.winningStake) {
          failWith(`${label}: netPool/winningStake ${e.netPool}/${e.winningStake} vs model ${m.netPool}/${m.winningStake}`);
        }
        const issuerFee = (m.countedFees * p.issuerShareBps) / BPS;
        let referral = 0n;
        for (const v of m.referralOwed.values()) referral += v;
        if (
          e.feeTotal !== m.countedFees ||
          e.issuerFee !== issuerFee ||
          e.referralFees !== referral ||
          e.platformFee !== m.countedFees - issuerFee - referral
        ) {
          failWith(`${label}: fee split ${e.feeTotal}/${e.issuerFee}/${e.platformFee}/${e.referralFees} differs from model`);
        }
      }
      if (events(receipt, "MarketVoided").length && m.phase !== "Void") failWith(`${label}: chain voided, model has ${m.phase}`);
      if (events(receipt, "MarketInvalidated").length && m.phase !== "Invalid")
        failWith(`${label}: chain invalidated, model has ${m.phase}`);
    }

    /** The model's version of advance(): applies the due transition, false when nothing is due. */
    function modelAdvance(m: MMarket, t: number, block: number): boolean {
      if (m.phase === "Trading") {
        if (model.premiumMissed(m, t)) {
          m.phase = "Void";
          model.releaseBond(m);
          return true;
        }
        if (t >= m.expirationTime + p.confirmationPeriod) {
          model.slashBond(m, TREASURY, 0n);
          m.confirmBlock = block;
          startVote(m, "IssuerAbsent", m.optionCount + 1, block - 1, t);
          return true;
        }
        return false;
      }
      if (m.phase === "Confirmed" && t >= m.windowEnd) {
        model.finalize(m, TREASURY);
        return true;
      }
      if (m.phase === "Challenging" && t >= m.responseEnd) {
        const c = m.challenges[m.openA]!;
        c.status = "Settled";
        c.compensation = model.slashBond(m, TREASURY, p.marginFeeBps);
        returnPrds(c.challenger, p.challengeStake, block);
        adopt(m, c, t);
        return true;
      }
      if (m.phase === "Voting" && t >= m.voteEnd) {
        tally(m, t, block);
        return true;
      }
      return false;
    }

    function startVote(m: MMarket, kind: MMarket["voteKind"], candidates: number, snapshotBlock: number, t: number): void {
      m.phase = "Voting";
      m.voteKind = kind;
      m.candidates = candidates;
      m.snapshotBlock = snapshotBlock;
      m.voteEnd = t + p.votingPeriod;
      m.tallies = new Array(candidates).fill(0n);
    }

    function adopt(m: MMarket, c: MChallenge, t: number): void {
      m.result = c.option;
      m.early = c.knownAt !== 0;
      m.knownAt = c.knownAt;
      m.windowEnd = t + p.challengeWindow;
      m.phase = "Confirmed";
      m.openCount = 0;
    }

    function returnPrds(a: number, amount: bigint, block: number): void {
      model.prdsHeld -= amount;
      model.movePrds(a, amount, block);
    }

    function openIndexes(m: MMarket): number[] {
      return m.openCount === 0 ? [] : m.openCount === 1 ? [m.openA] : [m.openA, m.openB];
    }

    function tally(m: MMarket, t: number, block: number): void {
      const quorum = (100_000_000n * 10n ** 18n * p.quorumBps) / BPS;
      const absent = m.voteKind === "IssuerAbsent";
      if (m.totalVotes === 0n || m.totalVotes < quorum) {
        if (!m.extended) {
          m.extended = true;
          m.voteEnd = t + p.votingPeriod;
          return;
        }
        if (absent) {
          m.phase = "Invalid";
          model.releaseBond(m);
        } else {
          for (const i of openIndexes(m)) {
            const c = m.challenges[i]!;
            c.status = "Settled";
            const penalty = (p.challengeStake * p.quorumPenaltyBps) / BPS;
            returnPrds(c.challenger, p.challengeStake - penalty, block);
            model.prdsHeld -= penalty;
            model.movePrds(TREASURY, penalty, block);
          }
          m.openCount = 0;
          model.finalize(m, TREASURY);
        }
        return;
      }
      let winner = 0;
      let top = 0n;
      let tie = false;
      m.tallies.forEach((v, i) => {
        if (v > top) {
          top = v;
          winner = i;
          tie = false;
        } else if (v === top && v !== 0n) tie = true;
      });
      if (tie || winner === 0) {
        if (!absent) {
          for (const i of openIndexes(m)) {
            m.challenges[i]!.status = "Settled";
            returnPrds(m.challenges[i]!.challenger, p.challengeStake, block);
          }
          m.openCount = 0;
        }
        m.phase = "Invalid";
        model.releaseBond(m);
        return;
      }
      m.winningChoice = winner;
      m.winningVotes = top;
      if (absent) {
        m.result = winner - 1;
        m.early = false;
        m.knownAt = 0;
        model.finalize(m, TREASURY);
        return;
      }
      const loseOpen = (winA: number, winB: number): void => {
        for (const i of openIndexes(m)) {
          if (i === winA || i === winB) continue;
          const c = m.challenges[i]!;
          c.status = "Settled";
          const half = p.challengeStake / 2n;
          m.rewardPool += half;
          model.prdsHeld -= p.challengeStake - half;
          model.movePrds(TREASURY, p.challengeStake - half, block);
        }
      };
      if (winner === 1) {
        loseOpen(-1, -1);
        m.openCount = 0;
        model.finalize(m, TREASURY);
        return;
      }
      const winA = winner === 2 ? m.openA : m.openB;
      const winB = m.sharedClaim ? m.openB : -1;
      loseOpen(winA, winB);
      const c = m.challenges[winA]!;
      const compensation = model.slashBond(m, TREASURY, p.marginFeeBps);
      m.result = c.option;
      m.early = c.knownAt !== 0;
      m.knownAt = c.knownAt;
      m.openCount = 0;
      // Challengers proven right together share the compensation.
      const shares =
        winB < 0
          ? [[winA, compensation]]
          : [
              [winA, compensation / 2n],
              [winB, compensation - compensation / 2n],
            ];
      for (const [i, amount] of shares as [number, bigint][]) {
        const w = m.challenges[i]!;
        w.status = "Settled";
        w.compensation = amount;
        returnPrds(w.challenger, p.challengeStake, block);
      }
      model.finalize(m, TREASURY);
    }

    // ---------------------------------------------------------------- invariants

    async function checkBooks(label: string, full: boolean): Promise<void> {
      let owed = usdtStart;
      let dust = 0n;
      for (const m of model.markets) {
        const o = model.owed(m);
        owed += o.owed;
        dust += o.dust;
        if (o.dust < 0n) failWith(`${label}: market ${m.id} owes more than its pool (dust ${o.dust})`);
        if (m.phase === "Final") {
          const winners = new Set(m.lots.filter((l) => l.option === m.result && l.bucket < m.cutoff).map((l) => l.account)).size;
          if (o.dust > BigInt(winners))
            failWith(`${label}: market ${m.id} dust ${o.dust} above one wei per winning claim (${winners})`);
        }
        for (const c of m.challenges) if (!c.compensationClaimed) owed += c.compensation;
      }
      for (const v of model.credit.values()) owed += v;
      const usdtHeld = (await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint;
      if (usdtHeld !== owed + dust)
        failWith(`${label}: Markets holds ${usdtHeld} USDT, model owes ${owed} + dust ${dust} (diff ${usdtHeld - owed - dust})`);
      const prdsOwed = prdsStart + model.prdsHeld;
      const prdsHeld = (await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint;
      if (prdsHeld !== prdsOwed) failWith(`${label}: Markets holds ${prdsHeld} PRDS, model ${prdsOwed}`);
      if (full) {
        // The License sale and the marketplace pay through at once: they never hold pay tokens.
        for (const c of [f.license, f.marketplace]) {
          const held = (await f.usdt.getFunction("balanceOf")(await c.getAddress())) as bigint;
          if (held !== 0n) failWith(`${label}: ${await c.getAddress()} holds ${held} USDT`);
        }
        for (let a = 0; a < N_ACCOUNTS; a++) {
          const c = (await markets.getFunction("creditOf")(addr[a])) as bigint;
          if (c !== model.creditOf(a)) failWith(`${label}: credit of ${a} is ${c}, model ${model.creditOf(a)}`);
          const bal = (await f.prds.getFunction("balanceOf")(addr[a])) as bigint;
          if (bal !== model.prdsNow(a)) failWith(`${label}: PRDS of ${a} is ${bal}, model ${model.prdsNow(a)}`);
        }
        for (const m of model.markets) {
          const state = (await markets.getFunction("getMarket")(m.id)) as { pool: bigint; feeTotal: bigint; margin: bigint };
          if (state.pool !== m.pool || state.feeTotal !== m.feeTotal || state.margin !== m.margin) {
            failWith(`${label}: market ${m.id} pool/fees/margin differ from the model`);
          }
        }
      }
    }

    // ---------------------------------------------------------------- one action

    /** Points a generated action at a live market and, mostly, at the account the rules expect. */
    function resolve(a0: Biased): Action {
      const a = { ...a0 } as Action & { who: number; live: number };
      if ("m" in a && a.live < 75) {
        const t = now + 1;
        const indexed = model.markets.map((m, i) => [m, i] as const);
        const live = indexed.filter(([m]) => !TERMINAL.includes(m.phase));
        // Half of the time a market in the phase where the call can work.
        const fits: Partial<Record<Action["k"], (m: MMarket) => boolean>> = {
          buy: (m) => m.phase === "Trading" && t < m.lastTradingTime,
          confirm: (m) => m.phase === "Trading" && t >= m.expirationTime,
          confirmEarly: (m) => m.phase === "Trading" && t < m.expirationTime,
          cancel: (m) => m.phase === "Trading",
          challenge: (m) => m.phase === "Confirmed" || m.phase === "Challenging",
          concede: (m) => m.phase === "Challenging",
          appeal: (m) => m.phase === "Challenging",
          vote: (m) => m.phase === "Voting",
          claim: (m) => m.phase === "Final" || m.phase === "Void" || m.phase === "Invalid",
          claimVoterReward: (m) => m.rewardPool > 0n,
          claimCompensation: (m) => m.challenges.some((c) => c.compensation > 0n),
        };
        const fit = fits[a.k];
        const targeted = fit && a.live < 40 ? indexed.filter(([m]) => fit(m)) : [];
        const from = targeted.length ? targeted : live;
        if (from.length) a.m = from[a.m % from.length]![1];
      }
      if (a.who >= 70) return a;
      const m = "m" in a ? marketAt(a.m) : undefined;
      const pickFrom = (xs: number[]): number | undefined => (xs.length ? xs[a.who % xs.length] : undefined);
      switch (a.k) {
        case "confirm":
        case "confirmEarly":
        case "concede":
        case "appeal":
        case "cancel":
        case "addMargin":
          if (m) a.actor = m.issuer;
          break;
        case "buy":
          if (m && a.actor === m.issuer) a.actor = 4 + (a.who % 6);
          break;
        case "challenge":
          if (m) a.actor = pickFrom([...new Set(m.lots.map((l) => l.account))].filter((x) => x !== m.issuer)) ?? a.actor;
          break;
        case "vote":
          a.actor = 4 + (a.who % 7);
          break;
        case "claim":
          if (m) a.account = pickFrom([...new Set(m.lots.map((l) => l.account))].filter((x) => !m.claimed.has(x))) ?? a.account;
          break;
        case "claimReferral":
          if (m) a.actor = pickFrom([...m.referralOwed.keys()]) ?? a.actor;
          break;
        case "claimVoterReward":
          if (m) a.actor = pickFrom([...m.ballots.keys()]) ?? a.actor;
          break;
        case "withdraw":
          a.actor = pickFrom([...model.credit.entries()].filter(([, v]) => v > 0n).map(([k]) => k)) ?? a.actor;
          break;
        case "issue": {
          const t = now + 1;
          const usable = model.licenses
            .map((l, i) => [l, i] as const)
            .filter(([l]) => {
              if (l.availableTimes === 0 || l.staked) return false;
              const r = l.rental && l.rental.expires >= t ? l.rental : undefined;
              return r ? r.user === a.actor && r.used < r.maxIssues : !l.listed && l.owner === a.actor;
            });
          if (usable.length) a.lic = usable[a.who % usable.length]![1];
          break;
        }
        case "listForRent": {
          const free = model.licenses
            .map((l, i) => [l, i] as const)
            .filter(([l]) => !l.listed && !l.staked && l.owner !== TREASURY);
          const pick = free.length ? free[a.who % free.length] : undefined;
          if (pick) {
            a.lic = pick[1];
            a.actor = pick[0].owner;
          }
          break;
        }
        case "rent":
        case "cancelRent": {
          const listed = model.licenses.map((l, i) => [l, i] as const).filter(([l]) => l.listed);
          const pick = listed.length ? listed[a.who % listed.length] : undefined;
          if (pick) {
            a.lic = pick[1];
            if (a.k === "cancelRent") a.actor = pick[0].owner;
            else if (a.actor === pick[0].owner) a.actor = 4 + (a.who % 6);
          }
          break;
        }
        default:
          break;
      }
      return a;
    }

    async function step(a0: Action): Promise<void> {
      const a = "who" in a0 ? resolve(a0 as Biased) : a0;
      const label = JSON.stringify(a);
      const t = now + 1;
      switch (a.k) {
        case "time": {
          now += TIME_STEPS[a.idx]!;
          await hre.network.provider.send("evm_setNextBlockTimestamp", [now]);
          await hre.network.provider.send("evm_mine", []);
          trace.push(`time +${TIME_STEPS[a.idx]} -> ${now}`);
          return;
        }
        case "issue": {
          const pick = model.licenses[a.lic % model.licenses.length]!;
          const ltt = t + LTT[a.lttIdx]!;
          const exp = ltt + EXP[a.expIdx]!;
          const liq = LIQ[a.liqIdx]!;
          const margin = MARGINS[a.marginIdx]!;
          const rental = pick.rental && pick.rental.expires >= t ? pick.rental : undefined;
          const holder = rental ? rental.user : pick.listed ? -1 : pick.owner;
          const stake = a.stake && !rental && holder === a.actor;
          // License.useForIssue's order: uses left, then the active renter's limits, then the owner.
          let e: Expect = OK;
          if (pick.availableTimes === 0) e = fail("NoIssuesLeft");
          else if (pick.staked || holder !== a.actor) e = denied("NotLicenseUser");
          else if (rental && exp >= rental.expires) e = fail("ExpirationAfterRentalEnd");
          else if (rental && rental.used >= rental.maxIssues) e = fail("RentalIssueAllowanceUsed");
          const options = Array.from({ length: a.n }, (_, i) => hashText(`option ${i}`));
          const params = {
            licenseId: pick.id,
            metadataHash: hashText(`market ${model.markets.length}`),
            options,
            lastTradingTime: ltt,
            expirationTime: exp,
            liquidity: liq,
            margin,
            stakeLicense: stake,
          };
          const r = await act(label, e, a.actor, markets, "issue", [params]);
          if (!r) return;
          const ev = events(r, "MarketIssued")[0]!;
          const seed = liq / BigInt(a.n);
          const value = stake ? licenseValue : 0n;
          const m: MMarket = {
            id: ev.id as bigint,
            issuer: a.actor,
            optionCount: a.n,
            createdAt: t,
            lastTradingTime: ltt,
            expirationTime: exp,
            licenseId: pick.id,
            licenseStaked: stake,
            licenseValue: value,
            margin,
            capacity: (margin + value) * p.capacityMultiple,
            liquidity: seed * BigInt(a.n),
            pool: seed * BigInt(a.n),
            feeTotal: 0n,
            referralOwed: new Map(),
            lots: Array.from({ length: a.n }, (_, o) => ({
              account: a.actor,
              option: o,
              bucket: 0,
              stake: seed,
              fee: 0n,
              referrer: -1,
              refFee: 0n,
            })),
            claimed: new Set(),
            phase: "Trading",
            result: 0,
            early: false,
            knownAt: 0,
            confirmedAt: 0,
            windowEnd: 0,
            confirmBlock: 0,
            bondSettled: false,
            cutoff: 0,
            countedFees: 0n,
            netPool: 0n,
            winningStake: 0n,
            paidOut: 0n,
            winningsPaid: 0n,
            winnerClaims: 0,
            challenges: [],
            openA: 0,
            openB: 0,
            openCount: 0,
            sharedClaim: false,
            responseEnd: 0,
            voteKind: "None",
            candidates: 0,
            snapshotBlock: 0,
            voteEnd: 0,
            extended: false,
            ballots: new Map(),
            tallies: [],
            totalVotes: 0n,
            winningChoice: 0,
            winningVotes: 0n,
            rewardPool: 0n,
            rewardPaid: 0n,
          };
          if (ev.liquidity !== m.liquidity || ev.capacity !== m.capacity) failWith(`${label}: issued liquidity/capacity differ`);
          if (BigInt(model.markets.length + 1) !== m.id) failWith(`${label}: market id ${m.id} not sequential`);
          model.markets.push(m);
          pick.availableTimes -= 1;
          if (rental) rental.used += 1;
          if (stake) pick.staked = true;
          return;
        }
        case "buy": {
          const m = marketAt(a.m);
          if (!m) return;
          const amount = AMOUNTS[a.amountIdx]!;
          const referrer = a.ref < 0 ? -1 : a.ref;
          const fee = (amount * p.feeBps) / BPS;
          const stake = amount - fee;
          const bound = model.referrer.get(a.actor);
          let e: Expect = OK;
          if (m.phase !== "Trading") e = fail("MarketNotOpen");
          else if (t >= m.lastTradingTime) e = fail("TradingClosed");
          else if (a.option >= m.optionCount) e = fail("InvalidOption");
          else if (a.actor === m.issuer) e = denied("IssuerCannotBuy");
          else if (m.pool + stake > m.capacity) e = fail("CapacityExceeded");
          else if (bound === undefined && referrer === a.actor) e = fail("SelfReferral");
          const r = await act(
            label,
            e,
            a.actor,
            markets,
            "buy",
            [m.id, a.option, amount, 0, referrer < 0 ? ZeroAddress : addr[referrer]],
            m,
          );
          if (!r) return;
          let ref = bound;
          if (ref === undefined && referrer >= 0) {
            ref = referrer;
            model.referrer.set(a.actor, referrer);
          }
          const ev = events(r, "Bought")[0]!;
          if (ev.stake !== stake || ev.fee !== fee)
            failWith(`${label}: stake/fee ${ev.stake}/${ev.fee} vs model ${stake}/${fee}`);
          if (ev.referrer !== (ref === undefined ? ZeroAddress : addr[ref])) failWith(`${label}: referrer differs`);
          const refFee = ref === undefined ? 0n : (fee * p.referrerShareBps) / BPS;
          m.lots.push({ account: a.actor, option: a.option, bucket: model.bucket(t), stake, fee, referrer: ref ?? -1, refFee });
          m.pool += stake;
          m.feeTotal += fee;
          model.bought.add(a.actor);
          return;
        }
        case "confirm":
        case "confirmEarly": {
          const m = marketAt(a.m);
          if (!m) return;
          const early = a.k === "confirmEarly";
          const knownAt = early ? Math.max(m.createdAt, t - AGO[a.agoIdx]!) : 0;
          let e: Expect = OK;
          if (a.actor !== m.issuer) e = denied("NotIssuer");
          else if (m.phase !== "Trading") e = fail("MarketNotOpen");
          else if (!early && t < m.expirationTime) e = fail("NotExpired");
          else if (!early && t >= m.expirationTime + p.confirmationPeriod) e = fail("ConfirmationDeadlinePassed");
          else if (early && t >= m.expirationTime) e = fail("EarlyConfirmationTooLate");
          else if (a.option >= m.optionCount) e = fail("InvalidOption");
          else if (model.premiumMissed(m, t)) e = fail("PremiumNotReached");
          const r = early
            ? await act(label, e, a.actor, markets, "confirmEarly", [m.id, a.option, knownAt], m)
            : await act(label, e, a.actor, markets, "confirm", [m.id, a.option], m);
          if (!r) return;
          const ev = events(r, "ResultConfirmed")[0]!;
          if (Number(ev.snapshotBlock) !== r.blockNumber - 1)
            failWith(`${label}: snapshot is not the block before the confirmation`);
          m.phase = "Confirmed";
          m.result = a.option;
          m.early = early;
          m.knownAt = knownAt;
          m.confirmedAt = t;
          m.windowEnd = t + p.challengeWindow;
          m.confirmBlock = r.blockNumber;
          return;
        }
        case "challenge": {
          const m = marketAt(a.m);
          if (!m) return;
          const knownAt =
            a.early && m.early && m.confirmedAt > 0 ? m.createdAt + Math.floor(a.frac * (m.confirmedAt - m.createdAt)) : 0;
          const same = (o1: number, k1: number, o2: number, k2: number): boolean =>
            o1 === o2 && (k1 === 0 || k2 === 0 ? k1 === k2 : model.bucket(k1) === model.bucket(k2));
          const challenged = m.challenges.some((c) => c.challenger === a.actor);
          let e: Expect = OK;
          if (m.phase !== "Confirmed" && m.phase !== "Challenging") e = fail("NotConfirmed");
          else if (t >= m.windowEnd) e = fail("ChallengeWindowClosed");
          else if (m.phase === "Challenging" && t >= m.responseEnd) e = fail("ChallengeWindowClosed");
          else if (a.actor === m.issuer) e = denied("IssuerCannotChallenge");
          else if (challenged) e = denied("AlreadyChallenged");
          else if (!model.hasLots(m, a.actor)) e = denied("NotParticipant");
          else if (a.option >= m.optionCount) e = fail("InvalidOption");
          else if (same(a.option, knownAt, m.result, m.early ? m.knownAt : 0)) e = fail("ClaimMatchesResult");
          else if (model.prdsNow(a.actor) < p.challengeStake) e = fail("ERC20InsufficientBalance");
          const r = await act(label, e, a.actor, markets, "challenge", [m.id, a.option, knownAt, hashText("evidence")], m);
          if (!r) return;
          const index = m.challenges.length;
          m.challenges.push({
            challenger: a.actor,
            option: a.option,
            knownAt,
            status: "Open",
            compensation: 0n,
            compensationClaimed: false,
          });
          model.prdsHeld += p.challengeStake;
          model.movePrds(a.actor, -p.challengeStake, r.blockNumber);
          if (m.openCount === 0) {
            m.openCount = 1;
            m.openA = index;
            m.responseEnd = t + p.responsePeriod;
            m.phase = "Challenging";
          } else {
            // Two challengers making the same claim share one candidate (and a win).
            const first = m.challenges[m.openA]!;
            m.sharedClaim = same(a.option, knownAt, first.option, first.knownAt);
            m.openCount = 2;
            m.openB = index;
            startVote(m, "TwoChallenges", m.sharedClaim ? 3 : 4, m.confirmBlock - 1, t);
          }
          return;
        }
        case "concede":
        case "appeal": {
          const m = marketAt(a.m);
          if (!m) return;
          let e: Expect = OK;
          if (a.actor !== m.issuer) e = denied("NotIssuer");
          else if (m.phase !== "Challenging") e = fail("NotChallenging");
          else if (t >= m.responseEnd) e = fail("ResponsePeriodOver");
          const r = await act(label, e, a.actor, markets, a.k, [m.id], m);
          if (!r) return;
          if (a.k === "concede") {
            const c = m.challenges[m.openA]!;
            c.status = "Settled";
            returnPrds(c.challenger, p.challengeStake, r.blockNumber);
            adopt(m, c, t);
          } else {
            startVote(m, "Appeal", 3, m.confirmBlock - 1, t);
          }
          return;
        }
        case "vote": {
          const m = marketAt(a.m);
          if (!m) return;
          const weight = m.phase === "Voting" ? model.prdsAt(a.actor, m.snapshotBlock) : 0n;
          let e: Expect = OK;
          if (m.phase !== "Voting") e = fail("NotVoting");
          else if (t >= m.voteEnd) e = fail("VotingClosed");
          else if (a.choice >= m.candidates) e = fail("InvalidChoice");
          else if (m.ballots.has(a.actor)) e = denied("AlreadyVoted");
          else if (weight === 0n) e = denied("NoVotingPower");
          const r = await act(label, e, a.actor, markets, "vote", [m.id, a.choice], m);
          if (!r) return;
          const ev = events(r, "Voted")[0]!;
          if (ev.weight !== weight)
            failWith(`${label}: vote weight ${ev.weight}, model (power at block ${m.snapshotBlock}) ${weight}`);
          m.ballots.set(a.actor, { choice: a.choice, weight, rewarded: false });
          m.tallies[a.choice]! += weight;
          m.totalVotes += weight;
          return;
        }
        case "advance": {
          const m = marketAt(a.m);
          if (!m) return;
          await advanceMarket(m, a.actor, label);
          return;
        }
        case "claim": {
          const m = marketAt(a.m);
          if (!m) return;
          await claimFor(m, a.actor, a.account, label);
          return;
        }
        case "claimReferral": {
          const m = marketAt(a.m);
          if (!m) return;
          const owed = m.referralOwed.get(a.actor) ?? 0n;
          let e: Expect = OK;
          if (m.phase !== "Final") e = fail("NotFinal");
          else if (owed === 0n) e = denied("NothingToClaim");
          const r = await act(label, e, a.actor, markets, "claimReferral", [m.id], m);
          if (!r) return;
          if (events(r, "ReferralClaimed")[0]!.amount !== owed) failWith(`${label}: referral amount differs`);
          m.referralOwed.delete(a.actor);
          return;
        }
        case "claimCompensation": {
          const m = marketAt(a.m);
          if (!m) return;
          const c = m.challenges[a.index];
          const e: Expect = c && c.compensation > 0n && !c.compensationClaimed ? OK : fail("NoCompensation");
          const r = await act(label, e, a.actor, markets, "claimCompensation", [m.id, a.index], m);
          if (!r) return;
          c!.compensationClaimed = true;
          return;
        }
        case "claimVoterReward": {
          const m = marketAt(a.m);
          if (!m) return;
          const b = m.ballots.get(a.actor);
          const ok = m.rewardPool > 0n && b && !b.rewarded && b.choice === m.winningChoice;
          const r = await act(label, ok ? OK : denied("NoReward"), a.actor, markets, "claimVoterReward", [m.id], m);
          if (!r) return;
          const amount = (m.rewardPool * b!.weight) / m.winningVotes;
          if (events(r, "VoterRewardClaimed")[0]!.amount !== amount) failWith(`${label}: voter reward differs`);
          b!.rewarded = true;
          m.rewardPaid += amount;
          if (m.rewardPaid > m.rewardPool) failWith(`${label}: voter rewards exceed the pool`);
          model.prdsHeld -= amount;
          model.movePrds(a.actor, amount, r.blockNumber);
          return;
        }
        case "withdraw": {
          const credit = model.creditOf(a.actor);
          const amount = a.all ? credit : credit + 1n;
          let e: Expect = OK;
          if (amount === 0n) e = fail("ZeroAmount");
          else if (amount > credit) e = denied("InsufficientCredit");
          const r = await act(label, e, a.actor, markets, "withdraw", [amount]);
          if (!r) return;
          model.credit.set(a.actor, credit - amount);
          return;
        }
        case "cancel": {
          const m = marketAt(a.m);
          if (!m) return;
          let e: Expect = OK;
          if (a.actor !== m.issuer) e = denied("NotIssuer");
          else if (m.phase !== "Trading") e = fail("MarketNotOpen");
          else if (m.pool !== m.liquidity) e = fail("MarketHasBuys");
          const r = await act(label, e, a.actor, markets, "cancel", [m.id], m);
          if (!r) return;
          m.phase = "Cancelled";
          m.bondSettled = true;
          const l = model.license(m.licenseId);
          l.availableTimes += 1;
          if (m.licenseStaked) l.staked = false;
          return;
        }
        case "addMargin": {
          const m = marketAt(a.m);
          if (!m) return;
          const amount = usdt(50);
          let e: Expect = OK;
          if (a.actor !== m.issuer) e = denied("NotIssuer");
          else if (!["Trading", "Confirmed", "Challenging", "Voting"].includes(m.phase) || m.bondSettled)
            e = fail("MarketSettled");
          const r = await act(label, e, a.actor, markets, "addMargin", [m.id, amount], m);
          if (!r) return;
          m.margin += amount;
          m.capacity = (m.margin + m.licenseValue) * p.capacityMultiple;
          return;
        }
        case "listForRent": {
          const l = model.licenses[a.lic % model.licenses.length]!;
          let e: Expect = OK;
          if (l.listed || l.staked || l.owner !== a.actor) e = denied("NotLicenseOwner");
          else if (l.availableTimes === 0) e = fail("NoIssuesLeft");
          else if (a.maxIssues > l.availableTimes) e = fail("InvalidMaxIssues");
          const r = await act(label, e, a.actor, f.marketplace, "listForRent", [l.id, usdt(3), 30, a.maxIssues]);
          if (!r) return;
          l.listed = true;
          l.rental = undefined;
          l.listedMaxIssues = a.maxIssues;
          return;
        }
        case "rent": {
          const l = model.licenses[a.lic % model.licenses.length]!;
          const active = l.rental && l.rental.expires >= t;
          let e: Expect = OK;
          if (!l.listed) e = fail("NotListedForRent");
          else if (l.owner === a.actor) e = denied("CannotRentOwnLicense");
          else if (active) e = fail("AlreadyRented");
          else if (l.availableTimes === 0) e = fail("NoIssuesLeft");
          const r = await act(label, e, a.actor, f.marketplace, "rent", [l.id, a.days, usdt(3)]);
          if (!r) return;
          l.rental = {
            user: a.actor,
            expires: t + a.days * DAY,
            maxIssues: Math.min(l.listedMaxIssues, l.availableTimes),
            used: 0,
          };
          return;
        }
        case "cancelRent": {
          const l = model.licenses[a.lic % model.licenses.length]!;
          let e: Expect = OK;
          if (!l.listed) e = fail("NotListedForRent");
          else if (l.owner !== a.actor) e = denied("NotRentListingOwner");
          else if (l.rental && l.rental.expires >= t) e = fail("RentalActive");
          const r = await act(label, e, a.actor, f.marketplace, "cancelRentListing", [l.id]);
          if (!r) return;
          l.listed = false;
          l.rental = undefined;
          return;
        }
        case "claimPrds": {
          // The free PRDS claim: once, for accounts that bought; a later claim gives no weight in open votes.
          let e: Expect = OK;
          if (model.prdsClaimed.has(a.actor)) e = denied("AlreadyClaimed");
          else if (!model.bought.has(a.actor)) e = denied("NoPositionBought");
          const r = await act(label, e, a.actor, f.claim, "claim", []);
          if (!r) return;
          model.prdsClaimed.add(a.actor);
          model.movePrds(a.actor, claimAmount, r.blockNumber);
          return;
        }
        case "giftPrds": {
          // PRDS moving after a confirmation must not change that vote's weights.
          const amount = usdt(300_000);
          const e: Expect = model.prdsNow(a.actor) >= amount ? OK : fail("ERC20InsufficientBalance");
          const r = await act(label, e, a.actor, f.prds, "transfer", [addr[a.to], amount]);
          if (!r) return;
          model.movePrds(a.actor, -amount, r.blockNumber);
          model.movePrds(a.to, amount, r.blockNumber);
          return;
        }
      }
    }

    async function advanceMarket(m: MMarket, actor: number, label: string): Promise<void> {
      const t = now + 1;
      const due =
        (m.phase === "Trading" && (model.premiumMissed(m, t) || t >= m.expirationTime + p.confirmationPeriod)) ||
        (m.phase === "Confirmed" && t >= m.windowEnd) ||
        (m.phase === "Challenging" && t >= m.responseEnd) ||
        (m.phase === "Voting" && t >= m.voteEnd);
      const r = await act(label, due ? OK : fail("NothingToAdvance"), actor, markets, "advance", [m.id], m);
      if (!r) return;
      modelAdvance(m, t, r.blockNumber);
      applySettlementEvents(m, r, label);
    }

    async function claimFor(m: MMarket, actor: number, account: number, label: string): Promise<void> {
      const t = now + 1;
      // claim() settles a market whose window closed or whose premium was missed before paying.
      const lazy = (m.phase === "Confirmed" && t >= m.windowEnd) || (m.phase === "Trading" && model.premiumMissed(m, t));
      const phaseAfter = lazy ? (m.phase === "Trading" ? "Void" : "settle") : m.phase;
      let e: Expect = OK;
      if (phaseAfter !== "settle" && !["Final", "Void", "Invalid"].includes(phaseAfter)) e = fail("NotFinal");
      else if (!model.hasLots(m, account)) e = fail("NothingToClaim");
      if (lazy && phaseAfter === "settle" && !model.hasLots(m, account)) e = fail("NothingToClaim");
      const r = await act(label, e, actor, markets, "claim", [m.id, addr[account]], m);
      if (!r) return;
      if (lazy) {
        if (m.phase === "Trading") {
          m.phase = "Void";
          model.releaseBond(m);
        } else model.finalize(m, TREASURY);
        applySettlementEvents(m, r, label);
      }
      const [payout, refund] = model.entitlement(m, account);
      const ev = events(r, "Claimed")[0]!;
      if (ev.payout !== payout || ev.refund !== refund)
        failWith(`${label}: claim paid ${ev.payout}+${ev.refund}, model ${payout}+${refund}`);
      m.claimed.add(account);
      m.paidOut += payout + refund;
      m.winningsPaid += payout;
      if (payout > 0n) m.winnerClaims += 1;
      if (m.phase === "Final" && m.winningsPaid > m.netPool)
        failWith(`${label}: winnings ${m.winningsPaid} exceed the pool ${m.netPool}`);
      if (m.phase !== "Final" && m.paidOut > m.pool + m.feeTotal)
        failWith(`${label}: refunds ${m.paidOut} exceed what was paid in`);
    }

    for (let i = 0; i < actions.length; i++) {
      totalActions += 1;
      await step(actions[i]!);
      await checkBooks(`action ${i}`, i % 100 === 99);
    }

    // ---------------------------------------------------------------- drive every market to a final state

    for (let round = 0; round < 8 && model.markets.some((m) => !TERMINAL.includes(m.phase)); round++) {
      now += 8 * DAY;
      await hre.network.provider.send("evm_setNextBlockTimestamp", [now]);
      await hre.network.provider.send("evm_mine", []);
      for (const m of model.markets) {
        if (TERMINAL.includes(m.phase)) continue;
        await advanceMarket(m, 4 + (Number(m.id) % 6), `drive advance ${m.id}`);
        await checkBooks(`drive ${m.id}`, false);
      }
    }
    for (const m of model.markets) {
      finals.set(m.phase, (finals.get(m.phase) ?? 0) + 1);
      if (!TERMINAL.includes(m.phase)) failWith(`market ${m.id} did not reach a final state (${m.phase})`);
      const state = Number(await markets.getFunction("marketState")(m.id));
      const expected = { Final: 11, Cancelled: 12, Void: 13, Invalid: 14 }[m.phase as "Final"];
      if (state !== expected) failWith(`market ${m.id}: chain state ${state}, model ${m.phase}`);
    }
    // Everyone takes everything out; what stays is rounding dust only.
    for (const m of model.markets) {
      if (m.phase === "Cancelled") continue;
      const holders = new Set(m.lots.map((l) => l.account));
      for (const a of holders) if (!m.claimed.has(a)) await claimFor(m, 4, a, `final claim ${m.id}/${a}`);
      if (m.phase === "Final")
        for (const ref of [...m.referralOwed.keys()]) await step({ k: "claimReferral", actor: ref, m: model.markets.indexOf(m) });
      for (let i = 0; i < m.challenges.length; i++) {
        if (m.challenges[i]!.compensation > 0n && !m.challenges[i]!.compensationClaimed) {
          await step({ k: "claimCompensation", actor: 5, m: model.markets.indexOf(m), index: i });
        }
      }
      for (const [voter, b] of m.ballots) {
        if (m.rewardPool > 0n && !b.rewarded && b.choice === m.winningChoice) {
          await step({ k: "claimVoterReward", actor: voter, m: model.markets.indexOf(m) });
        }
      }
    }
    for (let a = 0; a < N_ACCOUNTS; a++) if (model.creditOf(a) > 0n) await step({ k: "withdraw", actor: a, all: true });
    await checkBooks("after everyone claimed", true);
    const left = ((await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint) - usdtStart;
    let dustBound = 0n;
    for (const m of model.markets) dustBound += BigInt(m.winnerClaims);
    if (left < 0n || left > dustBound) failWith(`Markets keeps ${left} USDT wei after all claims, bound ${dustBound}`);
    const prdsLeft = ((await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint) - prdsStart;
    const voters = model.markets.reduce((s, m) => s + m.ballots.size, 0);
    if (prdsLeft < 0n || prdsLeft > BigInt(voters)) failWith(`Markets keeps ${prdsLeft} PRDS wei after all claims`);
  }
});

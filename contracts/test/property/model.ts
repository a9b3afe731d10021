import { usdt } from "../helpers/fixture";

// The accounting model the property test (property-markets.test.ts) checks the chain against.

export const DAY = 86_400;
export const BPS = 10_000n;
export const GAS_LIMIT = 3_000_000n;
export const PRDS_EACH = usdt(2_000_000);

// ---------------------------------------------------------------- parameters (DEFAULT_MARKETS_PARAMS)

export interface P {
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

export type Phase = "Trading" | "Confirmed" | "Challenging" | "Voting" | "Final" | "Cancelled" | "Void" | "Invalid";
export const TERMINAL: readonly Phase[] = ["Final", "Cancelled", "Void", "Invalid"];

export interface Lot {
  account: number;
  option: number;
  bucket: number;
  stake: bigint;
  fee: bigint;
  /** The buyer's referrer at the time and its share of the fee. */
  referrer: number;
  refFee: bigint;
}

export interface MChallenge {
  challenger: number;
  option: number;
  knownAt: number;
  status: "Open" | "Settled";
  compensation: bigint;
  compensationClaimed: boolean;
}

export interface MMarket {
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

export interface MLicense {
  id: bigint;
  owner: number; // real owner (also while listed)
  availableTimes: number;
  listed: boolean;
  /** Issues a rental of the current rent listing may use. */
  listedMaxIssues: number;
  staked: boolean;
  rental?: { user: number; expires: number; maxIssues: number; used: number };
}

export class Model {
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

import type { Signer } from "ethers";
import { startStack, u, type MarketStateName, type ProtocolDriver, type Stack, type Tx } from "./protocol";

// ------------------------------------------------------------------ answer shapes (api README)

// ------------------------------------------------------------------ answer shapes (api README)

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
export interface OptionItem {
  index: number;
  label: string | null;
  optionKey: string;
  stake: string;
  odds: string | null;
  probability: string | null;
  payoutMultiplier: string | null;
}
export interface Label {
  key: string;
  option: number | null;
}
export interface MarketSummary {
  id: string;
  metadataHash: string;
  metadataStatus: string;
  event: string | null;
  category: string | null;
  issuer: string;
  options: OptionItem[];
  optionCount: number;
  volume: string;
  pool: string;
  liquidity: string;
  tradeCount: number;
  createdAt: number;
  lastTradingTime: number;
  expirationTime: number;
  phase: string;
  state: MarketStateName;
  label: Label;
  result: number | null;
  txHash: string;
}
export interface MarketDetail extends MarketSummary {
  description: string | null;
  licenseId: string;
  licenseStaked: boolean;
  licenseValue: string;
  margin: string;
  capacity: string;
  remainingCapacity: string;
  buyersStake: string;
  feeTotal: string;
  premiumReached: boolean;
  early: boolean;
  knownAt: number | null;
  confirmedAt: number | null;
  windowEnd: number | null;
  responseEnd: number | null;
  appealed: boolean;
  challengeCount: number;
  bondState: string;
  overturned: boolean;
  netPool: string | null;
  winningStake: string | null;
}
export interface PositionView {
  account: string;
  options: { option: number; label: string | null; stake: string; fee: string; invested: string; pendingPayoff: string }[];
  invested: string;
  pendingPayoff: string;
  payout: string;
  refund: string;
  received: string;
  claimed: boolean;
  profit: string | null;
}
export interface ChallengeItem {
  index: number;
  challenger: string;
  option: number;
  knownAt: number;
  evidenceHash: string;
  evidence: { hash: string; imageHash: string | null; imageUrl: string | null; text: string } | null;
  stake: string;
  status: string;
  prdsReturned: string | null;
  compensation: string | null;
  compensationState: string;
  txHash: string;
}
export interface VoteView {
  kind: string | null;
  voteEnd: number | null;
  outcome: string | null;
  choices: { choice: number; kind: string; option: number | null; challengeIndex: number | null; tally: string }[];
  totalWeight: string;
  voterCount: number;
  votes: { voter: string; choice: number; weight: string; time: number; reward: string | null }[];
}
export interface TrackRecord {
  account: string;
  issued: number;
  running: number;
  finished: number;
  cancelled: number;
  void: number;
  invalid: number;
  challenged: number;
  overturned: number;
  bondsSlashed: number;
  volume: string;
  issuerFees: string;
}
export interface Detail {
  market: MarketDetail;
  positions: PositionView | null;
  challenges: ChallengeItem[];
  vote: VoteView | null;
  issuerRecord: TrackRecord;
}
export interface Trade {
  txHash: string;
  logIndex: number;
  marketId: string;
  account: string;
  option: number;
  optionLabel: string | null;
  amount: string;
  stake: string;
  fee: string;
  referrer: string | null;
  optionStake: string;
  pool: string;
  odds: string | null;
  payoutMultiplier: string | null;
  time: number;
  blockNumber: number;
}

/** A decimal ratio rounded down to 6 places, trailing zeros dropped (the api's wire format). */
export function ratio(num: bigint, den: bigint): string | null {
  if (den <= 0n) return null;
  const scaled = (num * 1_000_000n) / den;
  const fraction = (scaled % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction === "" ? (scaled / 1_000_000n).toString() : `${scaled / 1_000_000n}.${fraction}`;
}
export const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
export const STATE_WITH_RESULT: ReadonlySet<MarketStateName> = new Set([
  "EarlyConfirmed",
  "Confirmed",
  "Challenging",
  "Appealing",
  "Finished",
]);

export interface BoughtEvent {
  id: bigint;
  buyer: string;
  option: number;
  amount: bigint;
  stake: bigint;
  fee: bigint;
  referrer: string;
  optionStake: bigint;
  pool: bigint;
  time: number;
}

// ------------------------------------------------------------------ the lifecycle's state and oracle

/**
 * The markets lifecycle (protocol.markets.test.ts) as its steps share it: the stack, the markets by
 * name, the buys with their Bought events, and the oracle helpers that compare the api with the chain.
 */
export function marketsLifecycle() {
  let s!: Stack;
  let d!: ProtocolDriver;
  /** Market ids by name (M1 … M6). */
  const m: Record<string, bigint> = {};
  const id = (key: string): bigint => {
    const value = m[key];
    if (value === undefined) throw new Error(`market ${key} not issued`);
    return value;
  };
  const buys: { key: string; tx: Tx; event: BoughtEvent }[] = [];
  const options: Record<string, readonly string[]> = {};
  // ---------------------------------------------------------------- oracle helpers

  const boughtOf = async (tx: Tx): Promise<BoughtEvent> => {
    const receipt = await s.devnet.provider.getTransactionReceipt(tx.hash);
    for (const log of receipt?.logs ?? []) {
      if (log.address.toLowerCase() !== s.devnet.protocol.addresses.Markets?.toLowerCase()) continue;
      const parsed = s.devnet.protocol.markets.interface.parseLog(log);
      if (parsed?.name !== "Bought") continue;
      const a = parsed.args;
      return {
        id: BigInt(a.id),
        buyer: String(a.buyer).toLowerCase(),
        option: Number(a.option),
        amount: BigInt(a.amount),
        stake: BigInt(a.stake),
        fee: BigInt(a.fee),
        referrer: String(a.referrer).toLowerCase(),
        optionStake: BigInt(a.optionStake),
        pool: BigInt(a.pool),
        time: Number(a.time),
      };
    }
    throw new Error(`no Bought in ${tx.hash}`);
  };
  const buy = async (key: string, buyer: Signer, option: number, amount: number, referrer?: Signer): Promise<Tx> => {
    const tx = await d.buy(buyer, id(key), option, u(amount), referrer);
    buys.push({ key, tx, event: await boughtOf(tx) });
    return tx;
  };
  const detail = (key: string, account?: Signer): Promise<Detail> =>
    s.api.ok<Detail>("/api/market/detail", { id: id(key).toString(), ...(account ? { account: d.addr(account) } : {}) });

  /**
   * The detail of market `key` against the contracts: state, pool, each option's stake, odds and
   * probability, the confirmed result, bond figures, the caller's positions and the challenges.
   */
  const expectDetailMatchesChain = async (key: string, account?: Signer): Promise<Detail> => {
    const marketId = id(key);
    const answer = await detail(key, account);
    const [chain, state, stakes, challenges] = await Promise.all([
      d.market(marketId),
      d.marketState(marketId),
      d.optionStakes(marketId),
      d.challenges(marketId),
    ]);
    const a = answer.market;
    const pool = sum(stakes);
    expect({ key, state: a.state }).toEqual({ key, state });
    expect({ key, pool: a.pool }).toEqual({ key, pool: chain.pool.toString() });
    expect({ key, pool: chain.pool }).toEqual({ key, pool });
    expect({ key, options: a.options }).toEqual({
      key,
      options: stakes.map((stake, index) => ({
        index,
        label: options[key]?.[index] ?? null,
        optionKey: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown as string,
        stake: stake.toString(),
        odds: ratio(pool, stake),
        probability: ratio(stake, pool),
        payoutMultiplier: stake > 0n ? ratio(pool * 9_800n, stake * 10_000n) : null,
      })),
    });
    expect({
      key,
      issuer: a.issuer,
      optionCount: a.optionCount,
      createdAt: a.createdAt,
      lastTradingTime: a.lastTradingTime,
      expirationTime: a.expirationTime,
      licenseId: a.licenseId,
      licenseStaked: a.licenseStaked,
      liquidity: a.liquidity,
      capacity: a.capacity,
      feeTotal: a.feeTotal,
      metadataHash: a.metadataHash,
      early: a.early,
      knownAt: a.knownAt ?? 0,
      windowEnd: a.windowEnd ?? 0,
      netPool: a.netPool ?? "0",
      winningStake: a.winningStake ?? "0",
      result: STATE_WITH_RESULT.has(state) ? a.result : null,
    }).toEqual({
      key,
      issuer: chain.issuer,
      optionCount: chain.optionCount,
      createdAt: chain.createdAt,
      lastTradingTime: chain.lastTradingTime,
      expirationTime: chain.expirationTime,
      licenseId: chain.licenseId.toString(),
      licenseStaked: chain.licenseStaked,
      liquidity: chain.liquidity.toString(),
      capacity: chain.capacity.toString(),
      feeTotal: chain.feeTotal.toString(),
      metadataHash: chain.metadataHash,
      early: chain.early,
      knownAt: chain.knownAt,
      windowEnd: chain.windowEnd,
      netPool: chain.netPool.toString(),
      winningStake: chain.winningStake.toString(),
      result: STATE_WITH_RESULT.has(state) ? chain.result : null,
    });
    expect({ key, remaining: a.remainingCapacity }).toEqual({
      key,
      remaining: (chain.capacity > chain.pool ? chain.capacity - chain.pool : 0n).toString(),
    });
    const volume = sum(buys.filter((b) => b.key === key).map((b) => b.event.amount));
    expect({ key, volume: a.volume, trades: a.tradeCount }).toEqual({
      key,
      volume: volume.toString(),
      trades: buys.filter((b) => b.key === key).length,
    });
    expect({
      key,
      challenges: answer.challenges.map(({ index, challenger, option, knownAt, evidenceHash, stake, status }) => ({
        index,
        challenger,
        option,
        knownAt,
        evidenceHash,
        stake,
        status,
      })),
    }).toEqual({
      key,
      challenges: challenges.map((c, index) => ({
        index,
        challenger: c.challenger,
        option: c.option,
        knownAt: c.knownAt,
        evidenceHash: c.evidenceHash,
        stake: c.stake.toString(),
        status: c.status,
      })),
    });
    for (const [index, c] of challenges.entries()) {
      const item = answer.challenges[index];
      expect({ key, index, compensation: BigInt(item?.compensation ?? "0") }).toEqual({
        key,
        index,
        compensation: c.compensation,
      });
      const expectedState = c.compensation === 0n ? "none" : c.compensationClaimed ? "received" : "pending";
      expect({ key, index, compensationState: item?.compensationState }).toEqual({
        key,
        index,
        compensationState: expectedState,
      });
    }
    if (account) {
      // Positions as bought (Σ Bought.stake / fee per option); the chain's positionOf agrees until
      // the account claims (a claim or refund zeroes it on chain, the api keeps what was bought).
      const positions = answer.positions;
      if (!positions) throw new Error(`${key}: no positions answered for ${d.addr(account)}`);
      const held = [];
      for (let option = 0; option < chain.optionCount; option++) {
        const mine = buys.filter((b) => b.key === key && b.event.buyer === d.addr(account) && b.event.option === option);
        const stake = sum(mine.map((b) => b.event.stake));
        const fee = sum(mine.map((b) => b.event.fee));
        if (stake > 0n) held.push({ option, stake: stake.toString(), fee: fee.toString() });
        if (!positions.claimed) {
          const p = await d.positionOf(marketId, account, option);
          expect({ key, option, stake: p.stake, fee: p.fee }).toEqual({ key, option, stake, fee });
        }
      }
      expect({
        key,
        account: positions.account,
        held: positions.options.map((o) => ({ option: o.option, stake: o.stake, fee: o.fee })),
      }).toEqual({
        key,
        account: d.addr(account),
        held,
      });
      expect({ key, invested: positions.invested }).toEqual({
        key,
        invested: sum(
          buys.filter((b) => b.key === key && b.event.buyer === d.addr(account)).map((b) => b.event.amount),
        ).toString(),
      });
    }
    return answer;
  };

  const markets = (body: Record<string, unknown>) =>
    s.api.post<Paged<MarketSummary>>("/api/markets", body).then((answer) => {
      expect(answer.status).toBe(200);
      return { ...answer.body.data, extra: answer.body.extra as { totals: Record<string, number>; now: number } };
    });

  const transStatus = (hash: string) =>
    s.api.ok<{
      hash: string;
      status: string;
      indexed: boolean;
      success: boolean | null;
      blockNumber: number | null;
      eventCount: number;
    }>("/api/get-trans-status", { hash });

  /** alice funds liquidity and margin for the last test's two markets. */
  const fundIssuer = async (): Promise<void> => {
    await d.tx(s.devnet.protocol.usdt, d.alice, "mint", d.addr(d.alice), u(1_000));
  };

  return {
    get s(): Stack {
      return s;
    },
    get d(): ProtocolDriver {
      return d;
    },
    async start(): Promise<void> {
      s = await startStack("protocol_markets");
      d = s.driver;
    },
    async close(): Promise<void> {
      await s?.close();
    },
    /** The first block's time (set when the markets are issued), and alice's attributive License from her packet, kept for the last test's markets. */
    state: { t0: 0, spareLicense: 0n },
    m,
    id,
    buys,
    options,
    boughtOf,
    buy,
    detail,
    expectDetailMatchesChain,
    markets,
    transStatus,
    fundIssuer,
  };
}

export type MarketsLifecycle = ReturnType<typeof marketsLifecycle>;

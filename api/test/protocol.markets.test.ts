import { ZeroAddress, type Signer } from "ethers";
import { WATCHED_CONTRACTS } from "../src/indexer/decode";
import { LicenseType, metadataHash, optionKey as optionKeyOf } from "@prds/contracts/actions";
import {
  ADMIN_TOKEN,
  DAY,
  HOUR,
  type ProtocolDriver,
  eventually,
  startStack,
  u,
  type MarketStateName,
  type Stack,
  type Tx,
} from "./helpers/protocol";

/**
 * Markets against the real devnet and contracts, with the indexer and the server in-process. The
 * protocol is driven through a whole lifecycle — metadata submitted through the api and issued
 * with its hash, buys from several accounts with a referrer, a cancel, a void, an early
 * confirmation challenged and won by default, a challenge conceded, a challenge appealed and
 * voted down, finalization, claims, referral and voter rewards, compensation, withdraw, the free
 * PRDS claim — and after each step every call of the api README is asked and its answer compared
 * with the contracts' views (getMarket, marketState, optionStakes, positionOf, challengesOf,
 * tallyOf, ballotOf, creditOf, referralOwed, balances) or with the events the transactions logged.
 */

jest.setTimeout(180_000);

// ------------------------------------------------------------------ answer shapes (api README)

interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface OptionItem {
  index: number;
  label: string | null;
  optionKey: string;
  stake: string;
  odds: string | null;
  probability: string | null;
  payoutMultiplier: string | null;
}
interface Label {
  key: string;
  option: number | null;
}
interface MarketSummary {
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
interface MarketDetail extends MarketSummary {
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
interface PositionView {
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
interface ChallengeItem {
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
interface VoteView {
  kind: string | null;
  voteEnd: number | null;
  outcome: string | null;
  choices: { choice: number; kind: string; option: number | null; challengeIndex: number | null; tally: string }[];
  totalWeight: string;
  voterCount: number;
  votes: { voter: string; choice: number; weight: string; time: number; reward: string | null }[];
}
interface TrackRecord {
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
interface Detail {
  market: MarketDetail;
  positions: PositionView | null;
  challenges: ChallengeItem[];
  vote: VoteView | null;
  issuerRecord: TrackRecord;
}
interface Trade {
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
function ratio(num: bigint, den: bigint): string | null {
  if (den <= 0n) return null;
  const scaled = (num * 1_000_000n) / den;
  const fraction = (scaled % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction === "" ? (scaled / 1_000_000n).toString() : `${scaled / 1_000_000n}.${fraction}`;
}
const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
const STATE_WITH_RESULT: ReadonlySet<MarketStateName> = new Set([
  "EarlyConfirmed",
  "Confirmed",
  "Challenging",
  "Appealing",
  "Finished",
]);

interface BoughtEvent {
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

describe("markets on the devnet, through the api", () => {
  let s: Stack;
  let d: ProtocolDriver;
  /** Market ids by name (M1 … M6). */
  const m: Record<string, bigint> = {};
  const id = (key: string): bigint => {
    const value = m[key];
    if (value === undefined) throw new Error(`market ${key} not issued`);
    return value;
  };
  const buys: { key: string; tx: Tx; event: BoughtEvent }[] = [];
  const options: Record<string, readonly string[]> = {};
  let t0 = 0;
  /** alice's attributive License from her packet, kept for the last test's markets. */
  let spareLicense = 0n;

  beforeAll(async () => {
    s = await startStack("protocol_markets");
    d = s.driver;
  }, 90_000);
  afterAll(async () => {
    await s?.close();
  });

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

  // ---------------------------------------------------------------- the scenario

  test("issue config is Markets.params() and the License catalogue", async () => {
    const config = await s.api.ok<Record<string, unknown>>("/api/config/issue", {});
    const p = await s.chain.params();
    expect(config).toMatchObject({
      chainId: 31337,
      feeBps: p.feeBps,
      issuerShareBps: p.issuerShareBps,
      platformShareBps: p.platformShareBps,
      referrerShareBps: p.referrerShareBps,
      rewardRateBps: 10_000 - p.feeBps,
      marginFeeBps: p.marginFeeBps,
      quorumBps: p.quorumBps,
      quorumPenaltyBps: p.quorumPenaltyBps,
      minLiquidity: p.minLiquidity.toString(),
      minPremium: p.minPremium.toString(),
      minInvest: p.minInvest.toString(),
      minMargin: p.minMargin.toString(),
      challengeStake: p.challengeStake.toString(),
      capacityMultiple: p.capacityMultiple,
      challengeWindow: p.challengeWindow,
      responsePeriod: p.responsePeriod,
      votingPeriod: p.votingPeriod,
      confirmationPeriod: p.confirmationPeriod,
      checkpointInterval: p.checkpointInterval,
      maxOptions: p.maxOptions,
      issuesPerLicense: Number(await s.devnet.protocol.license.getFunction("issuesPerLicense")()),
      categories: ["crypto", "finance", "politics", "technology", "science", "sports", "culture", "other"],
      payTokens: [{ symbol: "USDT", address: s.devnet.protocol.addresses.DevUSDT?.toLowerCase(), decimals: 18 }],
      platformToken: { symbol: "PRDS", address: s.devnet.protocol.addresses.PRDS?.toLowerCase(), decimals: 18 },
    });
    // The same figures as the raw contract read, not only as the api's chain reader parsed them.
    const raw = await s.devnet.protocol.markets.getFunction("params")();
    expect(config.challengeStake).toBe(BigInt(raw.challengeStake).toString());
    expect(config.feeBps).toBe(Number(raw.feeBps));
    const contracts = config.contracts as Record<string, string>;
    // Every contract by role (deployments/<chainId>.json), never by contract name: on BSC the pay token is not ours.
    expect(contracts).toEqual(
      Object.fromEntries(Object.entries(s.devnet.protocol.roles).map(([role, address]) => [role, address.toLowerCase()])),
    );
  });

  test("issue six markets (metadata through submit-underlying) and buy from several accounts with a referrer", async () => {
    const { alice, bob, dave } = d;
    const packet = await d.buyPacket(alice, 2); // common, common, scarcity, attributive
    const [a1, a2, a3, a4] = packet.tokenIds;
    spareLicense = a4 ?? 0n;
    const bobLicense = (await d.buyLicense(bob, LicenseType.Common)).tokenId;
    const daveLicense = (await d.buyLicense(dave, LicenseType.Common)).tokenId;
    if (a1 === undefined || a2 === undefined || a3 === undefined) throw new Error("packet too small");
    // Voting power is read at the block before a confirmation: voters hold PRDS from the start.
    await d.fundPrds(d.voter(0), u(3_000_000));
    await d.fundPrds(d.voter(1), u(1_500_000));
    await d.fundPrds(d.voter(2), u(500_000));
    for (const b of d.buyers) await d.fundPrds(b, u(5_000));

    t0 = await d.now();
    const plan: [string, Signer, bigint, string, string, readonly string[], number, number][] = [
      ["M1", alice, a1, "Will Bitcoin close above $150,000 on 31 December?", "crypto", ["Yes", "No"], 2 * DAY, 3 * DAY],
      [
        "M2",
        bob,
        bobLicense,
        "Who will win the mayoral election in the capital?",
        "politics",
        ["The incumbent", "The challenger", "Someone else"],
        2 * DAY,
        3 * DAY,
      ],
      [
        "M3",
        dave,
        daveLicense,
        "Will the central bank cut interest rates at its next meeting?",
        "finance",
        ["Yes", "No"],
        10 * DAY,
        12 * DAY,
      ],
      [
        "M4",
        alice,
        a2,
        "Will the new flagship phone ship before the end of the quarter?",
        "technology",
        ["Yes", "No"],
        2 * DAY,
        3 * DAY,
      ],
      ["M5", alice, a2, "Will the probe land successfully on its first attempt?", "science", ["Yes", "No"], 2 * DAY, 3 * DAY],
      ["M6", alice, a3, "Will the documentary win the festival's audience award?", "culture", ["Yes", "No"], 2 * DAY, 3 * DAY],
    ];
    for (const [key, issuer, licenseId, event, category, opts, ltt, exp] of plan) {
      const issued = await d.issue(issuer, {
        licenseId,
        metadata: { event, category, options: opts, description: `${event} Resolved on the official result.` },
        lastTradingTime: t0 + ltt,
        expirationTime: t0 + exp,
      });
      m[key] = issued.id;
      options[key] = opts;
    }
    await d.cancel(alice, id("M4"));

    const [b0, b1, b2, b3, b4, b5] = d.buyers;
    if (!b0 || !b1 || !b2 || !b3 || !b4 || !b5) throw new Error("buyers");
    await buy("M1", b0, 0, 100);
    await buy("M1", b1, 1, 60, b0);
    await buy("M1", b2, 0, 40, b0);
    await buy("M1", b3, 1, 30);
    await buy("M2", b0, 2, 50);
    await buy("M2", b4, 0, 80);
    await buy("M2", b5, 1, 30);
    await buy("M3", b1, 0, 50);
    await buy("M3", b2, 1, 70);
    await buy("M5", b5, 0, 10);
    await buy("M6", b3, 0, 40);
    await buy("M6", b4, 1, 60);
    await s.settle();

    for (const key of ["M1", "M2", "M3", "M4", "M5", "M6"]) {
      const answer = await expectDetailMatchesChain(key, d.buyer(0));
      expect(answer.market).toMatchObject({ metadataStatus: "approved", event: plan.find((p) => p[0] === key)?.[3] });
    }
    const m1 = await detail("M1");
    expect(m1.market.label).toEqual({ key: "guaranteeing", option: null });
    expect((await detail("M4")).market).toMatchObject({ state: "Cancelled", label: { key: "eventCancelled", option: null } });
    expect((await detail("M1")).market.description).toBe(`${plan[0]?.[3]} Resolved on the official result.`);
  });

  test("get-trans-status: a buy indexed, a reverted transaction, an unknown hash", async () => {
    const last = buys[buys.length - 1];
    if (!last) throw new Error("no buys");
    const watched = new Set(WATCHED_CONTRACTS.map((name) => s.devnet.protocol.addresses[name]?.toLowerCase()));
    const receipt = await s.devnet.provider.getTransactionReceipt(last.tx.hash);
    expect(await transStatus(last.tx.hash)).toEqual({
      hash: last.tx.hash,
      status: "indexed",
      indexed: true,
      success: true,
      blockNumber: last.tx.blockNumber,
      eventCount: (receipt?.logs ?? []).filter((l) => watched.has(l.address.toLowerCase())).length,
    });
    // Option 9 does not exist: mined, reverted.
    const reverted = await d.revertedTx(s.devnet.protocol.markets, d.buyer(0), "buy", id("M1"), 9, u(1), 0, ZeroAddress);
    await s.settle();
    expect(await transStatus(reverted.hash)).toEqual({
      hash: reverted.hash,
      status: "failed",
      indexed: false,
      success: false,
      blockNumber: reverted.blockNumber,
      eventCount: 0,
    });
    const unknown = `0x${"ab".repeat(32)}`;
    expect(await transStatus(unknown)).toEqual({
      hash: unknown,
      status: "pending",
      indexed: false,
      success: null,
      blockNumber: null,
      eventCount: 0,
    });
    // Upper-case hex is the same transaction.
    expect((await transStatus(`0x${last.tx.hash.slice(2).toUpperCase()}`)).status).toBe("indexed");
  });

  test("markets list: search, category, status tabs, sort by volume and newest, totals", async () => {
    // Tab totals (and so `total`) are recomputed in the background and may lag a few seconds
    // (README); the driver's own polling asked for this list while markets were still being issued.
    await eventually(async () => {
      expect((await markets({ pageSize: 100 })).extra.totals).toEqual({
        all: 6,
        open: 5,
        closingSoon: 0,
        waitingResult: 0,
        challenging: 0,
        finished: 1,
      });
    });
    const all = await markets({ pageSize: 100 });
    expect(all.total).toBe(6);
    expect(all.extra.totals.all).toBe(6);
    // Sorted by volume (Σ Bought.amount), the newest first among equals.
    const volumes = new Map<string, bigint>();
    for (const key of Object.keys(m))
      volumes.set(id(key).toString(), sum(buys.filter((b) => b.key === key).map((b) => b.event.amount)));
    const byVolume = [...volumes.entries()]
      .sort((a, b) => (a[1] === b[1] ? Number(BigInt(b[0]) - BigInt(a[0])) : a[1] > b[1] ? -1 : 1))
      .map(([k]) => k);
    expect(all.list.map((x) => x.id)).toEqual(byVolume);
    expect(all.list.map((x) => x.volume)).toEqual(byVolume.map((k) => volumes.get(k)?.toString()));
    // Every card agrees with the contracts on state and pool.
    for (const card of all.list) {
      expect({ id: card.id, state: card.state, pool: card.pool }).toEqual({
        id: card.id,
        state: await d.marketState(BigInt(card.id)),
        pool: (await d.market(BigInt(card.id))).pool.toString(),
      });
    }
    const newest = await markets({ sort: "newest" });
    expect(newest.list.map((x) => x.id)).toEqual(
      Object.values(m)
        .map(String)
        .sort((a, b) => Number(b) - Number(a)),
    );

    expect((await markets({ search: "bitcoin" })).list.map((x) => x.id)).toEqual([id("M1").toString()]);
    expect((await markets({ search: "Bitcoin 150,000" })).list.map((x) => x.id)).toEqual([id("M1").toString()]);
    // Options are searched too, and words match as prefixes.
    expect((await markets({ search: "incumb" })).list.map((x) => x.id)).toEqual([id("M2").toString()]);
    expect((await markets({ search: "no such words anywhere" })).total).toBe(0);
    const politics = await markets({ category: "politics" });
    expect(politics.list.map((x) => [x.id, x.category])).toEqual([[id("M2").toString(), "politics"]]);
    expect(politics.extra.totals.all).toBe(1);
    expect((await markets({ category: "finance", search: "bitcoin" })).total).toBe(0);

    const open = await markets({ status: "open", sort: "newest" });
    expect(open.list.map((x) => x.id)).toEqual(["M6", "M5", "M3", "M2", "M1"].map((k) => id(k).toString()));
    expect(open.list.every((x) => x.state === "Open")).toBe(true);
    expect((await markets({ status: "finished" })).list.map((x) => x.id)).toEqual([id("M4").toString()]);
    expect(all.extra.totals).toEqual({ all: 6, open: 5, closingSoon: 0, waitingResult: 0, challenging: 0, finished: 1 });

    // Paging: 2 per page, the same order.
    const page2 = await markets({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 6 });
    expect(page2.list.map((x) => x.id)).toEqual(byVolume.slice(2, 4));
  });

  test("trades, history, user-dealt, bought, issued: the Bought events and the chain's stakes", async () => {
    const key = "M1";
    const trades = await s.api.ok<Paged<Trade>>("/api/market/trades", { id: id(key).toString() });
    const mine = buys.filter((b) => b.key === key);
    expect(trades.total).toBe(mine.length);
    expect(trades.list).toEqual(
      [...mine].reverse().map((b) => ({
        txHash: b.tx.hash,
        logIndex: expect.any(Number) as unknown as number,
        marketId: id(key).toString(),
        account: b.event.buyer,
        option: b.event.option,
        optionLabel: options[key]?.[b.event.option] ?? null,
        amount: b.event.amount.toString(),
        stake: b.event.stake.toString(),
        fee: b.event.fee.toString(),
        referrer: b.event.referrer === ZeroAddress.toLowerCase() ? null : b.event.referrer,
        optionStake: b.event.optionStake.toString(),
        pool: b.event.pool.toString(),
        odds: ratio(b.event.pool, b.event.optionStake),
        payoutMultiplier: ratio(b.event.pool * 9_800n, b.event.optionStake * 10_000n),
        time: b.event.time,
        blockNumber: b.tx.blockNumber,
      })),
    );

    // History: one point per trade; each point's stakes are the chain's stakes at that block.
    const history = await s.api.ok<{
      id: string;
      options: (string | null)[];
      points: {
        time: number;
        blockNumber: number;
        pool: string;
        stakes: string[];
        odds: (string | null)[];
        probabilities: (string | null)[];
      }[];
      total: number;
    }>("/api/market/history", { id: id(key).toString() });
    expect(history.options).toEqual(options[key]);
    expect(history.points.length).toBe(history.total);
    expect(history.points.length).toBeGreaterThanOrEqual(mine.length);
    for (const point of history.points) {
      const atBlock = (
        (await s.devnet.protocol.markets.getFunction("optionStakes")(id(key), { blockTag: point.blockNumber })) as bigint[]
      ).map(BigInt);
      const pool = sum(atBlock);
      expect({ block: point.blockNumber, stakes: point.stakes, pool: point.pool }).toEqual({
        block: point.blockNumber,
        stakes: atBlock.map(String),
        pool: pool.toString(),
      });
      expect(point.odds).toEqual(atBlock.map((st) => ratio(pool, st)));
      expect(point.probabilities).toEqual(atBlock.map((st) => ratio(st, pool)));
    }
    for (const b of mine) expect(history.points.map((p) => p.blockNumber)).toContain(b.tx.blockNumber);
    const b0 = d.buyer(0);
    const dealt = await s.api.ok<Paged<Trade & { event: string | null }>>("/api/user-dealt", { account: d.addr(b0) });
    const b0Buys = buys.filter((b) => b.event.buyer === d.addr(b0)).reverse();
    expect(dealt.list.map((t) => [t.txHash, t.marketId, t.amount])).toEqual(
      b0Buys.map((b) => [b.tx.hash, b.event.id.toString(), b.event.amount.toString()]),
    );
    expect(dealt.list[0]?.event).toBe("Who will win the mayoral election in the capital?");
    const dealtM1 = await s.api.ok<Paged<Trade>>("/api/user-dealt", { account: d.addr(b0), marketId: id("M1").toString() });
    expect(dealtM1.list.map((t) => t.txHash)).toEqual(b0Buys.filter((b) => b.key === "M1").map((b) => b.tx.hash));

    const bought = await s.api.ok<Paged<{ market: MarketSummary; position: PositionView }>>("/api/bought", {
      account: d.addr(b0),
    });
    expect(bought.list.map((x) => x.market.id)).toEqual([id("M2").toString(), id("M1").toString()]);
    for (const item of bought.list) {
      const marketId = BigInt(item.market.id);
      const paid = sum(buys.filter((b) => b.event.buyer === d.addr(b0) && b.event.id === marketId).map((b) => b.event.amount));
      expect(item.position.invested).toBe(paid.toString());
      const [market, stakes] = await Promise.all([d.market(marketId), d.optionStakes(marketId)]);
      for (const o of item.position.options) {
        const p = await d.positionOf(marketId, b0, o.option);
        expect({ stake: o.stake, pendingPayoff: o.pendingPayoff }).toEqual({
          stake: p.stake.toString(),
          pendingPayoff: ((p.stake * market.pool) / (stakes[o.option] ?? 1n)).toString(),
        });
      }
    }
    const totals = (await s.api.post<unknown>("/api/bought", { account: d.addr(b0) })).body.extra as {
      totals: { invested: string };
    };
    expect(totals.totals.invested).toBe(sum(b0Buys.map((b) => b.event.amount)).toString());

    const issued = await s.api.ok<Paged<MarketSummary & { licenseId: string; margin: string; bondState: string }>>(
      "/api/issued",
      { account: d.addr(d.alice) },
    );
    expect(issued.list.map((x) => x.id)).toEqual(["M6", "M5", "M4", "M1"].map((k) => id(k).toString()));
    for (const x of issued.list) {
      const chain = await d.market(BigInt(x.id));
      expect({ id: x.id, licenseId: x.licenseId, issuer: x.issuer }).toEqual({
        id: x.id,
        licenseId: chain.licenseId.toString(),
        issuer: d.addr(d.alice),
      });
    }
  });

  test("history downsampled: at most `points` points, the first and the last kept", async () => {
    const full = await s.api.ok<{ points: { blockNumber: number }[]; total: number }>("/api/market/history", {
      id: id("M1").toString(),
    });
    expect(full.total).toBeGreaterThanOrEqual(4);
    for (const points of [2, 3]) {
      const sampled = await s.api.ok<{ points: { blockNumber: number }[]; total: number }>("/api/market/history", {
        id: id("M1").toString(),
        points,
      });
      expect({ points, answered: sampled.points.length <= points, total: sampled.total }).toEqual({
        points,
        answered: true,
        total: full.total,
      });
      expect(sampled.points[0]?.blockNumber).toBe(full.points[0]?.blockNumber);
      expect(sampled.points[sampled.points.length - 1]?.blockNumber).toBe(full.points[full.points.length - 1]?.blockNumber);
    }
  });

  test("user/info: balances are the chain's, cash and portfolio; the free PRDS claim after a buy", async () => {
    const b0 = d.buyer(0);
    const info = async (who: Signer) => {
      const answer = await s.api.post<{ symbol: string; address: string; decimals: number; balance: string }[]>(
        "/api/user/info",
        {
          account: d.addr(who),
          chainType: "devnet",
        },
      );
      expect(answer.status).toBe(200);
      return {
        funds: answer.body.data,
        statics: (answer.body.extra as { statics: { cash: string; portfolio: string } }).statics,
      };
    };
    const expectFundsMatchChain = async (who: Signer) => {
      const { funds, statics } = await info(who);
      const [native, usdt, prds, credit] = await Promise.all([
        s.devnet.provider.getBalance(d.addr(who)),
        d.usdtBalance(who),
        d.prdsBalance(who),
        d.creditOf(who),
      ]);
      expect(funds).toEqual([
        { symbol: "BNB", address: ZeroAddress, decimals: 18, balance: native.toString() },
        { symbol: "USDT", address: s.devnet.protocol.addresses.DevUSDT?.toLowerCase(), decimals: 18, balance: usdt.toString() },
        { symbol: "PRDS", address: s.devnet.protocol.addresses.PRDS?.toLowerCase(), decimals: 18, balance: prds.toString() },
      ]);
      expect(statics.cash).toBe((usdt + credit).toString());
      return statics;
    };
    // b0's markets are all running: its portfolio is its stakes.
    const statics = await expectFundsMatchChain(b0);
    const stakes = [];
    for (const key of ["M1", "M2"]) for (let o = 0; o < 3; o++) stakes.push((await d.positionOf(id(key), b0, o)).stake);
    expect(statics.portfolio).toBe(sum(stakes).toString());

    const claim = await d.claimPrds(b0);
    await s.settle();
    const status = await transStatus(claim.hash);
    expect(status).toMatchObject({ status: "indexed", success: true, eventCount: 1 });
    await expectFundsMatchChain(b0);
    const claimAmount = BigInt(await s.devnet.protocol.claim.getFunction("claimAmount")());
    expect(BigInt((await info(b0)).funds[2]?.balance ?? "0")).toBe(u(5_000) + claimAmount);
    // Another chain is refused.
    const wrong = await s.api.post("/api/user/info", { account: d.addr(b0), chainType: "bsc" });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.code).not.toBe(0);
  });

  test("referral rewards accrue from the referred accounts' fees", async () => {
    const b0 = d.buyer(0);
    const rewards = await s.api.post<
      Paged<{ marketId: string; accrued: string; claimed: string; claimable: string; state: string }>
    >("/api/referral/rewards", {
      account: d.addr(b0),
    });
    expect(rewards.status).toBe(200);
    // b1 and b2 are bound to b0 for good: their later buys elsewhere (M3) pay b0 a share too.
    const accrued = new Map<string, bigint>();
    for (const b of buys.filter((x) => x.event.referrer === d.addr(b0))) {
      accrued.set(b.key, (accrued.get(b.key) ?? 0n) + (b.event.fee * 1_000n) / 10_000n);
    }
    const expected = [...accrued.entries()]
      .sort((a, b) => Number(id(b[0]) - id(a[0])))
      .map(([key, value]) => ({
        marketId: id(key).toString(),
        event: expect.any(String) as unknown as string,
        state: "Open",
        label: { key: "guaranteeing", option: null },
        accrued: value.toString(),
        claimed: "0",
        claimable: "0",
      }));
    expect(expected.length).toBe(2);
    expect(rewards.body.data.list).toEqual(expected);
    expect(rewards.body.extra).toMatchObject({ referred: 2 });
    const referrers = await Promise.all(
      [1, 2].map(async (i) => (await s.devnet.protocol.markets.getFunction("referrerOf")(d.addr(d.buyer(i)))) as string),
    );
    expect(referrers.map((r) => r.toLowerCase())).toEqual([d.addr(b0), d.addr(b0)]);
  });

  test("closing: labels follow the chain's time (closed, void by premium); an early confirmation is challenged", async () => {
    await d.setTime(t0 + 2 * DAY + 60);
    await s.settle();
    for (const key of ["M1", "M2", "M5", "M6", "M3"]) await expectDetailMatchesChain(key);
    expect((await detail("M1")).market).toMatchObject({ state: "Closed", label: { key: "marketClosed", option: null } });
    // 9.8 USDT of buyers' stake, below the 50 minimum premium: void as soon as trading closed.
    expect((await detail("M5")).market).toMatchObject({
      state: "Void",
      label: { key: "void", option: null },
      premiumReached: false,
    });
    expect((await markets({ status: "waitingResult" })).list.map((x) => x.id).sort()).toEqual(
      ["M1", "M2", "M6"].map((k) => id(k).toString()).sort(),
    );

    const knownAt = (await d.now()) - 3 * HOUR;
    await d.confirmEarly(d.dave, id("M3"), 0, knownAt);
    await s.settle();
    const early = await expectDetailMatchesChain("M3");
    expect(early.market).toMatchObject({
      state: "EarlyConfirmed",
      early: true,
      label: { key: "confirmedEarlyOccurred", option: 0 },
      result: 0,
    });
    // b2 holds option 1 there: it challenges with evidence uploaded through the api.
    const challenge = await d.challenge(d.buyer(2), id("M3"), 1, "The minutes show no cut was decided.");
    await s.settle();
    const challenged = await expectDetailMatchesChain("M3", d.buyer(2));
    expect(challenged.market).toMatchObject({
      state: "Challenging",
      label: { key: "challengingOccurred", option: 0 },
      challengeCount: 1,
    });
    expect(challenged.challenges[0]).toMatchObject({
      challenger: d.addr(d.buyer(2)),
      evidenceHash: challenge.evidenceHash,
      evidence: { hash: challenge.evidenceHash, text: "The minutes show no cut was decided." },
      status: "Open",
      txHash: challenge.tx.hash,
    });
    const evidence = await s.api.ok<{ hash: string; imageHash: string | null; imageUrl: string | null; text: string }>(
      "/api/evidence/detail",
      {
        hash: challenge.evidenceHash,
      },
    );
    expect(evidence).toEqual(challenged.challenges[0]?.evidence);
    const imageUrl = challenged.challenges[0]?.evidence?.imageUrl;
    if (imageUrl) {
      const image = await fetch(`${s.api.baseUrl}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toContain("image/png");
    }
    expect(challenged.market.responseEnd).toBe((await d.dispute(id("M3"))).responseEnd);
    expect((await markets({ status: "challenging" })).list.map((x) => x.id)).toEqual([id("M3").toString()]);
  });

  test("expiry: confirmations, a challenge conceded, a challenge appealed to a vote, the void market refunded", async () => {
    await d.setTime(t0 + 3 * DAY + 60);
    await s.settle();
    expect((await detail("M1")).market).toMatchObject({
      state: "WaitingConfirmation",
      label: { key: "waitingConfirmation", option: null },
    });

    await d.confirm(d.alice, id("M1"), 0);
    await d.confirm(d.bob, id("M2"), 2);
    await d.confirm(d.alice, id("M6"), 0);
    await s.settle();
    expect((await expectDetailMatchesChain("M1", d.buyer(0))).market).toMatchObject({
      state: "Confirmed",
      label: { key: "confirmedOccurred", option: 0 },
    });
    expect((await expectDetailMatchesChain("M2")).market).toMatchObject({
      state: "Confirmed",
      label: { key: "confirmedOption", option: 2 },
    });

    // M6: b4 (holding option 1) challenges alice's option 0; alice concedes.
    const m6 = await d.challenge(d.buyer(4), id("M6"), 1, "The festival announced the other film.");
    await d.concede(d.alice, id("M6"));
    await s.settle();
    const conceded = await expectDetailMatchesChain("M6", d.buyer(4));
    expect(conceded.market).toMatchObject({
      state: "Confirmed",
      result: 1,
      label: { key: "confirmedNotOccurred", option: 1 },
      overturned: true,
    });
    expect(conceded.challenges[0]).toMatchObject({
      status: "Conceded",
      evidenceHash: m6.evidenceHash,
      prdsReturned: u(1_000).toString(),
    });

    // M2: b4 challenges the issuer's option 2 with option 0; bob appeals; the vote opens.
    await d.challenge(d.buyer(4), id("M2"), 0, "The official count puts the incumbent first.");
    await d.appeal(d.bob, id("M2"));
    await d.vote(d.voter(0), id("M2"), 1); // the issuer's claim
    await d.vote(d.voter(1), id("M2"), 2); // the challenge
    await s.settle();
    const voting = await expectDetailMatchesChain("M2");
    expect(voting.market).toMatchObject({ state: "Appealing", appealed: true, label: { key: "appealing", option: 2 } });
    const vote = voting.vote;
    if (!vote) throw new Error("no vote answered");
    const dispute = await d.dispute(id("M2"));
    expect({ kind: vote.kind, voteEnd: vote.voteEnd, total: vote.totalWeight, voters: vote.voterCount }).toEqual({
      kind: "Appeal",
      voteEnd: dispute.voteEnd,
      total: dispute.totalVotes.toString(),
      voters: 2,
    });
    for (const choice of vote.choices) {
      const tally = BigInt(await s.devnet.protocol.markets.getFunction("tallyOf")(id("M2"), choice.choice));
      expect({ choice: choice.choice, tally: choice.tally }).toEqual({ choice: choice.choice, tally: tally.toString() });
    }
    expect(vote.choices.map((c) => c.kind)).toEqual(["invalid", "issuer", "challenge"]);
    for (const v of vote.votes) {
      const ballot = await s.devnet.protocol.markets.getFunction("ballotOf")(id("M2"), v.voter);
      expect({ voter: v.voter, choice: v.choice, weight: v.weight }).toEqual({
        voter: v.voter,
        choice: Number(ballot.choicePlusOne) - 1,
        weight: BigInt(ballot.weight).toString(),
      });
    }

    // The void market: advance records it, the buyer gets stake and fee back.
    await d.advance(d.buyer(5), id("M5"));
    const before = await d.usdtBalance(d.buyer(5));
    const refundView = (await detail("M5", d.buyer(5))).positions;
    await d.claim(d.buyer(5), id("M5"));
    const refunded = (await d.usdtBalance(d.buyer(5))) - before;
    await s.settle();
    expect(refunded).toBe(u(10));
    expect(refundView?.pendingPayoff).toBe(refunded.toString());
    const after = await expectDetailMatchesChain("M5", d.buyer(5));
    expect(after.positions).toMatchObject({
      refund: refunded.toString(),
      received: refunded.toString(),
      claimed: true,
      profit: "0",
    });
  });

  test("deadlines: an unanswered challenge won by default (compensation), the vote tallied (voter reward), winners paid what the api said", async () => {
    await d.setTime(t0 + 6 * DAY + 4 * HOUR);
    await s.settle();
    // M3: dave never answered b2's challenge.
    expect((await detail("M3")).market.state).toBe("WaitResult");
    await d.advance(d.buyer(0), id("M3"));
    await s.settle();
    const defaulted = await expectDetailMatchesChain("M3", d.buyer(2));
    expect(defaulted.market).toMatchObject({ state: "Confirmed", result: 1, overturned: true, bondState: "slashed" });
    expect(defaulted.challenges[0]).toMatchObject({ status: "WonByDefault", compensationState: "pending" });
    const compensation = BigInt(defaulted.challenges[0]?.compensation ?? "0");
    expect(compensation).toBeGreaterThan(0n);
    const before = await d.usdtBalance(d.buyer(2));
    await d.claimCompensation(d.buyer(0), id("M3"), 0);
    expect((await d.usdtBalance(d.buyer(2))) - before).toBe(compensation);
    await s.settle();
    expect((await expectDetailMatchesChain("M3")).challenges[0]?.compensationState).toBe("received");
    const daveRecord = (await detail("M3")).issuerRecord;
    expect(daveRecord).toMatchObject({ account: d.addr(d.dave), issued: 1, challenged: 1, overturned: 1, bondsSlashed: 1 });
    expect(await s.api.ok<TrackRecord>("/api/issuer/track-record", { account: d.addr(d.dave) })).toEqual(daveRecord);

    // M2: the vote ended; the issuer's claim won, so the challenge stake is lost to the voters.
    expect((await detail("M2")).market.state).toBe("WaitResult");
    await d.advance(d.buyer(0), id("M2"));
    await s.settle();
    const tallied = await expectDetailMatchesChain("M2", d.buyer(0));
    expect(tallied.market).toMatchObject({ state: "Finished", result: 2, label: { key: "challengeFailedOption", option: 2 } });
    expect(tallied.vote?.outcome).toBe("IssuerWins");
    expect(tallied.challenges[0]?.status).toBe("Lost");
    const prdsBefore = await d.prdsBalance(d.voter(0));
    await d.claimVoterReward(d.voter(0), id("M2"));
    const reward = (await d.prdsBalance(d.voter(0))) - prdsBefore;
    expect(reward).toBe(u(500)); // half of the 1,000 PRDS stake, one winning voter
    await s.settle();
    const rewarded = (await detail("M2")).vote?.votes.find((v) => v.voter === d.addr(d.voter(0)));
    expect(rewarded?.reward).toBe(reward.toString());

    // The winner (b0 on option 2) is paid exactly the pending payoff the api showed.
    const shown = (await detail("M2", d.buyer(0))).positions;
    const usdtBefore = await d.usdtBalance(d.buyer(0));
    await d.claim(d.buyer(0), id("M2"));
    const paid = (await d.usdtBalance(d.buyer(0))) - usdtBefore;
    expect(paid).toBeGreaterThan(0n);
    expect(shown?.pendingPayoff).toBe(paid.toString());
    await s.settle();
    const claimedView = (await expectDetailMatchesChain("M2", d.buyer(0))).positions;
    const invested = sum(buys.filter((b) => b.key === "M2" && b.event.buyer === d.addr(d.buyer(0))).map((b) => b.event.amount));
    expect(claimedView).toMatchObject({
      payout: paid.toString(),
      received: paid.toString(),
      claimed: true,
      pendingPayoff: "0",
      profit: (paid - invested).toString(),
    });
  });

  test("challenge windows close: finalization on claim, referral and issuer credit withdrawn, snapshots", async () => {
    await d.setTime(t0 + 10 * DAY + 2 * HOUR);
    await s.settle();
    // M1's window has passed: Finished by time, before anyone finalizes it.
    expect((await expectDetailMatchesChain("M1")).market).toMatchObject({ state: "Finished" });
    const b0 = d.buyer(0);
    const shown = (await detail("M1", b0)).positions;
    const before = await d.usdtBalance(b0);
    await d.claim(b0, id("M1"));
    const paid = (await d.usdtBalance(b0)) - before;
    expect(shown?.pendingPayoff).toBe(paid.toString());
    await d.claim(d.buyer(1), id("M1"), d.buyer(2)); // anyone may claim for another account
    await s.settle();
    const final = await expectDetailMatchesChain("M1", b0);
    expect(final.market).toMatchObject({ phase: "Final", label: { key: "eventFinished", option: 0 } });
    expect((await detail("M1", d.buyer(2))).positions?.claimed).toBe(true);

    // Referral: b0's share of b1's and b2's fees in M1, claimable once final.
    const owed = await d.referralOwed(id("M1"), b0);
    const rewards = await s.api.ok<Paged<{ marketId: string; accrued: string; claimed: string; claimable: string }>>(
      "/api/referral/rewards",
      { account: d.addr(b0) },
    );
    const m1Reward = (list: { marketId: string }[]) => list.find((r) => r.marketId === id("M1").toString());
    expect(m1Reward(rewards.list)).toMatchObject({ claimable: owed.toString(), claimed: "0" });
    const refBefore = await d.usdtBalance(b0);
    await d.claimReferral(b0, id("M1"));
    expect((await d.usdtBalance(b0)) - refBefore).toBe(owed);
    await s.settle();
    const afterReferral = await s.api.ok<Paged<{ marketId: string; accrued: string; claimed: string; claimable: string }>>(
      "/api/referral/rewards",
      { account: d.addr(b0) },
    );
    expect(m1Reward(afterReferral.list)).toMatchObject({ claimed: owed.toString(), claimable: "0" });

    // The issuer's free balance (released margin, issuer fees) is cash; withdrawing keeps cash whole.
    const credit = await d.creditOf(d.alice);
    expect(credit).toBeGreaterThan(0n);
    const cashOf = async (who: Signer) =>
      (
        (await s.api.post("/api/user/info", { account: d.addr(who), chainType: "31337" })).body.extra as {
          statics: { cash: string };
        }
      ).statics.cash;
    const cashBefore = await cashOf(d.alice);
    expect(cashBefore).toBe(((await d.usdtBalance(d.alice)) + credit).toString());
    await d.withdraw(d.alice, credit);
    await s.settle();
    expect(await d.creditOf(d.alice)).toBe(0n);
    expect(await cashOf(d.alice)).toBe(cashBefore);
    const record = await s.api.ok<TrackRecord>("/api/issuer/track-record", { account: d.addr(d.alice) });
    expect(record).toMatchObject({ issued: 4, cancelled: 1, void: 1, finished: 1, challenged: 1, overturned: 1, running: 1 });

    // Snapshots: b0's running totals as of its latest day, and day profits adding up.
    const snapshots = await s.api.post<{
      list: { day: string; invested: string; received: string; realizedProfit: string; dayProfit: string }[];
    }>("/api/user/snapshots", {
      account: d.addr(b0),
      days: 60,
    });
    expect(snapshots.status).toBe(200);
    const list = snapshots.body.data.list;
    const latest = list[0];
    if (!latest) throw new Error("no snapshots");
    const investedAll = sum(buys.filter((b) => b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
    const m1Invested = sum(buys.filter((b) => b.key === "M1" && b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
    const m2Invested = sum(buys.filter((b) => b.key === "M2" && b.event.buyer === d.addr(b0)).map((b) => b.event.amount));
    const m2Paid = BigInt((await detail("M2", b0)).positions?.payout ?? "0");
    expect(latest.invested).toBe(investedAll.toString());
    expect(latest.received).toBe((paid + m2Paid).toString());
    expect(latest.realizedProfit).toBe((paid + m2Paid - m1Invested - m2Invested).toString());
    expect(sum(list.map((row) => BigInt(row.dayProfit))).toString()).toBe(latest.realizedProfit);
    expect(list.map((row) => row.day)).toEqual([...list.map((row) => row.day)].sort().reverse());
    const now = await d.now();
    expect(latest.day).toBe(new Date(now * 1000).toISOString().slice(0, 10));
    expect((snapshots.body.extra as { yesterday: string }).yesterday).toBe(
      new Date((now - DAY) * 1000).toISOString().slice(0, 10),
    );
  });

  test("M3 settles on the challenger's claim; every market ends where the chain says", async () => {
    await d.setTime(t0 + 14 * DAY);
    await s.settle();
    const b2 = d.buyer(2);
    const shown = (await detail("M3", b2)).positions;
    const before = await d.usdtBalance(b2);
    await d.claim(b2, id("M3"));
    const paid = (await d.usdtBalance(b2)) - before;
    expect(shown?.pendingPayoff).toBe(paid.toString());
    await s.settle();
    for (const key of ["M1", "M2", "M3", "M4", "M5", "M6"]) await expectDetailMatchesChain(key, b2);
    // Tab totals are recomputed in the background (README: they may lag a few seconds).
    await eventually(async () => {
      expect((await markets({ status: "finished" })).total).toBe(6);
      expect((await markets({ pageSize: 100 })).extra.totals).toEqual({
        all: 6,
        open: 0,
        closingSoon: 0,
        waitingResult: 0,
        challenging: 0,
        finished: 6,
      });
    });
    const settled = await s.api.ok<Paged<{ market: MarketSummary }>>("/api/bought", { account: d.addr(b2), status: "settled" });
    const b2Markets = [...new Set(buys.filter((b) => b.event.buyer === d.addr(b2)).map((b) => b.event.id.toString()))];
    expect(settled.list.map((x) => x.market.id).sort()).toEqual(b2Markets.sort());
    expect((await s.api.ok<Paged<unknown>>("/api/bought", { account: d.addr(b2), status: "open" })).total).toBe(0);
    const unknown = await s.api.post("/api/market/detail", { id: "999" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 40402, msg: "api.error.marketNotFound", data: null });
  });

  test("metadata held for review has no hash and is never listed; approved by the reviewer, it is", async () => {
    const held = {
      event: "Will the trade war end before the summit?",
      category: "politics",
      options: ["Yes", "No"],
      description: "Resolved on the joint statement.",
    };
    const submitted = await s.api.ok<{ status: string; hash: string | null; reason: string | null }>(
      "/api/issue/submit-underlying",
      held,
    );
    expect(submitted).toMatchObject({ status: "audit", hash: null });
    expect(submitted.reason).toMatch(/^api\.moderation\./);
    // The chain accepts any hash: issued anyway with the hash the api would give, and with one it never saw.
    const hash = metadataHash(held);
    const now = await d.now();
    const issue = async (metadata: string): Promise<bigint> => {
      const params = {
        licenseId: spareLicense,
        metadataHash: metadata,
        options: ["Yes", "No"].map((o) => optionKeyOf(o)),
        lastTradingTime: now + 2 * DAY,
        expirationTime: now + 3 * DAY,
        liquidity: u(200),
        margin: u(300),
        stakeLicense: false,
      };
      const marketsContract = s.devnet.protocol.markets;
      const marketId = (await marketsContract.connect(d.alice).getFunction("issue").staticCall(params)) as bigint;
      await d.tx(marketsContract, d.alice, "issue", params);
      return marketId;
    };
    await fundIssuer();
    m.M7 = await issue(hash);
    m.M8 = await issue(metadataHash({ event: "Never submitted to the api", category: "other", options: ["Yes", "No"] }));
    await s.settle();
    const listed = async () => (await markets({ pageSize: 100 })).list.map((x) => x.id);
    expect(await listed()).not.toContain(id("M7").toString());
    expect(await listed()).not.toContain(id("M8").toString());
    expect((await detail("M7")).market).toMatchObject({ metadataStatus: "audit", event: null, category: null });
    expect((await detail("M8")).market).toMatchObject({ metadataStatus: "missing", event: null });
    const issued = await s.api.ok<Paged<MarketSummary>>("/api/issued", { account: d.addr(d.alice) });
    expect(issued.list.slice(0, 2).map((x) => [x.id, x.event])).toEqual([
      [id("M8").toString(), null],
      [id("M7").toString(), null],
    ]);

    // The review calls: invisible without the token, then the reviewer approves.
    const hidden = await s.api.post("/api/admin/audit/list", {});
    expect(hidden.status).toBe(404);
    const queue = await s.api.post<Paged<{ hash: string; status: string }>>(
      "/api/admin/audit/list",
      {},
      { "x-admin-token": ADMIN_TOKEN },
    );
    expect(queue.status).toBe(200);
    expect(queue.body.data.list.map((r) => [r.hash, r.status])).toEqual([[hash, "audit"]]);
    const review = await s.api.post("/api/admin/audit/review", { hash, decision: "approve" }, { "x-admin-token": ADMIN_TOKEN });
    expect(review.body).toMatchObject({ code: 0, data: { hash, status: "approved", reason: null } });
    const again = await s.api.ok<{ status: string; hash: string | null }>("/api/issue/submit-underlying", held);
    expect(again).toMatchObject({ status: "approved", hash });
    expect(await listed()).toContain(id("M7").toString());
    expect((await detail("M7")).market).toMatchObject({ metadataStatus: "approved", event: held.event, category: "politics" });
    expect(await listed()).not.toContain(id("M8").toString());
  });

  /** alice funds liquidity and margin for the last test's two markets. */
  const fundIssuer = async (): Promise<void> => {
    await d.tx(s.devnet.protocol.usdt, d.alice, "mint", d.addr(d.alice), u(1_000));
  };
});

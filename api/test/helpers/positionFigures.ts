import type { Signer } from "ethers";
import { LicenseType } from "@prds/contracts/actions";
import { DAY, startStack, u, type MarketStateName, type ProtocolDriver, type Stack, type Tx } from "./protocol";

/**
 * The worlds of the position-figures*.test.ts files: one scenario per final state, each on its own
 * devnet (a fresh stack), with the chain's balance changes booked per transaction and every api
 * surface of a position checked against them (see position-figures.test.ts for what is compared).
 */

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
interface Detail {
  market: {
    id: string;
    state: MarketStateName;
    margin: string;
    bondState: string;
    issuerFee: string | null;
    liquidity: string;
  };
  positions: PositionView | null;
  challenges: {
    index: number;
    challenger: string;
    stake: string;
    status: string;
    prdsReturned: string | null;
    compensation: string | null;
    compensationState: string;
  }[];
  vote: { outcome: string | null; votes: { voter: string; choice: number; reward: string | null }[] } | null;
}
interface Paged<T> {
  list: T[];
  total: number;
}
interface BoughtItem {
  market: { id: string };
  position: Omit<PositionView, "account">;
}
interface BoughtTotals {
  invested: string;
  received: string;
  pendingPayoff: string;
  profit: string;
}
interface IssuedItem {
  id: string;
  margin: string;
  bondState: string;
  issuerFee: string | null;
}
interface Snapshot {
  day: string;
  invested: string;
  received: string;
  realizedProfit: string;
}

/** What a transaction moved, per account. `kind` sorts USDT movements into stakes, claims and the rest. */
type Kind = "stake" | "claim" | "cancel" | "compensation" | "withdraw" | "step";

interface Moves {
  usdt: Map<Kind, bigint>;
  /** USDT paid into each option by buys (per option, from the buy transactions). */
  stakeByOption: Map<number, bigint>;
  prds: bigint;
  credit: bigint;
}

/**
 * The chain's ledger of one scenario: after each protocol transaction, every participant's USDT and
 * PRDS balance and free balance (Markets.creditOf) at that block minus at the block before (the
 * devnet mines one transaction per block).
 */
class Books {
  private readonly moves = new Map<string, Moves>();

  constructor(
    private readonly d: ProtocolDriver,
    private readonly accounts: readonly Signer[],
  ) {
    for (const account of accounts) {
      this.moves.set(d.addr(account), { usdt: new Map(), stakeByOption: new Map(), prds: 0n, credit: 0n });
    }
  }

  private async at(address: string, blockTag: number): Promise<{ usdt: bigint; prds: bigint; credit: bigint }> {
    const c = this.d.c;
    const [usdt, prds, credit] = await Promise.all([
      c.usdt.getFunction("balanceOf")(address, { blockTag }) as Promise<bigint>,
      c.prds.getFunction("balanceOf")(address, { blockTag }) as Promise<bigint>,
      c.markets.getFunction("creditOf")(address, { blockTag }) as Promise<bigint>,
    ]);
    return { usdt: BigInt(usdt), prds: BigInt(prds), credit: BigInt(credit) };
  }

  async record(kind: Kind, sent: Promise<Tx>, option?: number): Promise<Tx> {
    const tx = await sent;
    const block = await this.d.devnet.provider.getBlock(tx.blockNumber);
    if (block?.transactions.length !== 1) throw new Error(`block ${tx.blockNumber} holds other transactions than ${tx.hash}`);
    for (const [address, moves] of this.moves) {
      const [before, after] = await Promise.all([this.at(address, tx.blockNumber - 1), this.at(address, tx.blockNumber)]);
      const usdt = after.usdt - before.usdt;
      moves.usdt.set(kind, (moves.usdt.get(kind) ?? 0n) + usdt);
      if (option !== undefined && usdt !== 0n) {
        moves.stakeByOption.set(option, (moves.stakeByOption.get(option) ?? 0n) + usdt);
      }
      moves.prds += after.prds - before.prds;
      moves.credit += after.credit - before.credit;
    }
    return tx;
  }

  of(account: Signer): Moves {
    const moves = this.moves.get(this.d.addr(account));
    if (!moves) throw new Error("not a participant");
    return moves;
  }

  usdt(account: Signer, kind: Kind): bigint {
    return this.of(account).usdt.get(kind) ?? 0n;
  }

  usdtTotal(account: Signer): bigint {
    let total = 0n;
    for (const value of this.of(account).usdt.values()) total += value;
    return total;
  }
}

/** One scenario's world: a fresh stack, a market issued by alice, buyers, voters with PRDS. */
interface World {
  s: Stack;
  d: ProtocolDriver;
  books: Books;
  id: bigint;
  issuer: Signer;
  buyers: Signer[];
  voters: Signer[];
  t0: number;
  lastTradingTime: number;
  expirationTime: number;
}

const LIQUIDITY = u(200);
const MARGIN = u(300);

async function openWorld(label: string): Promise<World> {
  const s = await startStack(`figures_${label}`);
  try {
    const d = s.driver;
    const issuer = d.alice;
    const buyers = [0, 1, 2, 3].map((i) => d.buyer(i));
    const voters = [0, 1].map((i) => d.voter(i));
    const books = new Books(d, [issuer, ...buyers, ...voters]);
    // Voting power counts at the block before a confirmation: voters hold PRDS from the start
    // (4.5M of 100M: over the 4% quorum); buyers hold enough to challenge.
    await d.fundPrds(voters[0] as Signer, u(3_000_000));
    await d.fundPrds(voters[1] as Signer, u(1_500_000));
    for (const b of buyers) await d.fundPrds(b, u(5_000));
    const { tokenId } = await d.buyLicense(issuer, LicenseType.Common);
    const t0 = await d.now();
    const lastTradingTime = t0 + DAY;
    const expirationTime = t0 + 2 * DAY;
    let id = 0n;
    await books.record(
      "stake",
      d
        .issue(issuer, {
          licenseId: tokenId,
          metadata: { event: `Will the ${label} scenario settle as the chain says?`, category: "other", options: ["Yes", "No"] },
          lastTradingTime,
          expirationTime,
          liquidity: LIQUIDITY,
          margin: MARGIN,
        })
        .then((issued) => {
          id = issued.id;
          return issued.tx;
        }),
    );
    return { s, d, books, id, issuer, buyers, voters, t0, lastTradingTime, expirationTime };
  } catch (error) {
    await s.close();
    throw error;
  }
}

export const buyer = (w: World, i: number): Signer => {
  const signer = w.buyers[i];
  if (!signer) throw new Error(`no buyer ${i}`);
  return signer;
};
export const voter = (w: World, i: number): Signer => {
  const signer = w.voters[i];
  if (!signer) throw new Error(`no voter ${i}`);
  return signer;
};

export function buy(w: World, i: number, option: number, amount: number): Promise<Tx> {
  return w.books.record("stake", w.d.buy(buyer(w, i), w.id, option, u(amount)), option);
}

export const step = (w: World, sent: Promise<Tx>): Promise<Tx> => w.books.record("step", sent);

/** Moves the chain a minute past the market's challenge window, the issuer's response period or the vote. */
export async function pastWindow(w: World): Promise<void> {
  await w.d.setTime((await w.d.market(w.id)).windowEnd + 60);
}
export async function pastResponse(w: World): Promise<void> {
  await w.d.setTime((await w.d.dispute(w.id)).responseEnd + 60);
}
export async function pastVote(w: World): Promise<void> {
  await w.d.setTime((await w.d.dispute(w.id)).voteEnd + 60);
}

async function detailOf(w: World, account: Signer): Promise<Detail> {
  return w.s.api.ok<Detail>("/api/market/detail", { id: w.id.toString(), account: w.d.addr(account) });
}

async function positionOf(w: World, account: Signer): Promise<PositionView> {
  const positions = (await detailOf(w, account)).positions;
  if (!positions) throw new Error(`no positions for ${w.d.addr(account)}`);
  return positions;
}

async function statics(w: World, account: Signer): Promise<{ cash: string; portfolio: string }> {
  const answer = await w.s.api.post<unknown>("/api/user/info", { account: w.d.addr(account), chainType: "31337" });
  expect([answer.status, answer.body.code]).toEqual([200, 0]);
  return (answer.body.extra as { statics: { cash: string; portfolio: string } }).statics;
}

/** The account's stake on chain over every option (cleared by a claim or a cancel). */
async function chainStake(w: World, account: Signer): Promise<bigint> {
  let total = 0n;
  for (const option of [0, 1]) total += (await w.d.positionOf(w.id, account, option)).stake;
  return total;
}

interface Expected {
  invested: bigint;
  received: bigint;
  pendingPayoff: bigint;
  claimed: boolean;
}

/** Every surface that answers an account's position in this market, against `e` (chain-measured). */
async function expectFigures(w: World, account: Signer, e: Expected, when: string): Promise<PositionView> {
  const who = `${when}: ${w.d.addr(account) === w.d.addr(w.issuer) ? "issuer" : `buyer ${w.buyers.indexOf(account)}`}`;
  const profit = e.received + e.pendingPayoff - e.invested;
  const p = await positionOf(w, account);
  expect({ who, invested: p.invested, received: p.received, pendingPayoff: p.pendingPayoff, profit: p.profit }).toEqual({
    who,
    invested: e.invested.toString(),
    received: e.received.toString(),
    pendingPayoff: e.pendingPayoff.toString(),
    profit: profit.toString(),
  });
  expect({ who, claimed: p.claimed, split: BigInt(p.payout) + BigInt(p.refund) }).toEqual({
    who,
    claimed: e.claimed,
    split: e.received,
  });
  // The option rows add up to the totals (a settled market's pending payoff is the sum of its rows').
  const rows = p.options.reduce(
    (acc, o) => ({ invested: acc.invested + BigInt(o.invested), pending: acc.pending + BigInt(o.pendingPayoff) }),
    { invested: 0n, pending: 0n },
  );
  expect({ who, invested: rows.invested, pending: rows.pending }).toEqual({
    who,
    invested: e.invested,
    pending: e.pendingPayoff,
  });
  // A buyer's option rows: what its buys of each option paid.
  if (w.d.addr(account) !== w.d.addr(w.issuer)) {
    const paid = w.books.of(account).stakeByOption;
    expect({ who, byOption: p.options.map((o) => [o.option, o.invested]) }).toEqual({
      who,
      byOption: [...paid.entries()].sort((a, b) => a[0] - b[0]).map(([option, usdt]) => [option, (-usdt).toString()]),
    });
    const dealt = await w.s.api.ok<Paged<{ marketId: string; amount: string }>>("/api/user-dealt", {
      account: w.d.addr(account),
      pageSize: 100,
    });
    const dealtSum = dealt.list.filter((t) => t.marketId === w.id.toString()).reduce((sum, t) => sum + BigInt(t.amount), 0n);
    expect({ who, dealt: dealtSum }).toEqual({ who, dealt: e.invested });
  }

  // /api/bought: the same position, and (one market per account here) the same totals.
  const bought = await w.s.api.post<Paged<BoughtItem>>("/api/bought", { account: w.d.addr(account), pageSize: 100 });
  expect([bought.status, bought.body.code]).toEqual([200, 0]);
  const item = bought.body.data.list.find((i) => i.market.id === w.id.toString());
  expect({ who, position: item ? { ...item.position, account: p.account } : null }).toEqual({ who, position: p });
  expect({ who, totals: (bought.body.extra as { totals: BoughtTotals }).totals }).toEqual({
    who,
    totals: {
      invested: e.invested.toString(),
      received: e.received.toString(),
      pendingPayoff: e.pendingPayoff.toString(),
      profit: profit.toString(),
    },
  });

  // /api/user/info: cash is the wallet plus the free balance; the portfolio is what claims still pay.
  const [wallet, credit] = await Promise.all([w.d.usdtBalance(account), w.d.creditOf(account)]);
  expect({ who, statics: await statics(w, account) }).toEqual({
    who,
    statics: { cash: (wallet + credit).toString(), portfolio: e.pendingPayoff.toString() },
  });
  return p;
}

/**
 * Takes a market that reached `state` through every claim, then checks the figures against the
 * chain before and after. `participants` are the accounts holding a position (the issuer first).
 */
export async function settleAndCheck(w: World, state: MarketStateName, participants: readonly Signer[]): Promise<void> {
  const { s, d, books } = w;
  await s.settle();
  expect(await d.marketState(w.id)).toBe(state);
  const before = await detailOf(w, w.issuer);
  expect(before.market.state).toBe(state);
  const margin = (await d.market(w.id)).margin;
  const isIssuer = (account: Signer): boolean => d.addr(account) === d.addr(w.issuer);
  // The issuer's issue transaction paid liquidity and margin together; the margin is the bond.
  const investedOf = (account: Signer): bigint => -books.usdt(account, "stake") - (isIssuer(account) ? margin : 0n);
  const cancelRefund = (account: Signer): bigint => {
    const back = books.usdt(account, "cancel");
    return back === 0n ? 0n : back - margin; // Markets.cancel gives back liquidity + margin at once
  };

  // ---------------------------------------------------------------- before any claim
  const pending = new Map<string, string>();
  for (const account of participants) {
    const p = await expectFigures(
      w,
      account,
      {
        invested: investedOf(account),
        received: cancelRefund(account),
        // what the claims below pay, measured after them
        pendingPayoff: BigInt((await positionOf(w, account)).pendingPayoff),
        claimed: state === "Cancelled",
      },
      "before claims",
    );
    pending.set(d.addr(account), p.pendingPayoff);
  }

  // ---------------------------------------------------------------- everyone takes what is theirs
  let claims = 0;
  for (const account of participants) {
    if ((await chainStake(w, account)) === 0n) continue;
    await books.record("claim", d.claim(account, w.id));
    if (++claims !== 1) continue;
    // The first claim may have finalized the market (MarketFinalized): what the others are owed stays.
    await s.settle();
    for (const other of participants) {
      if (other === account) continue;
      const who = isIssuer(other) ? "issuer" : `buyer ${w.buyers.indexOf(other)}`;
      const now = (await positionOf(w, other)).pendingPayoff;
      expect({ who, pendingAfterFirstClaim: now }).toEqual({ who, pendingAfterFirstClaim: pending.get(d.addr(other)) });
    }
  }
  for (const c of (await detailOf(w, w.issuer)).challenges) {
    if (c.compensationState !== "pending") continue;
    const challenger = participants.find((a) => d.addr(a) === c.challenger);
    if (!challenger) throw new Error(`challenger ${c.challenger} is not a participant`);
    await books.record("compensation", d.claimCompensation(challenger, w.id, c.index));
  }
  for (const v of w.voters) {
    try {
      await d.c.markets.connect(v).getFunction("claimVoterReward").staticCall(w.id);
    } catch {
      continue; // NoReward: not on the winning side, or nothing lost to reward
    }
    await step(w, d.claimVoterReward(v, w.id));
  }
  const credit = await d.creditOf(w.issuer);
  if (credit > 0n) await books.record("withdraw", d.withdraw(w.issuer, credit));
  await s.settle();

  // ---------------------------------------------------------------- after: what the chain paid
  const after = await detailOf(w, w.issuer);
  expect(after.market.state).toBe(state);
  for (const account of participants) {
    const who = isIssuer(account) ? "issuer" : `buyer ${w.buyers.indexOf(account)}`;
    const claimedNow = books.usdt(account, "claim");
    // What the api said a claim would pay is what the claim paid.
    expect({ who, pendingBefore: pending.get(d.addr(account)) }).toEqual({ who, pendingBefore: claimedNow.toString() });
    const p = await expectFigures(
      w,
      account,
      { invested: investedOf(account), received: cancelRefund(account) + claimedNow, pendingPayoff: 0n, claimed: true },
      "after claims",
    );

    // Every USDT the account moved (wallet and free balance) is its profit plus the figures
    // answered beside the position: issuer fee and bond, compensation.
    const profit = BigInt(p.profit ?? "0");
    const market = after.market;
    const issuerExtra = isIssuer(account)
      ? BigInt(market.issuerFee ?? "0") - (market.bondState === "slashed" ? BigInt(market.margin) : 0n)
      : 0n;
    const compensation = after.challenges
      .filter((c) => c.challenger === d.addr(account) && c.compensationState === "received")
      .reduce((sum, c) => sum + BigInt(c.compensation ?? "0"), 0n);
    const moved = books.usdtTotal(account) + books.of(account).credit;
    expect({ who, moved }).toEqual({ who, moved: profit + issuerExtra + compensation });
    expect({ who, creditLeft: await d.creditOf(account) }).toEqual({ who, creditLeft: 0n });

    // PRDS: challenge stakes out, what the dispute gave back in.
    const prds = after.challenges
      .filter((c) => c.challenger === d.addr(account))
      .reduce((sum, c) => sum - BigInt(c.stake) + BigInt(c.prdsReturned ?? "0"), 0n);
    expect({ who, prds: books.of(account).prds }).toEqual({ who, prds });

    // Snapshots: the running totals, and the profit realised (a final market's, once finalized).
    const snapshots = await s.api.ok<{ list: Snapshot[] }>("/api/user/snapshots", { account: d.addr(account), days: 60 });
    const latest = snapshots.list[0];
    expect({ who, invested: latest?.invested, received: latest?.received, realized: latest?.realizedProfit }).toEqual({
      who,
      invested: p.invested,
      received: p.received,
      realized: p.profit,
    });
  }

  // The issuer's markets: bond and fee as the chain moved them.
  const issued = await s.api.ok<Paged<IssuedItem>>("/api/issued", { account: d.addr(w.issuer) });
  const mine = issued.list.find((m) => m.id === w.id.toString());
  expect(mine).toEqual(
    expect.objectContaining({
      margin: margin.toString(),
      bondState: after.market.bondState,
      issuerFee: after.market.issuerFee,
    }),
  );
  // Voters: a reward is PRDS, paid exactly as answered.
  for (const v of w.voters) {
    const answered = after.vote?.votes.find((x) => x.voter === d.addr(v))?.reward ?? "0";
    expect({ voter: d.addr(v), prds: books.of(v).prds }).toEqual({ voter: d.addr(v), prds: BigInt(answered) });
    expect({ voter: d.addr(v), usdt: books.usdtTotal(v) }).toEqual({ voter: d.addr(v), usdt: 0n });
  }
}

export async function scenario(label: string, run: (w: World) => Promise<void>): Promise<void> {
  const w = await openWorld(label);
  try {
    await run(w);
  } finally {
    await w.s.close();
  }
}

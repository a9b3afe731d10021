import fc from "fast-check";
import { id as hashText, type ContractTransactionReceipt } from "ethers";
import {
  decimal,
  feeFraction,
  odds,
  payoffAtCurrentOdds,
  payoutMultiplier,
  probability,
  quoteBuy,
  splitBuy,
} from "../src/pricing";
import { DAY, increaseTime, revert, snapshot } from "./helpers/chain";
import { revertData } from "./helpers/assertions";
import { deployMarketsWorld, eventsOf, issue, send, usdt, usdtBalance, type MarketsWorld } from "./markets.helpers";

// The TypeScript pricing (src/pricing.ts: what the api answers and the pages show) held against the
// contract, which stays the authority: on an in-process chain, random buys on random markets at
// several fee rates, each quoted by Markets.quote() and then bought, and every market confirmed and
// claimed at the end.

const E = 10n ** 18n;

describe("pricing: worked examples", () => {
  test("feeFraction reduces the fee rate like the contract (FEE_NUM / FEE_DEN)", () => {
    expect(feeFraction(200)).toEqual({ num: 1n, den: 50n });
    expect(feeFraction(250)).toEqual({ num: 1n, den: 40n });
    expect(feeFraction(333)).toEqual({ num: 333n, den: 10_000n });
    expect(feeFraction(0)).toEqual({ num: 0n, den: 1n });
  });

  test("splitBuy charges whole fee units only: the remainder below FEE_DEN wei stays with the buyer", () => {
    expect(splitBuy(10n * E, 200)).toEqual({ charge: 10n * E, fee: 2n * 10n ** 17n, stake: 98n * 10n ** 17n });
    // 50 wei per unit at 2%: 49 extra wei buy nothing.
    expect(splitBuy(10n * E + 49n, 200)).toEqual(splitBuy(10n * E, 200));
    expect(splitBuy(10n * E + 50n, 200)).toEqual({
      charge: 10n * E + 50n,
      fee: 2n * 10n ** 17n + 1n,
      stake: 98n * 10n ** 17n + 49n,
    });
    expect(splitBuy(49n, 200)).toEqual({ charge: 0n, fee: 0n, stake: 0n });
  });

  test("quoteBuy pays stake × new net pool / new option stake, rounded down", () => {
    // Pool 100 USDT: 60 on option 0, 40 on option 1. Buy 10 USDT of option 1 at 2%:
    // stake 9.8, option 49.8, pool 109.8 → 9.8 × 109.8 / 49.8 = 21.607228915662650602409… USDT.
    const q = quoteBuy({ amount: 10n * E, feeBps: 200, optionStake: 40n * E, pool: 100n * E });
    expect(q).toEqual({
      charge: 10n * E,
      fee: 2n * 10n ** 17n,
      stake: 98n * 10n ** 17n,
      newOptionStake: 498n * 10n ** 17n,
      newPool: 1098n * 10n ** 17n,
      payout: 21_607_228_915_662_650_602n,
    });
    // 2.5% → 1/40: 1,234,567 wei = 30,864 units, stake 30,864 × 39 = 1,203,696 wei;
    // pool 1000 → 1,204,696, option 300 → 1,203,996: 1,203,696 × 1,204,696 / 1,203,996 = 1,204,395.8… → 1,204,395.
    expect(quoteBuy({ amount: 1_234_567n, feeBps: 250, optionStake: 300n, pool: 1000n })).toMatchObject({
      charge: 1_234_560n,
      stake: 1_203_696n,
      payout: 1_204_395n,
    });
    // The first buy on an option with no stake wins the whole pool plus its own stake; the first buy
    // of an empty market gets its stake back; less than one fee unit buys nothing.
    expect(quoteBuy({ amount: 10n * E, feeBps: 200, optionStake: 0n, pool: 100n * E }).payout).toBe(100n * E + 98n * 10n ** 17n);
    expect(quoteBuy({ amount: 5n * E, feeBps: 200, optionStake: 0n, pool: 0n }).payout).toBe(49n * 10n ** 17n);
    expect(quoteBuy({ amount: 10n, feeBps: 200, optionStake: 0n, pool: 0n }).payout).toBe(0n);
  });

  test("odds, probability and the payout multiplier (odds net of the fee), written out rounded down", () => {
    // 60 of a 100 USDT pool: odds 100/60 = 1.666…; at 2% one USDT paid returns 0.98 × 1.666… = 1.633….
    const pool = 100n * E;
    const stake = 60n * E;
    expect(decimal(odds(stake, pool)!, 6)).toBe("1.666666");
    expect(decimal(probability(stake, pool)!, 6)).toBe("0.6");
    expect(decimal(payoutMultiplier(stake, pool, 200)!, 6)).toBe("1.633333");
    expect(decimal(payoutMultiplier(stake, pool, 200)!, 2)).toBe("1.63");
    // Before any buy the seed is even: odds = the option count, the multiplier that less the fee.
    expect(decimal(odds(50n * E, 150n * E)!, 6)).toBe("3");
    expect(decimal(payoutMultiplier(50n * E, 150n * E, 200)!, 6)).toBe("2.94");
    expect(odds(0n, pool)).toBeNull();
    expect(payoutMultiplier(0n, pool, 200)).toBeNull();
    expect(probability(0n, 0n)).toBeNull();
    expect(decimal({ num: 1n, den: 3n }, 6)).toBe("0.333333");
    expect(decimal({ num: 7n, den: 2n }, 0)).toBe("3");
    expect(() => decimal({ num: 1n, den: 0n }, 6)).toThrow(RangeError);
  });

  test("payoffAtCurrentOdds: stake × pool / option stake, 0 while the option has none", () => {
    expect(payoffAtCurrentOdds(10n, 30n, 100n)).toBe(33n);
    expect(payoffAtCurrentOdds(10n, 0n, 100n)).toBe(0n);
  });
});

// ---------------------------------------------------------------- against the chain

/** Fee rates that reduce differently (1/50, none, 1/10,000, 37/10,000, 1/8, 3,333/10,000, 9,999/10,000). */
const FEE_RATES = [200, 0, 1, 37, 1250, 3333, 9999];
const RUNS = Number(process.env.PRICING_RUNS ?? 12);
jest.setTimeout(10 * 60_000);

interface Buy {
  trader: number;
  option: number;
  amount: bigint;
}

const NO_REFERRER = "0x0000000000000000000000000000000000000000";
const sumOf = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);

async function optionStakes(w: MarketsWorld, id: bigint): Promise<bigint[]> {
  return [...((await w.markets.getFunction("optionStakes")(id)) as bigint[])];
}

function boughtEvent(w: MarketsWorld, receipt: ContractTransactionReceipt): Record<string, unknown> {
  const [event] = eventsOf(w, receipt, "Bought");
  if (!event) throw new Error("no Bought event");
  return event;
}

describe.each(FEE_RATES)("pricing against Markets at a fee of %i bps", (feeBps) => {
  let w: MarketsWorld;

  beforeAll(async () => {
    w = await deployMarketsWorld({ markets: { feeBps, minPremium: 1n } });
  });

  test("quote, buy and claim pay exactly what the TypeScript says; the multiplier bounds every quote", async () => {
    const amount = fc.oneof(fc.bigInt({ min: usdt(1), max: usdt(20) }), fc.bigInt({ min: usdt(1), max: usdt(50_000) }));
    const buys = fc.array(fc.record({ trader: fc.nat(w.traders.length - 1), option: fc.nat(4), amount }), {
      minLength: 1,
      maxLength: 10,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.bigInt({ min: usdt(100), max: usdt(10_000) }),
        buys,
        fc.nat(4),
        async (optionCount, liquidity, plan: Buy[], winnerSeed) => {
          const snap = await snapshot();
          try {
            await runMarket(w, feeBps, optionCount, liquidity, plan, winnerSeed % optionCount);
          } finally {
            await revert(snap);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

async function runMarket(
  w: MarketsWorld,
  feeBps: number,
  optionCount: number,
  liquidity: bigint,
  plan: readonly Buy[],
  winner: number,
): Promise<void> {
  const options = Array.from({ length: optionCount }, (_, i) => hashText(`option ${i}`));
  const id = await issue(w, { options, liquidity, margin: usdt(100_000) });
  const staked = new Map<string, bigint[]>();

  for (const { trader: t, option: raw, amount } of plan) {
    const trader = w.traders[t]!;
    const option = raw % optionCount;
    const stakes = await optionStakes(w, id);
    const pool = sumOf(stakes);
    const optionStake = stakes[option]!;
    const ts = quoteBuy({ amount, feeBps, optionStake, pool });

    // Markets.quote() agrees to the wei.
    const [stake, fee, payoutIfWins] = (await w.markets.getFunction("quote")(id, option, amount)) as [bigint, bigint, bigint];
    expect({ stake, fee, payout: payoutIfWins }).toEqual({ stake: ts.stake, fee: ts.fee, payout: ts.payout });

    // The multiplier the pages show is the quote without the buy's own effect on the pool: a buy
    // never pays more than amount × multiplier, and less by no more than its own stake moves the odds.
    const m = payoutMultiplier(optionStake, pool, feeBps);
    expect(m === null).toBe(optionStake === 0n);
    if (m !== null) {
      // charge × multiplier = stake × pool / optionStake exactly (the charge is in whole fee units).
      expect(ts.charge * m.num * optionStake).toBe(ts.stake * pool * m.den);
      const s = ts.stake;
      const gapTimesDen = s * pool * (optionStake + s) - ts.payout * optionStake * (optionStake + s);
      expect(gapTimesDen >= 0n).toBe(true);
      expect(gapTimesDen < s * s * (pool - optionStake) + optionStake * (optionStake + s)).toBe(true);
    }

    // buy() pays exactly the quote: one wei more as the minimum payout is refused.
    const buyFn = w.markets.connect(trader).getFunction("buy");
    const refused = await buyFn.staticCall(id, option, amount, ts.payout + 1n, NO_REFERRER).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).not.toBeNull();
    const decoded = w.markets.interface.parseError(revertData(refused)!);
    expect(decoded?.name).toBe("PayoutBelowMinimum");

    const before = await usdtBalance(w, trader.address);
    const receipt = await send(w, trader, "buy", id, option, amount, ts.payout, NO_REFERRER);
    const bought = boughtEvent(w, receipt);
    expect({
      amount: bought.amount,
      stake: bought.stake,
      fee: bought.fee,
      optionStake: bought.optionStake,
      pool: bought.pool,
    }).toEqual({ amount: ts.charge, stake: ts.stake, fee: ts.fee, optionStake: ts.newOptionStake, pool: ts.newPool });
    expect(before - (await usdtBalance(w, trader.address))).toBe(ts.charge);

    const mine = staked.get(trader.address) ?? Array.from({ length: optionCount }, () => 0n);
    mine[option] = mine[option]! + ts.stake;
    staked.set(trader.address, mine);
  }

  // Confirm after expiration, let the challenge window pass, and claim: each winner is paid
  // payoffAtCurrentOdds(its stake, the winning option's stake, the net pool).
  const stakes = await optionStakes(w, id);
  const pool = sumOf(stakes);
  await increaseTime(2 * DAY + 1);
  await send(w, w.alice, "confirm", id, winner);
  await increaseTime(7 * DAY + 1);
  const claimants = [w.alice, ...w.traders].filter((who) => who === w.alice || (staked.get(who.address)?.[winner] ?? 0n) > 0n);
  for (const who of claimants) {
    const [position] = (await w.markets.getFunction("positionOf")(id, who.address, winner)) as [bigint, bigint];
    if (who !== w.alice) expect(position).toBe(staked.get(who.address)![winner]);
    const receipt = await send(w, who, "claim", id, who.address);
    const [claimed] = eventsOf(w, receipt, "Claimed");
    expect(claimed?.payout).toBe(payoffAtCurrentOdds(position, stakes[winner]!, pool));
  }
}

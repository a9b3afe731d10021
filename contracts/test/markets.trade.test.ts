import { ZeroAddress } from "ethers";
import { expectRevert } from "./helpers/assertions";
import { increaseTime, isolateEach, mineAt, setNextBlockTime } from "./helpers/chain";
import {
  buy,
  claimAll,
  deployMarketsWorld,
  eventsOf,
  issue,
  now,
  send,
  state,
  State,
  usdt,
  usdtBalance,
  DAY,
  type MarketsWorld,
} from "./markets.helpers";

let w: MarketsWorld;

beforeAll(async () => {
  w = await deployMarketsWorld();
});
isolateEach();

const fee = (amount: bigint): bigint => (amount * 200n) / 10_000n;

describe("Markets: buy", () => {
  test("records the stake net of the fee, per account and option, and emits the new totals", async () => {
    const id = await issue(w);
    expect(await w.markets.getFunction("hasBought")(w.bob.address)).toBe(false);
    const [stakeQ, feeQ, payoutQ] = (await w.markets.getFunction("quote")(id, 0, usdt(100))) as bigint[];
    expect(stakeQ).toBe(usdt(98));
    expect(feeQ).toBe(usdt(2));
    // Parimutuel: 98 × (100 + 98) / (50 + 98)
    expect(payoutQ).toBe((usdt(98) * usdt(198)) / usdt(148));
    const r = await buy(w, w.bob, id, 0, usdt(100));
    const [e] = eventsOf(w, r, "Bought");
    expect(e!.buyer).toBe(w.bob.address);
    expect(e!.option).toBe(0n);
    expect(e!.amount).toBe(usdt(100));
    expect(e!.stake).toBe(usdt(98));
    expect(e!.fee).toBe(usdt(2));
    expect(e!.optionStake).toBe(usdt(148));
    expect(e!.pool).toBe(usdt(198));
    expect(e!.referrer).toBe(ZeroAddress);
    expect(await w.markets.getFunction("hasBought")(w.bob.address)).toBe(true);
    const [s, f] = (await w.markets.getFunction("positionOf")(id, w.bob.address, 0)) as bigint[];
    expect([s, f]).toEqual([usdt(98), usdt(2)]);
    expect(await w.markets.getFunction("optionStake")(id, 0)).toBe(usdt(148));
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.pool).toBe(usdt(198));
    expect(m.feeTotal).toBe(usdt(2));
  });

  test("default leverage before any buy is the number of options", async () => {
    const id = await issue(w, { options: ["a", "b", "c"].map((x) => `0x${Buffer.from(x).toString("hex").padEnd(64, "0")}`) });
    const stakes = (await w.markets.getFunction("optionStakes")(id)) as bigint[];
    const pool = stakes.reduce((a, b) => a + b, 0n);
    expect(pool / stakes[0]!).toBe(3n);
  });

  test("rejects buys after the last trading time, on unknown options, below the minimum and by the issuer", async () => {
    const id = await issue(w);
    const m = w.markets.connect(w.bob).getFunction("buy");
    await expectRevert(m(id, 2, usdt(10), 0, ZeroAddress), w.markets, "InvalidOption", [id, 2n]);
    await expectRevert(m(id, 0, usdt(1) - 1n, 0, ZeroAddress), w.markets, "AmountBelowMinimum", [usdt(1) - 1n, usdt(1)]);
    await expectRevert(
      w.markets.connect(w.alice).getFunction("buy")(id, 0, usdt(10), 0, ZeroAddress),
      w.markets,
      "IssuerCannotBuy",
      [id],
    );
    const last = Number((await w.markets.getFunction("getMarket")(id)).lastTradingTime);
    await setNextBlockTime(last);
    await expectRevert(m(id, 0, usdt(10), 0, ZeroAddress), w.markets, "TradingClosed", [id, BigInt(last)]);
  });

  test("the minimum acceptable payout guards against a moved price", async () => {
    const id = await issue(w);
    const [, , payout] = (await w.markets.getFunction("quote")(id, 0, usdt(100))) as bigint[];
    await buy(w, w.carol, id, 0, usdt(100)); // moves the price first
    await expectRevert(
      w.markets.connect(w.bob).getFunction("buy")(id, 0, usdt(100), payout!, ZeroAddress),
      w.markets,
      "PayoutBelowMinimum",
    );
  });

  test("a referrer is bound once per account, never the buyer, and earns its share once final", async () => {
    const id = await issue(w);
    await expectRevert(
      w.markets.connect(w.bob).getFunction("buy")(id, 0, usdt(100), 0, w.bob.address),
      w.markets,
      "SelfReferral",
      [w.bob.address],
    );
    const r = await buy(w, w.bob, id, 0, usdt(100), w.carol.address);
    expect(eventsOf(w, r, "ReferrerBound")[0]).toEqual({ account: w.bob.address, referrer: w.carol.address });
    // A later, different referrer is ignored: the binding is permanent.
    const r2 = await buy(w, w.bob, id, 1, usdt(50), w.dave.address);
    expect(eventsOf(w, r2, "ReferrerBound")).toHaveLength(0);
    expect(eventsOf(w, r2, "Bought")[0]!.referrer).toBe(w.carol.address);
    expect(await w.markets.getFunction("referrerOf")(w.bob.address)).toBe(w.carol.address);
    const owed = fee(usdt(100)) / 10n + fee(usdt(50)) / 10n;
    expect(await w.markets.getFunction("referralOwed")(id, w.carol.address)).toBe(owed);
    await expectRevert(w.markets.connect(w.carol).getFunction("claimReferral")(id), w.markets, "NotFinal", [id]);
    await increaseTime(2 * DAY);
    await send(w, w.alice, "confirm", id, 0);
    await increaseTime(7 * DAY);
    await send(w, w.dave, "advance", id);
    const before = await usdtBalance(w, w.carol.address);
    await send(w, w.carol, "claimReferral", id);
    expect(await usdtBalance(w, w.carol.address)).toBe(before + owed);
    await expectRevert(w.markets.connect(w.carol).getFunction("claimReferral")(id), w.markets, "NothingToClaim", [
      id,
      w.carol.address,
    ]);
  });
});

describe("Markets: confirm and payouts", () => {
  test("confirmation windows: not before expiration, not after the deadline, only the issuer, a valid option", async () => {
    const id = await issue(w);
    await buy(w, w.bob, id, 0, usdt(60));
    const m = await w.markets.getFunction("getMarket")(id);
    const exp = Number(m.expirationTime);
    const c = w.markets.connect(w.alice).getFunction("confirm");
    await expectRevert(c(id, 0), w.markets, "NotExpired", [id, BigInt(exp)]);
    await mineAt(Number(m.lastTradingTime) + 1);
    expect(await state(w, id)).toBe(State.Closed);
    await mineAt(exp);
    expect(await state(w, id)).toBe(State.WaitingConfirmation);
    await expectRevert(w.markets.connect(w.bob).getFunction("confirm")(id, 0), w.markets, "NotIssuer", [id, w.bob.address]);
    await expectRevert(c(id, 2), w.markets, "InvalidOption", [id, 2n]);
    await setNextBlockTime(exp + 3 * DAY);
    await expectRevert(c(id, 0), w.markets, "ConfirmationDeadlinePassed", [id, BigInt(exp + 3 * DAY)]);
    expect(await state(w, id)).toBe(State.IssuerAbsent);
  });

  test("confirm opens the 7-day challenge window; then the market is final and winners are paid pro rata; payouts add up", async () => {
    const id = await issue(w, { margin: usdt(200) });
    const buyers = [w.bob, w.carol, w.dave, ...w.traders.slice(0, 3)];
    const amounts = [usdt(100), usdt(37), usdt(250), usdt(13), usdt(77), usdt(401)];
    const options = [0, 0, 1, 0, 1, 1];
    await buy(w, w.bob, id, 0, amounts[0]!, w.traders[5]!.address);
    for (let i = 1; i < buyers.length; i += 1) await buy(w, buyers[i]!, id, options[i]!, amounts[i]!);
    await increaseTime(2 * DAY);
    const r = await send(w, w.alice, "confirm", id, 0);
    const [conf] = eventsOf(w, r, "ResultConfirmed");
    expect(conf!.option).toBe(0n);
    expect(conf!.early).toBe(false);
    expect(conf!.snapshotBlock).toBe(BigInt(r.blockNumber - 1));
    expect(await state(w, id)).toBe(State.Confirmed);
    await expectRevert(w.markets.connect(w.alice).getFunction("confirm")(id, 1), w.markets, "MarketNotOpen", [id]);
    await expectRevert(w.markets.connect(w.bob).getFunction("claim")(id, w.bob.address), w.markets, "NotFinal", [id]);
    await expectRevert(w.markets.connect(w.bob).getFunction("advance")(id), w.markets, "NothingToAdvance", [id]);
    await increaseTime(7 * DAY);
    expect(await state(w, id)).toBe(State.Finished);

    const stakes = amounts.map((a) => a - fee(a));
    const seed = usdt(50);
    const winning = seed + stakes[0]! + stakes[1]! + stakes[3]!;
    const netPool = usdt(100) + stakes.reduce((a, b) => a + b, 0n);
    // The first claim finalizes.
    const got = await claimAll(w, w.bob, id);
    expect(got).toBe((stakes[0]! * netPool) / winning);
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.netPool).toBe(netPool);
    expect(m.winningStake).toBe(winning);
    let paid = got;
    for (let i = 1; i < buyers.length; i += 1) {
      const out = await claimAll(w, buyers[i]!, id);
      expect(out).toBe(options[i] === 0 ? (stakes[i]! * netPool) / winning : 0n);
      paid += out;
    }
    paid += await claimAll(w, w.alice, id); // the issuer's seed is a stake like any other
    await expectRevert(w.markets.connect(w.bob).getFunction("claim")(id, w.bob.address), w.markets, "NothingToClaim", [
      id,
      w.bob.address,
    ]);
    await expectRevert(w.markets.connect(w.bob).getFunction("claim")(id, w.traders[6]!.address), w.markets, "NothingToClaim", [
      id,
      w.traders[6]!.address,
    ]);
    // Fees: issuer 50%, referrer 10% of referred buys, platform the rest.
    const fees = amounts.reduce((a, b) => a + fee(b), 0n);
    const issuerFee = fees / 2n;
    const referral = fee(amounts[0]!) / 10n;
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(issuerFee + usdt(200));
    expect(await w.markets.getFunction("creditOf")(w.treasury.address)).toBe(fees - issuerFee - referral);
    await send(w, w.traders[5]!, "claimReferral", id);
    await send(w, w.alice, "withdraw", issuerFee + usdt(200));
    await send(w, w.treasury, "withdraw", fees - issuerFee - referral);
    // Everything went out except rounding dust: at most one wei per claim.
    const dust = await usdtBalance(w, w.marketsAddress);
    expect(netPool - paid).toBe(dust);
    expect(dust).toBeLessThanOrEqual(BigInt(buyers.length + 1));
  });

  test("early confirmation closes trading at once and refunds the stakes placed after the known time", async () => {
    const id = await issue(w);
    await buy(w, w.bob, id, 0, usdt(100));
    await buy(w, w.carol, id, 1, usdt(100));
    await increaseTime(600);
    const knownAt = await now();
    await increaseTime(600);
    // Late buys: after the outcome became known (dave's with a referrer, who must earn nothing from it).
    await buy(w, w.dave, id, 0, usdt(300), w.traders[4]!.address);
    await buy(w, w.carol, id, 0, usdt(50));
    const c = w.markets.connect(w.alice).getFunction("confirmEarly");
    await expectRevert(c(id, 0, (await now()) + 100), w.markets, "KnownTimeInFuture");
    await expectRevert(c(id, 0, 1000), w.markets, "KnownTimeOutOfRange");
    const r = await send(w, w.alice, "confirmEarly", id, 0, knownAt);
    expect(eventsOf(w, r, "ResultConfirmed")[0]!.early).toBe(true);
    expect(await state(w, id)).toBe(State.EarlyConfirmed);
    await expectRevert(w.markets.connect(w.bob).getFunction("buy")(id, 0, usdt(10), 0, ZeroAddress), w.markets, "MarketNotOpen", [
      id,
    ]);
    expect(await w.markets.getFunction("stakeAt")(id, w.dave.address, 0, knownAt)).toBe(0n);
    expect(await w.markets.getFunction("stakeAt")(id, w.bob.address, 0, knownAt)).toBe(usdt(98));
    await increaseTime(7 * DAY);
    const netPool = usdt(100) + usdt(98) * 2n;
    const winning = usdt(50) + usdt(98);
    expect(await claimAll(w, w.bob, id)).toBe((usdt(98) * netPool) / winning);
    // Dave bought only after the known time: his money comes back in full, fee included.
    expect(await claimAll(w, w.dave, id)).toBe(usdt(300));
    // Carol lost her early stake on option 1, and gets back her late one on option 0.
    expect(await claimAll(w, w.carol, id)).toBe(usdt(50));
    expect(await w.markets.getFunction("referralOwed")(id, w.traders[4]!.address)).toBe(0n);
    await expectRevert(w.markets.connect(w.traders[4]!).getFunction("claimReferral")(id), w.markets, "NothingToClaim", [
      id,
      w.traders[4]!.address,
    ]);
    // Only the fees of counted buys are shared: issuer 50%, platform the rest (no counted referral).
    const fees = fee(usdt(100)) * 2n;
    expect(eventsOf(w, await send(w, w.alice, "withdraw", fees / 2n + usdt(100)), "Withdrawn")).toHaveLength(1);
    await send(w, w.treasury, "withdraw", fees - fees / 2n);
    const paid = await claimAll(w, w.alice, id);
    expect(paid).toBe((usdt(50) * netPool) / winning);
    expect(await usdtBalance(w, w.marketsAddress)).toBeLessThanOrEqual(4n);
  });

  test("checkpoints split stakes at any moment across many intervals (archive and search)", async () => {
    const id = await issue(w);
    const times: number[] = [];
    const bobAmounts = [usdt(10), usdt(20), usdt(30), usdt(40)];
    for (let k = 0; k < 4; k += 1) {
      await increaseTime(600);
      await buy(w, w.bob, id, 0, bobAmounts[k]!);
      if (k === 0) await buy(w, w.carol, id, 1, usdt(100));
      if (k === 2) await buy(w, w.carol, id, 1, usdt(50));
      times.push(await now());
    }
    const net = (a: bigint): bigint => a - fee(a);
    const at = async (t: number): Promise<bigint> => (await w.markets.getFunction("stakeAt")(id, w.bob.address, 0, t)) as bigint;
    expect(await at(times[0]!)).toBe(0n);
    expect(await at(times[1]!)).toBe(net(usdt(10)));
    expect(await at(times[2]!)).toBe(net(usdt(10)) + net(usdt(20)));
    expect(await at(times[3]!)).toBe(net(usdt(10)) + net(usdt(20)) + net(usdt(30)));
    expect(await at(times[3]! + 600)).toBe(net(usdt(100)));
    // The outcome became known in the third interval: bob's last two buys and carol's second come back.
    await send(w, w.alice, "confirmEarly", id, 0, times[2]!);
    await increaseTime(7 * DAY);
    await send(w, w.dave, "advance", id);
    const counted = net(usdt(10)) + net(usdt(20));
    const netPool = usdt(100) + counted + net(usdt(100));
    const winning = usdt(50) + counted;
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.netPool).toBe(netPool);
    expect(m.winningStake).toBe(winning);
    expect(await claimAll(w, w.bob, id)).toBe((counted * netPool) / winning + usdt(70));
    expect(await claimAll(w, w.carol, id)).toBe(usdt(50));
  });

  test("buys are charged in whole fee units; the remainder stays with the buyer", async () => {
    const id = await issue(w);
    const before = await usdtBalance(w, w.bob.address);
    const r = await buy(w, w.bob, id, 0, usdt(10) + 49n);
    const [e] = eventsOf(w, r, "Bought");
    expect(e!.amount).toBe(usdt(10));
    expect(e!.fee).toBe(usdt("0.2"));
    expect(await usdtBalance(w, w.bob.address)).toBe(before - usdt(10));
  });

  test("early confirmation is refused once the market has expired", async () => {
    const id = await issue(w);
    await buy(w, w.bob, id, 0, usdt(100));
    await increaseTime(2 * DAY);
    await expectRevert(
      w.markets.connect(w.alice).getFunction("confirmEarly")(id, 0, await now()),
      w.markets,
      "EarlyConfirmationTooLate",
    );
  });
});

describe("Markets: minimum premium", () => {
  test("buyers' total below the minimum premium at the last trading time: void, everyone refunded in full", async () => {
    const id = await issue(w);
    await buy(w, w.bob, id, 0, usdt(30));
    await buy(w, w.carol, id, 1, usdt(19), w.dave.address);
    await increaseTime(DAY);
    expect(await state(w, id)).toBe(State.Void);
    await increaseTime(DAY);
    await expectRevert(w.markets.connect(w.alice).getFunction("confirm")(id, 0), w.markets, "PremiumNotReached");
    // The first claim records the void.
    expect(await claimAll(w, w.bob, id)).toBe(usdt(30));
    expect(await claimAll(w, w.carol, id)).toBe(usdt(19));
    expect(await claimAll(w, w.alice, id)).toBe(usdt(100));
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(usdt(100));
    await expectRevert(w.markets.connect(w.dave).getFunction("claimReferral")(id), w.markets, "NotFinal", [id]);
    await send(w, w.alice, "withdraw", usdt(100));
    expect(await usdtBalance(w, w.marketsAddress)).toBe(0n);
  });

  test("an early confirmation whose cutoff leaves less than the premium is void when final", async () => {
    const id = await issue(w);
    const knownAt = await now();
    await increaseTime(600);
    await buy(w, w.bob, id, 0, usdt(100));
    await send(w, w.alice, "confirmEarly", id, 0, knownAt);
    await increaseTime(7 * DAY);
    expect(await state(w, id)).toBe(State.Void);
    const r = await send(w, w.bob, "advance", id);
    expect(eventsOf(w, r, "MarketVoided")[0]!.buyersStake).toBe(0n);
    expect(await claimAll(w, w.bob, id)).toBe(usdt(100));
  });
});

describe("Markets: gas", () => {
  test("issue, buy, confirm and claim stay cheap", async () => {
    const gas: Record<string, bigint> = {};
    const t = await now();
    const p = [
      w.licenseId,
      `0x${"11".repeat(32)}`,
      [`0x${"aa".repeat(32)}`, `0x${"bb".repeat(32)}`],
      t + DAY,
      t + 2 * DAY,
      usdt(100),
      usdt(100),
      false,
    ];
    const id = (await w.markets.connect(w.alice).getFunction("issue").staticCall(p)) as bigint;
    gas.issue = (await send(w, w.alice, "issue", p)).gasUsed;
    // The first buy on an option in a checkpoint interval archives the option's previous checkpoint.
    gas.buyFirstInInterval = (await buy(w, w.bob, id, 0, usdt(100))).gasUsed;
    await buy(w, w.carol, id, 1, usdt(100));
    // An account's first buy ever, in an interval that already has a checkpoint: the common case.
    gas.buyNewAccount = (await buy(w, w.dave, id, 0, usdt(100))).gasUsed;
    gas.buyRepeat = (await buy(w, w.bob, id, 0, usdt(100))).gasUsed;
    await increaseTime(3600);
    // The same account in a later interval: the head slot keeps the previous checkpoint, no archive.
    gas.buyLaterInterval = (await buy(w, w.bob, id, 0, usdt(100))).gasUsed;
    await increaseTime(2 * DAY);
    gas.confirm = (await send(w, w.alice, "confirm", id, 0)).gasUsed;
    await increaseTime(7 * DAY);
    gas.claimFinalizing = (await send(w, w.carol, "claim", id, w.carol.address)).gasUsed;
    gas.claimWinner = (await send(w, w.bob, "claim", id, w.bob.address)).gasUsed;
    console.log(`markets gas: ${JSON.stringify(Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, Number(v)])))}`);
    expect(gas.buyNewAccount).toBeLessThan(112_000n);
    expect(gas.buyRepeat).toBeLessThan(75_000n);
    expect(gas.buyLaterInterval).toBeLessThan(80_000n);
    expect(gas.claimWinner).toBeLessThan(55_000n);
  });
});

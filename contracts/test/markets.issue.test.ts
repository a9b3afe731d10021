import { id as hashText, ZeroHash } from "ethers";
import { expectRevert } from "./helpers/assertions";
import { increaseTime, isolateEach } from "./helpers/chain";
import { DEFAULT_MARKETS_PARAMS } from "../scripts/deployMarkets";
import {
  buy,
  buyLicense,
  deployMarketsWorld,
  eventsOf,
  issue,
  issueParams,
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

const info = async (tokenId: bigint): Promise<{ availableTimes: bigint }> =>
  (await w.license.getFunction("info")(tokenId)) as { availableTimes: bigint };

describe("Markets: parameters", () => {
  test("every deployment parameter is readable and matches the defaults", async () => {
    const p = await w.markets.getFunction("params")();
    expect(p.feeBps).toBe(200n);
    expect(p.issuerShareBps).toBe(5000n);
    expect(p.platformShareBps).toBe(4000n);
    expect(p.referrerShareBps).toBe(1000n);
    expect(p.capacityMultiple).toBe(20n);
    expect(p.challengeStake).toBe(DEFAULT_MARKETS_PARAMS.challengeStake);
    expect(p.votingPeriod).toBe(BigInt(3 * DAY));
    expect(p.quorumBps).toBe(400n);
    expect(p.responsePeriod).toBe(BigInt(3 * DAY));
    expect(p.confirmationPeriod).toBe(BigInt(3 * DAY));
    expect(p.challengeWindow).toBe(BigInt(7 * DAY));
    expect(p.minLiquidity).toBe(usdt(100));
    expect(p.minMargin).toBe(usdt(100));
    expect(p.minPremium).toBe(usdt(50));
    expect(p.minInvest).toBe(usdt(1));
    expect(p.marginFeeBps).toBe(5000n);
    const d = await w.markets.getFunction("deps")();
    expect(d.payToken).toBe(await w.usdt.getAddress());
    expect(d.prds).toBe(await w.prds.getAddress());
    expect(d.license).toBe(await w.license.getAddress());
    expect(d.treasury).toBe(w.deployer.address);
  });

  test("the dispute module refuses direct calls", async () => {
    const module = (await w.markets.getFunction("disputesModule")()) as string;
    const direct = w.markets.attach(module) as typeof w.markets;
    await expectRevert(direct.connect(w.bob).getFunction("advance")(1), w.markets, "DelegateCallOnly");
  });
});

describe("Markets: issue", () => {
  test("issues a market, consumes a License use, seeds liquidity evenly and emits everything", async () => {
    const before = await usdtBalance(w, w.alice.address);
    const p = await issueParams(w, { liquidity: usdt(101) });
    const r = await send(w, w.alice, "issue", p);
    const [e] = eventsOf(w, r, "MarketIssued");
    expect(e).toBeDefined();
    expect(e!.id).toBe(1n);
    expect(e!.issuer).toBe(w.alice.address);
    expect(e!.licenseId).toBe(w.licenseId);
    const liquidity = usdt(101) - (usdt(101) % 2n);
    expect(e!.liquidity).toBe(liquidity);
    expect(e!.capacity).toBe(usdt(2000));
    expect(e!.rentalEnd).toBe(0n);
    expect(await w.markets.getFunction("optionStakes")(1)).toEqual([usdt(101) / 2n, usdt(101) / 2n]);
    expect(await usdtBalance(w, w.alice.address)).toBe(before - liquidity - usdt(100));
    expect((await info(w.licenseId)).availableTimes).toBe(9n);
    expect(await state(w, 1n)).toBe(State.Open);
    const m = await w.markets.getFunction("getMarket")(1);
    expect(m.issuer).toBe(w.alice.address);
    expect(m.margin).toBe(usdt(100));
    expect(m.optionCount).toBe(2n);
    expect(await w.markets.getFunction("marketCount")()).toBe(1n);
    expect(await w.markets.getFunction("remainingCapacity")(1)).toBe(usdt(2000) - liquidity);
  });

  test("rejects fewer than two or too many options", async () => {
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { options: [hashText("a")] })),
      w.markets,
      "InvalidOptionCount",
      [1n, 32n],
    );
    const many = Array.from({ length: 33 }, (_, i) => hashText(`o${i}`));
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { options: many })),
      w.markets,
      "InvalidOptionCount",
      [33n, 32n],
    );
  });

  test("rejects empty and duplicate options", async () => {
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { options: [hashText("a"), ZeroHash] })),
      w.markets,
      "EmptyOption",
      [1n],
    );
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(
        await issueParams(w, { options: [hashText("a"), hashText("b"), hashText("a")] }),
      ),
      w.markets,
      "DuplicateOption",
      [2n],
    );
  });

  test("rejects a last trading time not in the future or after expiration", async () => {
    const t = await now();
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { lastTradingTime: t - 10 })),
      w.markets,
      "LastTradingTimeNotInFuture",
    );
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(
        await issueParams(w, { lastTradingTime: t + DAY, expirationTime: t + DAY - 1 }),
      ),
      w.markets,
      "ExpirationBeforeLastTrading",
    );
    // Equal times are allowed.
    await issue(w, { lastTradingTime: t + DAY, expirationTime: t + DAY });
  });

  test("rejects liquidity and margin below their minimums", async () => {
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { liquidity: usdt(99) })),
      w.markets,
      "LiquidityTooLow",
      [usdt(99), usdt(100)],
    );
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { margin: usdt(99) })),
      w.markets,
      "MarginTooLow",
      [usdt(99), usdt(100)],
    );
  });

  test("only the License's user may issue, and its uses run out", async () => {
    await expectRevert(w.markets.connect(w.bob).getFunction("issue")(await issueParams(w)), w.license, "NotLicenseUser");
    for (let i = 0; i < 10; i += 1) await issue(w);
    await expectRevert(w.markets.connect(w.alice).getFunction("issue")(await issueParams(w)), w.license, "NoIssuesLeft");
  });

  test("liquidity above the capacity of the bond is refused", async () => {
    await expectRevert(
      w.markets.connect(w.alice).getFunction("issue")(await issueParams(w, { liquidity: usdt(2002) })),
      w.markets,
      "CapacityExceeded",
    );
  });

  test("the owner may stake the License itself as the bond; it is locked until final, counted at its type price", async () => {
    await (await w.license.connect(w.alice).getFunction("approve")(w.marketsAddress, w.licenseId)).wait();
    const id = await issue(w, { margin: 0n, stakeLicense: true });
    expect(await w.license.getFunction("ownerOf")(w.licenseId)).toBe(w.marketsAddress);
    const m = await w.markets.getFunction("getMarket")(id);
    expect(m.licenseStaked).toBe(true);
    expect(m.licenseValue).toBe(usdt(100));
    expect(m.capacity).toBe(usdt(2000));
    // Buy to the premium, confirm, wait out the window: the License comes back.
    await buy(w, w.bob, id, 0, usdt(60));
    await increaseTime(2 * DAY);
    await send(w, w.alice, "confirm", id, 0);
    await increaseTime(7 * DAY);
    await send(w, w.bob, "advance", id);
    expect(await state(w, id)).toBe(State.Finished);
    expect(await w.license.getFunction("ownerOf")(w.licenseId)).toBe(w.alice.address);
  });

  test("a renter issues within the rental, cannot stake the License, and keeps the market after the rental ends", async () => {
    const marketplace = w.marketplace;
    const mpAddress = await marketplace.getAddress();
    await (await w.license.connect(w.alice).getFunction("approve")(mpAddress, w.licenseId)).wait();
    await (await marketplace.connect(w.alice).getFunction("listForRent")(w.licenseId, usdt(1), 10, 3)).wait();
    await (await w.usdt.connect(w.carol).getFunction("approve")(mpAddress, usdt(100))).wait();
    await (await marketplace.connect(w.carol).getFunction("rent")(w.licenseId, 5, usdt(1))).wait();

    await expectRevert(
      w.markets.connect(w.carol).getFunction("issue")(await issueParams(w, { stakeLicense: true, margin: 0n })),
      w.markets,
      "RenterCannotStakeLicense",
      [w.licenseId],
    );
    await expectRevert(
      w.markets.connect(w.carol).getFunction("issue")(
        await issueParams(w, { lastTradingTime: (await now()) + DAY, expirationTime: (await now()) + 6 * DAY }),
      ),
      w.license,
      "ExpirationAfterRentalEnd",
    );
    const t = await now();
    const id = await issue(w, { lastTradingTime: t + DAY, expirationTime: t + 4 * DAY }, w.carol);
    const [issued] = eventsOf(
      w,
      await send(w, w.carol, "issue", await issueParams(w, { lastTradingTime: t + DAY, expirationTime: t + 4 * DAY })),
      "MarketIssued",
    );
    expect(issued!.rentalEnd).toBeGreaterThan(0n);
    await buy(w, w.bob, id, 0, usdt(100));
    await buy(w, w.dave, id, 1, usdt(100));
    // The rental ends; the market stays bound to the renter (duties and profit).
    await increaseTime(6 * DAY);
    expect(await w.license.getFunction("userOf")(w.licenseId)).toBe("0x0000000000000000000000000000000000000000");
    await send(w, w.carol, "confirm", id, 0);
    await expectRevert(w.markets.connect(w.alice).getFunction("confirm")(id, 0), w.markets, "NotIssuer", [id, w.alice.address]);
    await increaseTime(7 * DAY);
    await send(w, w.bob, "advance", id);
    const credit = (await w.markets.getFunction("creditOf")(w.carol.address)) as bigint;
    // Issuer fee share (50% of 2% of 200) plus the released margin.
    expect(credit).toBe(usdt(2) + usdt(100));
  });
});

describe("Markets: margin and capacity", () => {
  test("buys are refused beyond capacity; adding margin raises it", async () => {
    const id = await issue(w);
    // Capacity 2000 = 20 × 100; pool 100 after seeding.
    await buy(w, w.bob, id, 0, usdt(1000));
    await expectRevert(
      w.markets.connect(w.carol).getFunction("buy")(id, 1, usdt(1000), 0, "0x0000000000000000000000000000000000000000"),
      w.markets,
      "CapacityExceeded",
    );
    await expectRevert(w.markets.connect(w.bob).getFunction("addMargin")(id, usdt(50)), w.markets, "NotIssuer", [
      id,
      w.bob.address,
    ]);
    await expectRevert(w.markets.connect(w.alice).getFunction("addMargin")(id, 0), w.markets, "ZeroAmount");
    const r = await send(w, w.alice, "addMargin", id, usdt(50));
    const [e] = eventsOf(w, r, "MarginAdded");
    expect(e!.margin).toBe(usdt(150));
    expect(e!.capacity).toBe(usdt(3000));
    await buy(w, w.carol, id, 1, usdt(1000));
    expect(await w.markets.getFunction("remainingCapacity")(id)).toBe(usdt(3000) - usdt(100) - usdt(980) * 2n);
  });

  test("margin cannot be added once the market is settled; released margin is withdrawn from the free balance", async () => {
    const id = await issue(w);
    await send(w, w.alice, "cancel", id);
    await expectRevert(w.markets.connect(w.alice).getFunction("addMargin")(id, usdt(1)), w.markets, "MarketSettled", [id]);
    const id2 = await issue(w);
    await increaseTime(DAY + 1);
    await send(w, w.bob, "advance", id2); // no buys: void by the minimum premium
    expect(await state(w, id2)).toBe(State.Void);
    expect(await w.markets.getFunction("creditOf")(w.alice.address)).toBe(usdt(100));
    await expectRevert(w.markets.connect(w.alice).getFunction("withdraw")(usdt(101)), w.markets, "InsufficientCredit", [
      usdt(101),
      usdt(100),
    ]);
    await expectRevert(w.markets.connect(w.alice).getFunction("withdraw")(0), w.markets, "ZeroAmount");
    const before = await usdtBalance(w, w.alice.address);
    await send(w, w.alice, "withdraw", usdt(100));
    expect(await usdtBalance(w, w.alice.address)).toBe(before + usdt(100));
  });
});

describe("Markets: cancel", () => {
  test("the issuer cancels a market with no buys: irreversible, refunded, License use recycled", async () => {
    const id = await issue(w);
    expect((await info(w.licenseId)).availableTimes).toBe(9n);
    const before = await usdtBalance(w, w.alice.address);
    await expectRevert(w.markets.connect(w.bob).getFunction("cancel")(id), w.markets, "NotIssuer", [id, w.bob.address]);
    const r = await send(w, w.alice, "cancel", id);
    expect(eventsOf(w, r, "MarketCancelled")[0]!.refund).toBe(usdt(200));
    expect(await usdtBalance(w, w.alice.address)).toBe(before + usdt(200));
    expect((await info(w.licenseId)).availableTimes).toBe(10n);
    expect(await state(w, id)).toBe(State.Cancelled);
    await expectRevert(w.markets.connect(w.alice).getFunction("cancel")(id), w.markets, "MarketNotOpen", [id]);
    await expectRevert(
      w.markets.connect(w.bob).getFunction("buy")(id, 0, usdt(10), 0, "0x0000000000000000000000000000000000000000"),
      w.markets,
      "MarketNotOpen",
      [id],
    );
    await expectRevert(w.markets.connect(w.alice).getFunction("claim")(id, w.alice.address), w.markets, "NotFinal", [id]);
  });

  test("a staked License comes back on cancel", async () => {
    await (await w.license.connect(w.alice).getFunction("approve")(w.marketsAddress, w.licenseId)).wait();
    const id = await issue(w, { margin: 0n, stakeLicense: true });
    await send(w, w.alice, "cancel", id);
    expect(await w.license.getFunction("ownerOf")(w.licenseId)).toBe(w.alice.address);
    expect((await info(w.licenseId)).availableTimes).toBe(10n);
  });

  test("a market with buys cannot be cancelled", async () => {
    const id = await issue(w);
    await buy(w, w.bob, id, 0, usdt(1));
    await expectRevert(w.markets.connect(w.alice).getFunction("cancel")(id), w.markets, "MarketHasBuys", [id]);
  });

  test("unknown markets are named in the error", async () => {
    await expectRevert(w.markets.connect(w.alice).getFunction("cancel")(99), w.markets, "MarketNotFound", [99n]);
    await expectRevert(
      w.markets.connect(w.bob).getFunction("buy")(99, 0, usdt(1), 0, "0x0000000000000000000000000000000000000000"),
      w.markets,
      "MarketNotFound",
      [99n],
    );
    expect(await state(w, 99n)).toBe(State.None);
  });

  test("a second License type can be bought and used by another issuer", async () => {
    const other = await buyLicense(w.license, w.bob, 1);
    const id = await issue(w, { licenseId: other }, w.bob);
    expect((await w.markets.getFunction("getMarket")(id)).issuer).toBe(w.bob.address);
  });
});

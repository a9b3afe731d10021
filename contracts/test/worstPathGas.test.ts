// The worst-path table (src/worstPathGas.ts) against the contracts: each call is estimated as a page
// does, held in the mempool while the clock passes a checkpoint boundary (or another account's call
// is mined first), then mined; what it used beyond its estimate must fit the table, and the gas limit
// the transaction helper sends (estimate × 1.2 + the table's extra) must carry it through.
import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { MaxUint256, ZeroAddress, id as hashText, type Contract, type TransactionRequest } from "ethers";
import { ARCHIVE_GAS, CHALLENGE_STARTS_VOTE_GAS, REFILL_GAS, worstPathExtraGas } from "../src/worstPathGas";
import { isolateEach, mineAt, now } from "./helpers/chain";
import { buy, buyLicense, deployMarketsWorld, givePrds, issue, send, usdt, DAY, type MarketsWorld } from "./markets.helpers";

let w: MarketsWorld;
let interval: number;

beforeAll(async () => {
  w = await deployMarketsWorld();
  interval = Number(((await w.markets.getFunction("params")()) as { checkpointInterval: bigint }).checkpointInterval);
});
isolateEach();

/** The limit the transaction helper sends (shared/src/wallet/runtime/transaction.ts). */
const helperLimit = (estimate: bigint, fn: string) => (estimate * 12n) / 10n + worstPathExtraGas("markets", fn);

/** Mines the next block 10 s into the bucket after the current one. */
async function toNextBucket(): Promise<void> {
  const t = await now();
  await mineAt((Math.floor(t / interval) + 1) * interval + 10);
}

/** Starts at 10 s into a fresh bucket, so the estimate and the other buys below share it. */
async function startOfBucket(): Promise<void> {
  await toNextBucket();
}

interface Measured {
  estimate: bigint;
  used: bigint;
  status: number;
}

/**
 * Estimates `fn` from `who` now, then holds it in the mempool (automine off) with `limit(estimate)`
 * while `between` runs (other calls, mined first) and the next block is placed at `minedAt`.
 */
async function estimateThenMine(
  who: HardhatEthersSigner,
  fn: string,
  args: unknown[],
  limit: (estimate: bigint) => bigint,
  opts: { between?: () => Promise<void>; crossBucket?: boolean; on?: Contract } = {},
): Promise<Measured> {
  const contract = (opts.on ?? w.markets).connect(who) as Contract;
  const request: TransactionRequest = await contract.getFunction(fn).populateTransaction(...args);
  const estimate = await who.estimateGas(request);
  if (opts.between) await opts.between();
  const provider = hre.network.provider;
  await provider.send("evm_setAutomine", [false]);
  try {
    const sent = await who.sendTransaction({ ...request, gasLimit: limit(estimate) });
    if (opts.crossBucket) {
      const t = await now();
      await provider.send("evm_setNextBlockTimestamp", [(Math.floor(t / interval) + 1) * interval + 10]);
    }
    await provider.send("evm_mine", []);
    const receipt = await hre.ethers.provider.getTransactionReceipt(sent.hash);
    if (!receipt) throw new Error(`${fn} was not mined`);
    return { estimate, used: receipt.gasUsed, status: receipt.status ?? 0 };
  } finally {
    await provider.send("evm_setAutomine", [true]);
  }
}

const buyArgs = (id: bigint, referrer: string) => [id, 0, usdt(10), 0, referrer];

describe("buy mined in the bucket after its estimate", () => {
  // Every history the buy touches gets its head and previous checkpoint in two earlier buckets, then
  // another buy lands in bucket k: estimated there, the buy only updates heads; mined in k + 1, it
  // archives each history's previous checkpoint.
  async function scenario(opts: { referrer: boolean; first: boolean }) {
    const id = await issue(w);
    const [buyer, other, referrer] = w.traders as [HardhatEthersSigner, HardhatEthersSigner, HardhatEthersSigner];
    const ref = opts.referrer ? referrer.address : ZeroAddress;
    for (let round = 0; round < 2; round++) {
      await startOfBucket();
      await buy(w, other, id, 0, usdt(10), ref);
      if (!opts.first) await buy(w, buyer, id, 0, usdt(10), ref);
    }
    await startOfBucket();
    await buy(w, other, id, 0, usdt(10), ref);
    if (!opts.first) await buy(w, buyer, id, 0, usdt(10), ref);
    // The page of a bound buyer sends no referrer again (referrerFromSearch): the contract uses the bound one.
    const args = buyArgs(id, opts.first ? ref : ZeroAddress);
    const histories = (opts.referrer ? 4 : 2) - (opts.first ? 1 : 0);
    return { id, buyer, args, histories };
  }

  test.each([
    { referrer: false, first: true },
    { referrer: false, first: false },
    { referrer: true, first: true },
    { referrer: true, first: false },
  ])("referrer $referrer, first buy $first: the helper's limit carries it; the extra fits the table", async (opts) => {
    const { buyer, args, histories } = await scenario(opts);
    const mined = await estimateThenMine(buyer, "buy", args, (e) => helperLimit(e, "buy"), { crossBucket: true });
    expect(mined.status).toBe(1);
    const extra = mined.used - mined.estimate;
    // One archive per history that had a previous checkpoint to move, each within ARCHIVE_GAS.
    expect(extra).toBeGreaterThan(BigInt(histories - 1) * BigInt(ARCHIVE_GAS));
    expect(extra).toBeLessThanOrEqual(BigInt(histories) * BigInt(ARCHIVE_GAS));
    expect(extra).toBeLessThanOrEqual(worstPathExtraGas("markets", "buy"));
  });

  test("the former limit (estimate × 1.2) runs out of gas on the same path: the test reproduces the failure", async () => {
    const { buyer, args } = await scenario({ referrer: true, first: false });
    const mined = await estimateThenMine(buyer, "buy", args, (e) => (e * 12n) / 10n, { crossBucket: true });
    expect(mined.status).toBe(0);
    expect(mined.used).toBe((mined.estimate * 12n) / 10n);
  });

  test("in the same bucket the buy uses no more than its estimate", async () => {
    const { buyer, args } = await scenario({ referrer: true, first: false });
    const mined = await estimateThenMine(buyer, "buy", args, (e) => e);
    expect(mined.status).toBe(1);
    expect(mined.used).toBeLessThanOrEqual(mined.estimate);
  });
});

describe("challenge mined after another participant's", () => {
  test("estimated as the first challenge, mined as the second (the vote starts): within the table", async () => {
    const t = await now();
    const times = { lastTradingTime: t + DAY, expirationTime: t + 2 * DAY };
    const id = await issue(w, times);
    const license = await buyLicense(w.license, w.alice);
    const earlier = await issue(w, { ...times, licenseId: license });
    const [a, b, c] = w.traders as [HardhatEthersSigner, HardhatEthersSigner, HardhatEthersSigner];
    for (const who of [a, b]) await buy(w, who, id, 0, usdt(500));
    await buy(w, c, earlier, 0, usdt(500));
    const stake = ((await w.markets.getFunction("params")()) as { challengeStake: bigint }).challengeStake;
    for (const who of [a, b, c]) await givePrds(w, who, stake);
    await mineAt(t + 2 * DAY + 10);
    await send(w, w.alice, "confirm", id, 0);
    await send(w, w.alice, "confirm", earlier, 0);
    // A challenge elsewhere first, so the contract already holds PRDS: the comparison is the vote's start alone.
    await send(w, c, "challenge", earlier, 1, 0, hashText("elsewhere"));
    const evidence = hashText("evidence");
    const mined = await estimateThenMine(a, "challenge", [id, 1, 0, evidence], (e) => helperLimit(e, "challenge"), {
      between: async () => {
        await send(w, b, "challenge", id, 1, 0, evidence);
      },
    });
    expect(mined.status).toBe(1);
    expect(mined.used - mined.estimate).toBeLessThanOrEqual(BigInt(CHALLENGE_STARTS_VOTE_GAS));
    expect(await w.markets.getFunction("marketState")(id)).toBe(9n); // Voting
  });
});

describe("calls that pay into a balance its owner can empty meanwhile", () => {
  test("License rent: the owner spends all its USDT between the estimate and the mining", async () => {
    const { alice: owner, bob: renter, carol } = w;
    const marketplace = w.marketplace;
    const price = usdt(10);
    await (await w.license.connect(owner).getFunction("setApprovalForAll")(await marketplace.getAddress(), true)).wait();
    await (await marketplace.connect(owner).getFunction("listForRent")(w.licenseId, price, 30, 5)).wait();
    await (await w.usdt.connect(renter).getFunction("approve")(await marketplace.getAddress(), MaxUint256)).wait();
    const mined = await estimateThenMine(
      renter,
      "rent",
      [w.licenseId, 1, price],
      (e) => (e * 12n) / 10n + worstPathExtraGas("licenseMarketplace", "rent"),
      {
        on: marketplace,
        between: async () => {
          const all = (await w.usdt.getFunction("balanceOf")(owner.address)) as bigint;
          await (await w.usdt.connect(owner).getFunction("transfer")(carol.address, all)).wait();
        },
      },
    );
    expect(mined.status).toBe(1);
    const extra = mined.used - mined.estimate;
    expect(extra).toBeGreaterThan(0n);
    expect(extra).toBeLessThanOrEqual(BigInt(REFILL_GAS));
    expect(extra).toBeLessThanOrEqual(worstPathExtraGas("licenseMarketplace", "rent"));
  });

  test("License primary sale: the treasury moves all its USDT out between the estimate and the mining", async () => {
    const treasury = (await w.license.getFunction("treasury")()) as string;
    const signer = w.signers.find((s) => s.address === treasury);
    if (!signer) throw new Error("the License treasury is not a test account");
    // The treasury holds USDT from earlier sales (the fixture's License).
    expect((await w.usdt.getFunction("balanceOf")(treasury)) as bigint).toBeGreaterThan(0n);
    const mined = await estimateThenMine(w.bob, "buy", [0], (e) => (e * 12n) / 10n + worstPathExtraGas("license", "buy"), {
      on: w.license,
      between: async () => {
        const all = (await w.usdt.getFunction("balanceOf")(treasury)) as bigint;
        await (await w.usdt.connect(signer).getFunction("transfer")(w.carol.address, all)).wait();
      },
    });
    expect(mined.status).toBe(1);
    const extra = mined.used - mined.estimate;
    expect(extra).toBeGreaterThan(0n);
    expect(extra).toBeLessThanOrEqual(worstPathExtraGas("license", "buy"));
  });
});

describe("claim that finalizes a market", () => {
  test("the issuer and the treasury withdraw their whole credit between the estimate and the mining", async () => {
    const t = await now();
    const times = { lastTradingTime: t + DAY, expirationTime: t + 2 * DAY };
    const first = await issue(w, times);
    const second = await issue(w, { ...times, licenseId: await buyLicense(w.license, w.alice) });
    const [a, b] = w.traders as [HardhatEthersSigner, HardhatEthersSigner];
    for (const id of [first, second]) {
      await buy(w, a, id, 0, usdt(500));
      await buy(w, b, id, 1, usdt(500));
    }
    await mineAt(t + 2 * DAY + 10);
    for (const id of [first, second]) await send(w, w.alice, "confirm", id, 0);
    const { challengeWindow } = (await w.markets.getFunction("params")()) as { challengeWindow: bigint };
    await mineAt(t + 2 * DAY + 20 + Number(challengeWindow));
    // The first market's finalization credits the issuer and the treasury: both hold credit now.
    await send(w, a, "claim", first, a.address);
    const credit = async (who: string) => (await w.markets.getFunction("creditOf")(who)) as bigint;
    expect(await credit(w.alice.address)).toBeGreaterThan(0n);
    expect(await credit(w.treasury.address)).toBeGreaterThan(0n);

    const mined = await estimateThenMine(a, "claim", [second, a.address], (e) => helperLimit(e, "claim"), {
      between: async () => {
        for (const who of [w.alice, w.treasury]) await send(w, who, "withdraw", await credit(who.address));
      },
    });
    expect(mined.status).toBe(1);
    const extra = mined.used - mined.estimate;
    expect(extra).toBeGreaterThan(BigInt(REFILL_GAS)); // both credits set anew
    expect(extra).toBeLessThanOrEqual(worstPathExtraGas("markets", "claim"));
  });
});

// Load repeat of issue 25: many buys from 15 accounts, each with a referrer bound, sent the way the
// page's transaction helper sends them (eth_estimateGas on the pending state, then gasLimit = estimate
// × 1.2 + the call's worst-path extra from src/worstPathGas.ts, as shared's gasLimitFor), while blocks
// are mined on a timer and the clock moves 30 s per block, so a 5-min checkpoint boundary passes every
// 10 blocks and many buys are mined in the bucket after their estimate. Prints how many were mined
// with status 0 (the failure: out of gas). In-process Hardhat: nothing leaves the machine.
//
// Run from contracts/: `node bench/buy-load.cjs` (package script `bench:buy-load`).
// BENCH_LOAD_BUYS (default 1500) bounds the count, BENCH_LOAD_SECONDS (default 300) the time;
// BENCH_LOAD_FORMER_LIMIT=1 sends with the former limit (estimate × 1.2) to show the failure.
"use strict";
const path = require("node:path");

process.chdir(path.resolve(__dirname, ".."));
require("../scripts/swc-register.cjs");
const hre = require("hardhat");
const { id, parseUnits, ZeroAddress } = require("ethers");
const { deployProtocol } = require("../scripts/deploy.ts");
const { worstPathExtraGas } = require("../src/worstPathGas.ts");

const BUYS = Number(process.env.BENCH_LOAD_BUYS ?? 1500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const FORMER = process.env.BENCH_LOAD_FORMER_LIMIT === "1";
const ACCOUNTS = 15;
const BLOCK_MS = 40;
const BLOCK_SECONDS = 30;
const units = (n) => parseUnits(String(n), 18);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const limitFor = (estimate) => (estimate * 12n) / 10n + (FORMER ? 0n : worstPathExtraGas("markets", "buy"));

async function main() {
  if (!(BUYS > 0 && BUYS <= 10_000) || !(SECONDS > 0 && SECONDS <= 1800)) {
    throw new Error("BENCH_LOAD_BUYS must be 1–10000 and BENCH_LOAD_SECONDS 1–1800");
  }
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  await hre.run("compile", { quiet: true });
  const signers = await hre.ethers.getSigners();
  const [deployer, issuer] = signers;
  const buyers = signers.slice(2, 2 + ACCOUNTS);
  if (buyers.length < ACCOUNTS) throw new Error(`the in-process chain has ${signers.length} accounts, needs ${ACCOUNTS + 2}`);
  const { usdt, license, markets } = await deployProtocol(deployer);
  const marketsAddress = await markets.getAddress();
  const call = (c, signer, fn, ...args) => c.connect(signer).getFunction(fn)(...args);

  for (const s of [issuer, ...buyers]) {
    await (await call(usdt, s, "mint", s.address, units(1_000_000))).wait();
    await (await call(usdt, s, "approve", marketsAddress, units(1_000_000))).wait();
  }
  await (await call(usdt, issuer, "approve", await license.getAddress(), units(1_000_000))).wait();
  await (await call(license, issuer, "buy", 0)).wait();
  const licenseId = await license.getFunction("totalMinted")();
  const now = (await hre.ethers.provider.getBlock("latest")).timestamp;
  await (
    await call(markets, issuer, "issue", {
      licenseId,
      metadataHash: id("load market"),
      options: [id("occurred"), id("not occurred")],
      lastTradingTime: now + 30 * 24 * 3600,
      expirationTime: now + 31 * 24 * 3600,
      liquidity: units(1_000),
      margin: units(100_000),
      stakeLicense: false,
    })
  ).wait();
  const marketId = await markets.getFunction("marketCount")();
  const minInvest = (await markets.getFunction("params")()).minInvest;

  // Blocks on a timer, 30 s of chain time each: the buys below race the 5-min boundaries.
  const provider = hre.network.provider;
  await provider.send("evm_setAutomine", [false]);
  let mining = true;
  const miner = (async () => {
    while (mining) {
      await provider.send("evm_increaseTime", [BLOCK_SECONDS]);
      await provider.send("evm_mine", []);
      await sleep(BLOCK_MS);
    }
  })();

  const counts = { sent: 0, ok: 0, status0: 0, outOfGas: 0, maxExtra: 0n };
  // One buy: estimate on the pending state, send with the limit, wait for its receipt.
  const buyOnce = async (buyer, referrer, n) => {
    const populated = await markets
      .connect(buyer)
      .getFunction("buy")
      .populateTransaction(marketId, n % 2, minInvest * BigInt(1 + (n % 5)), 0, referrer);
    const estimate = await buyer.estimateGas(populated);
    const gasLimit = limitFor(estimate);
    const sent = await buyer.sendTransaction({ ...populated, gasLimit });
    counts.sent++;
    for (;;) {
      const receipt = await hre.ethers.provider.getTransactionReceipt(sent.hash);
      if (receipt) {
        if (receipt.status === 1) counts.ok++;
        else {
          counts.status0++;
          if (receipt.gasUsed >= gasLimit) counts.outOfGas++;
        }
        if (receipt.gasUsed - estimate > counts.maxExtra) counts.maxExtra = receipt.gasUsed - estimate;
        return;
      }
      if (Date.now() > deadline) throw new Error(`buy ${sent.hash} not mined before the time bound`);
      await sleep(BLOCK_MS / 2);
    }
  };

  let issued = 0;
  await Promise.all(
    buyers.map(async (buyer, i) => {
      const referrer = buyers[(i + 1) % buyers.length].address;
      let first = true;
      while (issued < BUYS && Date.now() < deadline) {
        const n = issued++;
        await buyOnce(buyer, first ? referrer : ZeroAddress, n);
        first = false;
      }
    }),
  );
  mining = false;
  await miner;
  await provider.send("evm_setAutomine", [true]);

  const seconds = (Date.now() - started) / 1000;
  const limit = FORMER ? "estimate × 1.2 (former)" : "estimate × 1.2 + worst path (helper)";
  console.log(`\n${counts.sent} buys from ${ACCOUNTS} accounts, referrers bound, gas limit ${limit}`);
  console.log(`mined ok ${counts.ok}, status 0: ${counts.status0} (out of gas ${counts.outOfGas})`);
  console.log(
    `largest gas used beyond the estimate: ${counts.maxExtra} (worst-path extra ${worstPathExtraGas("markets", "buy")})`,
  );
  if (counts.sent < BUYS) console.log(`stopped by the time bound (${SECONDS} s) after ${counts.sent} of ${BUYS}`);
  console.log(`RESULT buy_load_sent ${counts.sent} buys`);
  console.log(`RESULT buy_load_max_extra_gas ${counts.maxExtra} gas`);
  console.log(`RESULT buy_load_seconds ${seconds.toFixed(1)} s`);
  console.log(`RESULT buy_load_status0 ${counts.status0} buys`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

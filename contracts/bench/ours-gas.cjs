// Gas of our protocol's main calls, measured on a fresh deployment from scripts/deploy.ts.
"use strict";
const { id, parseUnits, ZeroAddress } = require("ethers");
const { deployProtocol } = require("../scripts/deploy.ts");

const units = (n) => parseUnits(String(n), 18);
// The same market size and buy size as the Gnosis run, so pool sizes match.
const FUNDING = units(1000);
const BUY_AMOUNT = units(10);
// The unmeasured first trade of the market; large enough to pass the minimum premium.
const WARM_AMOUNT = units(100);
const DAY = 24 * 60 * 60;
const STATE_FINISHED = 11n; // IMarketsTypes.MarketState.Finished

async function gasOf(txPromise) {
  const receipt = await (await txPromise).wait();
  return receipt.gasUsed;
}

async function now(hre) {
  return (await hre.ethers.provider.getBlock("latest")).timestamp;
}

/**
 * @param {import('hardhat').HardhatRuntimeEnvironment} hre
 * @param {{ advance: (seconds: number) => Promise<void> }} opts
 */
async function measureOurs(hre, { advance }) {
  const [deployer, issuer, warm, buyer, voter, renter, referred, referrer] = await hre.ethers.getSigners();
  const p = await deployProtocol(deployer);
  if (!p.markets) throw new Error("Markets is not built: run `npx hardhat compile` once Markets.sol exists");
  const { usdt, prds, license, marketplace, markets } = p;
  const call = (c, signer, fn, ...args) => c.connect(signer).getFunction(fn)(...args);
  const marketsAddress = await markets.getAddress();

  for (const s of [issuer, warm, buyer, renter, referred]) {
    await (await call(usdt, s, "mint", s.address, units(1_000_000))).wait();
    for (const spender of [marketsAddress, await license.getAddress(), await marketplace.getAddress()]) {
      await (await call(usdt, s, "approve", spender, units(1_000_000))).wait();
    }
  }
  // Voting power must exist before the confirmation (the snapshot); the challenger needs its stake.
  const params = await markets.getFunction("params")();
  await (await call(prds, deployer, "transfer", voter.address, units(5_000_000))).wait();
  await (await call(prds, deployer, "transfer", warm.address, params.challengeStake)).wait();
  await (await call(prds, warm, "approve", marketsAddress, params.challengeStake)).wait();

  const gas = {};
  const licenseTx = await call(license, issuer, "buy", 0);
  const licenseReceipt = await licenseTx.wait();
  gas.license_mint = licenseReceipt.gasUsed;
  const licenseId = await license.getFunction("totalMinted")();

  const t = await now(hre);
  const issueParams = {
    licenseId,
    metadataHash: id("bench market"),
    options: [id("occurred"), id("not occurred")],
    lastTradingTime: t + 10 * DAY,
    expirationTime: t + 11 * DAY,
    liquidity: FUNDING,
    margin: FUNDING,
    stakeLicense: false,
  };
  const marketId = await call(markets, issuer, "issue", issueParams).then(async (tx) => {
    gas.issue = (await tx.wait()).gasUsed;
    return await markets.getFunction("marketCount")(); // ids start at 1
  });
  const market = await markets.getFunction("getMarket")(marketId);
  if (market.issuer !== issuer.address) throw new Error(`market ${marketId} is not the bench market`);

  // Another account trades first, so the measured first buy is an account's first, not the market's.
  await gasOf(call(markets, warm, "buy", marketId, 1, WARM_AMOUNT, 0, ZeroAddress));
  await advance(3600);
  gas.buy_first = await gasOf(call(markets, buyer, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));
  await advance(3600);
  gas.buy_later = await gasOf(call(markets, buyer, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));
  // Within the same checkpoint interval a buy updates the head checkpoint instead of archiving it.
  gas.buy_same_interval = await gasOf(call(markets, buyer, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));

  // The worst path (issue 25): the first buy of a new 5-min bucket on histories that already hold a
  // head and a previous checkpoint and an archive, so each archives into a new slot and updates the
  // count (MarketsBase._record → _archive). Without a referrer: option total and position; with one
  // also the referrer's share and the market's referral total. Each account's first buys set it up.
  await advance(3600);
  await gasOf(call(markets, buyer, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress)); // archives the 1st checkpoint
  await advance(3600);
  gas.buy_new_bucket = await gasOf(call(markets, buyer, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));
  for (let i = 0; i < 3; i++) {
    await advance(3600);
    await gasOf(call(markets, referred, "buy", marketId, 0, BUY_AMOUNT, 0, referrer.address));
  }
  await advance(3600);
  gas.buy_new_bucket_referrer = await gasOf(call(markets, referred, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));
  // The same account's next buy in that bucket: what the page estimated before the boundary passed.
  gas.buy_same_interval_referrer = await gasOf(call(markets, referred, "buy", marketId, 0, BUY_AMOUNT, 0, ZeroAddress));

  await advance(11 * DAY);
  gas.confirm = await gasOf(call(markets, issuer, "confirm", marketId, 0));
  gas.challenge = await gasOf(call(markets, warm, "challenge", marketId, 1, 0, id("evidence")));
  await gasOf(call(markets, issuer, "appeal", marketId));
  gas.vote = await gasOf(call(markets, voter, "vote", marketId, 1)); // 1: the issuer's claim

  for (let i = 0; i < 6 && (await markets.getFunction("marketState")(marketId)) !== STATE_FINISHED; i++) {
    await advance(7 * DAY);
    await gasOf(call(markets, deployer, "advance", marketId));
  }
  if ((await markets.getFunction("marketState")(marketId)) !== STATE_FINISHED) throw new Error("bench market did not finish");
  const before = await usdt.getFunction("balanceOf")(buyer.address);
  gas.claim = await gasOf(call(markets, buyer, "claim", marketId, buyer.address));
  const paid = (await usdt.getFunction("balanceOf")(buyer.address)) - before;
  if (paid <= (2n * BUY_AMOUNT * 9n) / 10n) throw new Error(`winner claim paid only ${paid}`);

  await (await call(license, issuer, "buy", 0)).wait();
  const rentId = await license.getFunction("totalMinted")();
  await (await call(license, issuer, "approve", await marketplace.getAddress(), rentId)).wait();
  gas.license_list = await gasOf(call(marketplace, issuer, "listForRent", rentId, units(10), 30, 5));
  gas.license_rent = await gasOf(call(marketplace, renter, "rent", rentId, 7, units(10)));
  return gas;
}

module.exports = { measureOurs, FUNDING, BUY_AMOUNT, WARM_AMOUNT };

import { ZeroAddress, type Signer } from "ethers";
import { WATCHED_CONTRACTS } from "../../src/indexer/decode";
import { LicenseType } from "@prds/contracts/actions";
import { DAY, eventually, u } from "./protocol";
import { sum, type MarketsLifecycle } from "./marketsLifecycle";

/** The markets lifecycle's steps (protocol.markets.test.ts), in order. Issuing and listing: the issue config, six markets issued and bought, get-trans-status, the markets list. */

/** issue config is Markets.params() and the License catalogue */
export async function issueConfig(life: MarketsLifecycle): Promise<void> {
  const { s } = life;
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
}

/** issue six markets (metadata through submit-underlying) and buy from several accounts with a referrer */
export async function issueSixMarkets(life: MarketsLifecycle): Promise<void> {
  const { s, d, m, id, options, buy, detail, expectDetailMatchesChain } = life;
  const { alice, bob, dave } = d;
  const packet = await d.buyPacket(alice, 2); // common, common, scarcity, attributive
  const [a1, a2, a3, a4] = packet.tokenIds;
  life.state.spareLicense = a4 ?? 0n;
  const bobLicense = (await d.buyLicense(bob, LicenseType.Common)).tokenId;
  const daveLicense = (await d.buyLicense(dave, LicenseType.Common)).tokenId;
  if (a1 === undefined || a2 === undefined || a3 === undefined) throw new Error("packet too small");
  // Voting power is read at the block before a confirmation: voters hold PRDS from the start.
  await d.fundPrds(d.voter(0), u(3_000_000));
  await d.fundPrds(d.voter(1), u(1_500_000));
  await d.fundPrds(d.voter(2), u(500_000));
  for (const b of d.buyers) await d.fundPrds(b, u(5_000));

  life.state.t0 = await d.now();
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
      lastTradingTime: life.state.t0 + ltt,
      expirationTime: life.state.t0 + exp,
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
}

/** get-trans-status: a buy indexed, a reverted transaction, an unknown hash */
export async function transStatusCases(life: MarketsLifecycle): Promise<void> {
  const { s, d, id, buys, transStatus } = life;
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
}

/** markets list: search, category, status tabs, sort by volume and newest, totals */
export async function marketsList(life: MarketsLifecycle): Promise<void> {
  const { d, m, id, buys, markets } = life;
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
}

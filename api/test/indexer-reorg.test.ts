import { parseUnits } from "ethers";
import { buyLicense, buyPosition, fundUsdt, issueMarket, LicenseType, send } from "@prds/contracts/actions";
import type { Chain } from "../src/chain/chain";
import { startIndexer, type IndexerHandle } from "../src/indexer/indexer";
import { createTestDatabase, type TestDatabase } from "./helpers/db";
import { startDevnet, type Devnet } from "./helpers/devnet";
import { chainFor, DAY, dumpDerived, indexerConfig, memoryLog } from "./helpers/indexer";
import { castOf, type Cast } from "./helpers/indexer-scenario";

/**
 * Reorganisations made on the devnet: index, revert to a snapshot, build a different chain of
 * blocks (other transactions), index again → the tables equal a clean sync of the new chain.
 */
const u = (amount: number): bigint => parseUnits(String(amount), 18);
let devnet: Devnet;
let chain: Chain;
let c: Cast;
let market = 0n;
const databases: TestDatabase[] = [];
const indexers: IndexerHandle[] = [];

async function indexerOn(
  label: string,
  reorgDepth = 64,
): Promise<{ db: TestDatabase; indexer: IndexerHandle; log: ReturnType<typeof memoryLog> }> {
  const db = await createTestDatabase(label);
  const log = memoryLog();
  const indexer = await startIndexer({ db: db.db, chain, config: indexerConfig(devnet, { reorgDepth }), log, background: false });
  databases.push(db);
  indexers.push(indexer);
  return { db, indexer, log };
}

/** A clean sync of the chain as it is now, into a fresh database. */
async function cleanDump(label: string): Promise<Awaited<ReturnType<typeof dumpDerived>>> {
  const { db, indexer } = await indexerOn(label);
  await indexer.syncOnce();
  return dumpDerived(db.db);
}

beforeAll(async () => {
  devnet = await startDevnet();
  chain = chainFor(devnet);
  c = castOf(devnet);
  const { markets, usdt, license, marketplace } = devnet.protocol;
  const first = await buyLicense(license, usdt, c.alice, LicenseType.Common);
  const second = await buyLicense(license, usdt, c.bob, LicenseType.Common);
  const now = await devnet.latestTimestamp();
  ({ id: market } = await issueMarket(markets, usdt, license, c.alice, {
    licenseId: first,
    event: "Reorg",
    category: "other",
    options: ["Yes", "No", "Maybe"],
    lastTradingTime: now + 30 * DAY,
    expirationTime: now + 31 * DAY,
    liquidity: u(300),
    margin: u(300),
  }));
  await buyPosition(markets, usdt, c.b1, market, 0, u(10));
  await send(license, c.bob, "setApprovalForAll", await marketplace.getAddress(), true);
  await send(marketplace, c.bob, "listForSale", second, u(120));
}, 60_000);

afterAll(async () => {
  for (const indexer of indexers) await indexer.stop();
  for (const db of databases) await db.drop();
  chain?.close();
  await devnet?.stop();
});

test("a longer different chain replaces the indexed one", async () => {
  const { markets, usdt, marketplace } = devnet.protocol;
  const { db, indexer, log } = await indexerOn("idx_reorg_long");
  await indexer.syncOnce();
  const snapshot = await devnet.snapshot();

  // The chain that will be abandoned: buys (positions, odds, referral), a sale, a margin, a new day.
  await buyPosition(markets, usdt, c.b2, market, 1, u(20), await c.b1.getAddress());
  await buyPosition(markets, usdt, c.b1, market, 0, u(5));
  await fundUsdt(usdt, c.carol, u(120), await marketplace.getAddress());
  await send(marketplace, c.carol, "buy", 2n, u(120));
  await fundUsdt(usdt, c.alice, u(50), await markets.getAddress());
  await send(markets, c.alice, "addMargin", market, u(50));
  await devnet.increaseTime(DAY);
  await buyPosition(markets, usdt, c.b3, market, 2, u(7));
  await indexer.syncOnce();
  const abandoned = await dumpDerived(db.db);
  expect(abandoned.trades.length).toBe(4);
  const undo = await db.db.kysely.selectFrom("indexer_undo").selectAll().execute();
  expect(undo.length).toBeGreaterThan(0);

  await devnet.revert(snapshot);
  // The new chain: other transactions, and more blocks than the abandoned one had.
  await buyPosition(markets, usdt, c.b4, market, 1, u(30));
  await send(marketplace, c.bob, "cancelSale", 2n);
  await buyPosition(markets, usdt, c.b5, market, 2, u(15), await c.b6.getAddress());
  await devnet.mine(12);
  await indexer.syncOnce();

  expect(log.lines.some((line) => line.includes("reorganisation: rolled back"))).toBe(true);
  const after = await dumpDerived(db.db);
  expect(after).toEqual(await cleanDump("idx_reorg_long_clean"));
  expect(after.trades.map((t) => t.account)).not.toContain(String(await c.b2.getAddress()).toLowerCase());
  // Rolled back and re-indexed: no undo record points above the head.
  const head = await devnet.provider.getBlockNumber();
  const stale = await db.db.kysely.selectFrom("indexer_undo").select("block_number").where("block_number", ">", head).execute();
  expect(stale).toEqual([]);
});

test("a shorter different chain is noticed without new blocks above the indexed height", async () => {
  const { markets, usdt } = devnet.protocol;
  const { db, indexer, log } = await indexerOn("idx_reorg_short");
  await indexer.syncOnce();
  const snapshot = await devnet.snapshot();
  for (const buyer of [c.b1, c.b2, c.b3]) await buyPosition(markets, usdt, buyer, market, 0, u(3));
  await indexer.syncOnce();

  await devnet.revert(snapshot);
  await buyPosition(markets, usdt, c.b6, market, 2, u(4)); // fewer blocks than before
  await indexer.syncOnce();

  expect(log.lines.some((line) => line.includes("reorganisation"))).toBe(true);
  expect(await dumpDerived(db.db)).toEqual(await cleanDump("idx_reorg_short_clean"));
});

test("a fork deeper than reorgDepth rebuilds the tables from the deployment block", async () => {
  const { markets, usdt } = devnet.protocol;
  const { db, indexer, log } = await indexerOn("idx_reorg_deep", 2);
  await indexer.syncOnce();
  const snapshot = await devnet.snapshot();
  for (let i = 0; i < 3; i++) await buyPosition(markets, usdt, c.b1, market, 1, u(2));
  await devnet.mine(4);
  await indexer.syncOnce();

  await devnet.revert(snapshot);
  for (let i = 0; i < 2; i++) await buyPosition(markets, usdt, c.b2, market, 0, u(2));
  await devnet.mine(8);
  await indexer.syncOnce();

  expect(log.lines.some((line) => line.includes("rebuilding"))).toBe(true);
  expect(await dumpDerived(db.db)).toEqual(await cleanDump("idx_reorg_deep_clean"));
});

import { toDbAmount } from "../src/db/amount";
import { cancelRefunds } from "../src/db/migrations/003_cancel_refunds";
import { createTestDatabase, type TestDatabase } from "./helpers/db";
import { address, insertMarket, txHash, u } from "./helpers/httpRows";

/**
 * Migration 003: markets cancelled before the indexer recorded a cancel's liquidity as the issuer's
 * refund get their payouts row from the MarketCancelled events kept in chain_events.
 */
const NOW = 1_800_000_000;
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase("migration_cancel_refunds");
});
afterAll(async () => t?.drop());

test("backfills one refund per cancelled market from chain_events, once, and leaves recorded ones alone", async () => {
  const db = t.db;
  const issuer = address(0x1ce);
  await insertMarket(db, { id: 1, now: NOW, issuer, liquidity: 200, market: { phase: "Cancelled" } });
  await insertMarket(db, { id: 2, now: NOW, issuer, liquidity: 300, market: { phase: "Cancelled" } });
  await insertMarket(db, { id: 3, now: NOW, issuer, liquidity: 100 });
  const event = (id: number, logIndex: number) => ({
    tx_hash: txHash(`cancel ${id}`),
    log_index: logIndex,
    block_number: 100 + id,
    block_hash: txHash(`block ${id}`),
    block_time: NOW + id,
    contract: "Markets",
    name: "MarketCancelled",
    args_json: JSON.stringify({ id: String(id), issuer, licenseId: "1", refund: u(500).toString() }),
  });
  await db.kysely
    .insertInto("chain_events")
    .values([
      event(1, 0),
      event(2, 3),
      event(9, 0), // a market the tables do not have: nothing to refund
      { ...event(3, 1), name: "Bought" },
    ])
    .execute();
  // Market 2's refund was already recorded by the indexer.
  await db.kysely
    .insertInto("payouts")
    .values({
      tx_hash: txHash("cancel 2"),
      log_index: 3,
      market_id: 2,
      account: issuer,
      payout: toDbAmount(db.dialect, 0n),
      refund: toDbAmount(db.dialect, u(300)),
      time: NOW + 2,
      block_number: 102,
    })
    .execute();

  const migration = cancelRefunds(db.dialect);
  await migration.up(db.kysely);
  await migration.up(db.kysely); // a second run adds nothing
  const rows = await db.kysely.selectFrom("payouts").selectAll().orderBy("market_id").execute();
  expect(
    rows.map((r) => ({
      tx: r.tx_hash,
      log: Number(r.log_index),
      market: Number(r.market_id),
      account: r.account,
      payout: BigInt(r.payout),
      refund: BigInt(r.refund),
      time: Number(r.time),
      block: Number(r.block_number),
    })),
  ).toEqual([
    { tx: txHash("cancel 1"), log: 0, market: 1, account: issuer, payout: 0n, refund: u(200), time: NOW + 1, block: 101 },
    { tx: txHash("cancel 2"), log: 3, market: 2, account: issuer, payout: 0n, refund: u(300), time: NOW + 2, block: 102 },
  ]);
});

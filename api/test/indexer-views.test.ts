import type { SeedResult } from "@prds/contracts/seed";
import type { Chain } from "../src/chain/chain";
import { startIndexer, type IndexerHandle } from "../src/indexer/indexer";
import { createTestDatabase, type TestDatabase } from "./helpers/db";
import type { Devnet } from "./helpers/devnet";
import { chainFor, dumpDerived, indexerConfig, memoryLog, startSeededDevnet } from "./helpers/indexer";
import { mismatchesWithViews } from "./helpers/indexer-oracle";
import { extraScenario } from "./helpers/indexer-scenario";

/**
 * The indexer against the contracts' own views: the seed's markets in every state plus every path
 * it leaves out (claims, refunds, rewards, compensation, marketplace, rental expiry, early
 * confirmation with late stakes, absent issuer, concession, invalid vote), indexed phase by phase.
 */
let devnet: Devnet;
let seeded: SeedResult;
let chain: Chain;
let incremental: TestDatabase;
let indexer: IndexerHandle;
const log = memoryLog();

beforeAll(async () => {
  ({ devnet, seeded } = await startSeededDevnet());
  chain = chainFor(devnet);
  incremental = await createTestDatabase("idx_views");
  indexer = await startIndexer({ db: incremental.db, chain, config: indexerConfig(devnet), log, background: false });
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  chain?.close();
  await incremental?.drop();
  await devnet?.stop();
});

test("indexed phase by phase, the tables match the contracts' views", async () => {
  await indexer.syncOnce();
  expect(await mismatchesWithViews(incremental.db, devnet.protocol, { everyoneClaimed: false })).toEqual([]);
  for (const phase of extraScenario(devnet, seeded)) {
    await phase();
    await indexer.syncOnce();
  }
  expect(await mismatchesWithViews(incremental.db, devnet.protocol, { everyoneClaimed: true })).toEqual([]);
  expect(log.lines.filter((line) => !line.startsWith("info"))).toEqual([]);

  const tables = await dumpDerived(incremental.db);
  const phases = new Set(tables.markets.map((m) => m.phase));
  expect([...phases].sort()).toEqual(["Cancelled", "Final", "Invalid", "Trading", "Void"]);
  const outcomes = new Set(tables.markets.map((m) => m.tally_outcome).filter(Boolean));
  expect([...outcomes].sort()).toEqual(["ChallengerWins", "Invalid", "IssuerWins", "OptionChosen"]);
  expect(tables.markets.filter((m) => m.overturned === 1).length).toBeGreaterThanOrEqual(3);
  const early = tables.markets.find((m) => m.early === 1 && m.phase === "Final" && m.pool_at_cutoff !== m.pool);
  expect(early).toBeDefined();
  expect(tables.license_events.map((e) => e.kind)).toEqual(
    expect.arrayContaining([
      "minted",
      "transfer",
      "listed_for_sale",
      "sale_cancelled",
      "sold",
      "listed_for_rent",
      "rent_cancelled",
      "rented",
      "used",
      "recycled",
    ]),
  );
  expect(tables.prds_claims).toHaveLength(1);
  expect(tables.votes.filter((v) => v.reward !== null).length).toBe(3);
});

test("a clean sync of the same chain gives the same tables", async () => {
  const clean = await createTestDatabase("idx_views_clean");
  const other = await startIndexer({
    db: clean.db,
    chain,
    config: indexerConfig(devnet, { batchBlocks: 7 }),
    log,
    background: false,
  });
  try {
    await other.syncOnce();
    expect(await dumpDerived(clean.db)).toEqual(await dumpDerived(incremental.db));
  } finally {
    await other.stop();
    await clean.drop();
  }
});

test("applying the same ranges again changes nothing", async () => {
  const before = await dumpDerived(incremental.db);
  await incremental.db.kysely.updateTable("indexer_cursors").set({ next_block: devnet.protocol.deploymentBlock }).execute();
  await indexer.syncOnce();
  expect(await dumpDerived(incremental.db)).toEqual(before);
});

test("head_block and head_time follow the chain even when no log arrives", async () => {
  await devnet.mine(3);
  const next = await indexer.syncOnce();
  const latest = await devnet.provider.getBlock("latest");
  const state = await incremental.db.kysely.selectFrom("indexer_state").selectAll().execute();
  const value = (key: string): string | undefined => state.find((row) => row.key === key)?.value;
  expect(next).toBe(latest?.number === undefined ? -1 : latest.number + 1);
  expect(value("head_block")).toBe(String(latest?.number));
  expect(value("head_time")).toBe(String(latest?.timestamp));
});

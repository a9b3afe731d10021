import { sql } from "kysely";
import { buyLicense, LicenseType } from "@prds/contracts/actions";
import type { Chain } from "../src/chain/chain";
import { startIndexer, type IndexerHandle } from "../src/indexer/indexer";
import { LEADER_LOCK } from "../src/indexer/leader";
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from "./helpers/db";
import { startDevnet, type Devnet } from "./helpers/devnet";
import { chainFor, dumpDerived, indexerConfig, memoryLog } from "./helpers/indexer";
import { castOf } from "./helpers/indexer-scenario";
import { holdsFor, until } from "./helpers/poll";

/**
 * The indexer role: on PostgreSQL exactly one process holds it (an advisory lock) and another
 * takes over within seconds when the leader stops or its session dies; on SQLite the process
 * always leads. Either way the background loop follows new blocks and survives RPC failures.
 */
let devnet: Devnet;
let chain: Chain;
let tdb: TestDatabase;
const handles: IndexerHandle[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  chain = chainFor(devnet);
  tdb = await createTestDatabase("idx_leader");
}, 60_000);

afterAll(async () => {
  for (const handle of handles) await handle.stop();
  chain?.close();
  await tdb?.drop();
  await devnet?.stop();
});

async function buyAndWait(indexer: IndexerHandle, signerIndex: number): Promise<void> {
  const c = castOf(devnet);
  const buyer = [c.alice, c.bob, c.carol, c.dave, c.erin][signerIndex] ?? c.alice;
  await buyLicense(devnet.protocol.license, devnet.protocol.usdt, buyer, LicenseType.Common);
  await indexer.waitForBlock(await devnet.provider.getBlockNumber(), 10_000);
}

/** PostgreSQL: one leader at a time; another takes over when the leader stops or its session dies. */
async function followLeadershipOnPostgres(): Promise<void> {
  const config = indexerConfig(devnet);
  const logs = [memoryLog(), memoryLog(), memoryLog()] as const;
  const a = await startIndexer({ db: tdb.db, chain, config, log: logs[0] });
  handles.push(a);
  await until("a leads", () => a.isLeader());
  const secondDb = tdb.reopen();
  const b = await startIndexer({ db: secondDb, chain, config, log: logs[1] });
  handles.push(b);
  // b tries for the lock every poll (50 ms): through several of its tries, a keeps it and b waits.
  await holdsFor("a leads and b waits", () => a.isLeader() && !b.isLeader(), 6 * config.pollIntervalMs);
  await buyAndWait(b, 0); // b sees what a indexes

  // The leader stops (and releases the lock): b takes over.
  await a.stop();
  expect(await until("b leads after a stopped", () => b.isLeader())).toBeLessThan(3_000);
  await buyAndWait(b, 1);

  // A third process waits; then the leader's session dies (as when its process is killed): the
  // lock is free and one of the two still running takes it within seconds.
  const thirdDb = tdb.reopen();
  const c = await startIndexer({ db: thirdDb, chain, config, log: logs[2] });
  handles.push(c);
  await holdsFor("c waits while b leads", () => b.isLeader() && !c.isLeader(), 4 * config.pollIntervalMs);
  await sql`select pg_terminate_backend(pid) from pg_locks
            where locktype = 'advisory' and classid = ${LEADER_LOCK[0]} and objid = ${LEADER_LOCK[1]} and granted`.execute(
    tdb.db.kysely,
  );
  await until("b notices it lost the lock", () => logs[1].lines.some((line) => line.includes("lost the leader lock")));
  expect(await until("someone leads again", () => b.isLeader() || c.isLeader())).toBeLessThan(3_000);
  expect(b.isLeader() && c.isLeader()).toBe(false);
  await buyAndWait(c, 2);

  // Whoever leads stops: the other one takes over.
  const [leader, other] = b.isLeader() ? [b, c] : [c, b];
  await leader.stop();
  await until("the other leads", () => other.isLeader());
  await buyAndWait(other, 3);

  // Nothing indexed twice or lost: the same tables as one clean sync.
  const clean = await createTestDatabase("idx_leader_clean");
  try {
    const reference = await startIndexer({ db: clean.db, chain, config, log: memoryLog(), background: false });
    await reference.syncOnce();
    await reference.stop();
    expect(await dumpDerived(tdb.db)).toEqual(await dumpDerived(clean.db));
  } finally {
    await clean.drop();
  }
  await other.stop();
  await secondDb.close();
  await thirdDb.close();
}

/** SQLite: the process always leads, and its loop follows new blocks. */
async function followLeadershipOnSqlite(): Promise<void> {
  const indexer = await startIndexer({ db: tdb.db, chain, config: indexerConfig(devnet), log: memoryLog() });
  handles.push(indexer);
  expect(indexer.isLeader()).toBe(true);
  await buyAndWait(indexer, 0);
  await buyAndWait(indexer, 1);
  expect(await tdb.db.kysely.selectFrom("licenses").selectAll().execute()).toHaveLength(2);
  await indexer.stop();
  expect(indexer.isLeader()).toBe(false);
}

test(`the indexer role on ${TEST_DIALECT}`, async () => {
  await (TEST_DIALECT === "postgres" ? followLeadershipOnPostgres() : followLeadershipOnSqlite());
}, 60_000);

test("an unreachable node is logged and retried, never fatal", async () => {
  const db = await createTestDatabase("idx_rpc_down");
  const log = memoryLog();
  const config = indexerConfig(devnet, { rpcUrl: "http://127.0.0.1:9" });
  const down = chainFor({ ...devnet, url: "http://127.0.0.1:9" });
  const indexer = await startIndexer({ db: db.db, chain: down, config, log });
  try {
    await until("a retry is logged", () => log.lines.some((line) => line.includes("retrying")), 10_000);
    await indexer.stop();
  } finally {
    down.close();
    await db.drop();
  }
}, 30_000);

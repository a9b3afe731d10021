import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { toBeHex } from "ethers";
import { deployments } from "@prds/contracts";
import { LicenseType } from "@prds/contracts/actions";
import { WATCHED_CONTRACTS, WATCHED_ROLES } from "../src/indexer/decode";
import { LEADER_LOCK } from "../src/indexer/leader";
import { createPostgresDatabase, startApiProcess, stopAll, type ApiProcess, type PostgresDatabase } from "./helpers/apiProcess";
import { startDevnet, type Devnet } from "./helpers/devnet";
import { DAY, ProtocolDriver, apiClient, u, type Tx } from "./helpers/protocol";
import { SseClient } from "./helpers/sse";

/**
 * Scale-out (issue 4): two api processes (`node -r scripts/register.cjs src/main.ts`, as deployed)
 * on one PostgreSQL database. Both serve the same answers; exactly one holds the indexer role (a
 * PostgreSQL advisory lock, observed from outside in pg_locks: each process tags its connections
 * with its own application_name); SIGKILL of the leader hands the role to the other within
 * seconds; nothing is indexed twice or lost (chain_events against eth_getLogs, derived figures
 * against the contracts).
 *
 * Several processes on one database only exist on PostgreSQL, so this suite runs on a fresh
 * PostgreSQL database (PRDS_TEST_PG_URL, default 127.0.0.1:5432) in both passes of the test command,
 * whatever PRDS_TEST_DB says; it is never skipped.
 */

const SECONDS = 1000;
jest.setTimeout(180 * SECONDS);

/** Polls `check` until it returns a value (not undefined) or the time is up. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe("scale-out: two api processes on one PostgreSQL database", () => {
  let devnet: Devnet | null = null;
  let pg: PostgresDatabase | null = null;
  const processes: Record<"api_a" | "api_b", ApiProcess | null> = { api_a: null, api_b: null };
  let driver: ProtocolDriver;
  let dataDir = "";
  let marketId = 0n;
  const sent: Tx[] = [];

  const env = (name: string): Record<string, string> => {
    if (!devnet || !pg) throw new Error("not set up");
    return {
      DATABASE_URL: pg.urlFor(name),
      PRDS_RPC_URL: devnet.url,
      PRDS_CHAIN_ID: "31337",
      PRDS_CONFIRMATIONS: "0",
      PRDS_INDEXER_POLL_MS: "100",
      PRDS_API_DATA_DIR: dataDir,
      // Evidence files are content-addressed on a shared volume behind a load balancer.
      PRDS_EVIDENCE_DIR: path.join(dataDir, "evidence"),
      // The live stream's clock tick (which also reads new changes) out of the way: only a NOTIFY
      // can bring another process's change to a stream within the test's wait.
      PRDS_STREAM_TICK_MS: "60000",
    };
  };
  const proc = (name: "api_a" | "api_b"): ApiProcess => {
    const p = processes[name];
    if (!p) throw new Error(`${name} is not running`);
    return p;
  };

  /** Application names of the sessions holding the indexer's leader lock in this database. */
  const lockHolders = async (): Promise<string[]> => {
    if (!pg?.db.pool) throw new Error("no pool");
    // pg_try_advisory_lock(int4, int4) shows as classid = key 1, objid = key 2, objsubid = 2.
    const { rows } = await pg.db.pool.query<{ name: string }>(
      `select a.application_name as name
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted
          and l.classid = $1::oid and l.objid = $2::oid and l.objsubid = 2
          and l.database = (select oid from pg_database where datname = current_database())`,
      LEADER_LOCK.map(String),
    );
    return rows.map((r) => r.name).sort();
  };
  const soleLeader = async (timeoutMs = 20 * SECONDS): Promise<"api_a" | "api_b"> =>
    until(
      "exactly one process holding the indexer lock",
      async () => {
        const holders = await lockHolders();
        const [only] = holders;
        return holders.length === 1 && (only === "api_a" || only === "api_b") ? only : undefined;
      },
      timeoutMs,
    );

  /** Waits until `p` answers get-trans-status 'indexed' for `tx`. */
  const indexedBy = (p: ApiProcess, tx: Tx, timeoutMs = 20 * SECONDS): Promise<true> =>
    until(
      `${p.name} indexing ${tx.hash}`,
      async () => {
        const answer = await p.post<{ status: string }>("/api/get-trans-status", { hash: tx.hash });
        return answer.body.code === 0 && answer.body.data.status === "indexed" ? true : undefined;
      },
      timeoutMs,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "prds-scale-out-"));
    devnet = await startDevnet();
    // main.ts takes the protocol's addresses from the generated deployments for chain 31337; the
    // devnet deploys the same contracts from the same account, so the addresses must agree.
    const expected = deployments[31337].contracts;
    for (const name of WATCHED_CONTRACTS) {
      const role = WATCHED_ROLES[name];
      if (devnet.protocol.roles[role].toLowerCase() !== expected[role].address.toLowerCase()) {
        throw new Error(`devnet ${name} at ${devnet.protocol.roles[role]}, deployments say ${expected[role].address}`);
      }
    }
    pg = await createPostgresDatabase("scale_out");
    processes.api_a = await startApiProcess({ name: "api_a", env: env("api_a") });
    processes.api_b = await startApiProcess({ name: "api_b", env: env("api_b") });
    driver = new ProtocolDriver(devnet, apiClient(proc("api_a").url));
  }, 150 * SECONDS);

  afterAll(async () => {
    await stopAll([processes.api_a, processes.api_b]);
    await pg?.drop().catch(() => undefined);
    await devnet?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("exactly one process holds the indexer role, and it stays with it", async () => {
    const leader = await soleLeader();
    // Sampled for two seconds while both processes poll: never two holders, never a change.
    for (let i = 0; i < 20; i++) {
      expect(await lockHolders()).toEqual([leader]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The other process is up and serving all the same.
    const other = leader === "api_a" ? "api_b" : "api_a";
    const answer = await proc(other).post("/api/config/issue", {});
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
  });

  test("both processes serve the same answers once the chain's events are indexed", async () => {
    const { alice } = driver;
    const { tokenId } = await driver.buyLicense(alice, LicenseType.Common);
    const now = await driver.now();
    const issued = await driver.issue(alice, {
      licenseId: tokenId,
      metadata: { event: "Will the scale-out test keep one indexer at a time?", category: "technology", options: ["Yes", "No"] },
      lastTradingTime: now + 5 * DAY,
      expirationTime: now + 6 * DAY,
    });
    marketId = issued.id;
    sent.push(issued.tx);
    for (let i = 0; i < 4; i++)
      sent.push(await driver.buy(driver.buyer(i), marketId, i % 2, u(10 + i), i > 0 ? driver.buyer(0) : undefined));
    const last = sent[sent.length - 1];
    if (!last) throw new Error("nothing sent");
    await Promise.all([indexedBy(proc("api_a"), last), indexedBy(proc("api_b"), last)]);

    const account = driver.addr(driver.buyer(1));
    const calls: [string, unknown][] = [
      ["/api/markets", { page: 1, pageSize: 20 }],
      ["/api/markets", { search: "scale-out", sort: "newest" }],
      ["/api/market/detail", { id: marketId.toString(), account }],
      ["/api/market/trades", { id: marketId.toString() }],
      ["/api/market/history", { id: marketId.toString() }],
      ["/api/ticket/tokens", { account: driver.addr(alice) }],
      ["/api/issued", { account: driver.addr(alice) }],
      ["/api/bought", { account }],
      ["/api/config/issue", {}],
    ];
    for (const [route, body] of calls) {
      const [fromA, fromB] = await Promise.all([proc("api_a").post(route, body), proc("api_b").post(route, body)]);
      expect({ route, status: fromA.status, code: fromA.body.code }).toEqual({ route, status: 200, code: 0 });
      expect({ route, answer: fromB.body }).toEqual({ route, answer: fromA.body });
    }
    // …and what they serve is the chain's: the pool and each option's stake.
    const detail = await proc("api_b").post<{ market: { pool: string; options: { stake: string }[] } }>("/api/market/detail", {
      id: marketId.toString(),
    });
    const onChain = await driver.market(marketId);
    expect(detail.body.data.market.pool).toBe(onChain.pool.toString());
    expect(detail.body.data.market.options.map((o) => o.stake)).toEqual((await driver.optionStakes(marketId)).map(String));
  });

  test("live stream: a trade indexed by the leader reaches a stream client of the other process (LISTEN/NOTIFY)", async () => {
    const leader = await soleLeader();
    const other = leader === "api_a" ? "api_b" : "api_a";
    const client = await SseClient.open(`${proc(other).url}/api/stream?markets=${marketId}`);
    try {
      expect(client.status).toBe(200);
      await client.waitFor((e) => e.name === "hello");
      const tx = await driver.buy(driver.buyer(4), marketId, 1, u(4));
      sent.push(tx);
      const trade = await client.waitFor((e) => e.name === "trade");
      expect((trade.data.trade as { txHash: string }).txHash).toBe(tx.hash.toLowerCase());
      await client.waitFor((e) => e.name === "market");
    } finally {
      await client.close();
    }
  });

  test("SIGKILL of the leader: the other process takes over within seconds and indexes what came after", async () => {
    const leader = await soleLeader();
    const follower = leader === "api_a" ? "api_b" : "api_a";
    // A burst the leader is still working through when it dies.
    const burst = await Promise.all([0, 1, 2].map((i) => driver.buy(driver.buyer(i + 2), marketId, i % 2, u(5 + i))));
    sent.push(...burst);
    const killedAt = Date.now();
    await proc(leader).kill("SIGKILL");
    expect(proc(leader).exited()).toBe(true);

    // Events after the kill.
    for (let i = 0; i < 3; i++) sent.push(await driver.buy(driver.buyer(i), marketId, (i + 1) % 2, u(7 + i)));
    const newLeader = await soleLeader(15 * SECONDS);
    const takeoverMs = Date.now() - killedAt;
    expect(newLeader).toBe(follower);
    expect(takeoverMs).toBeLessThan(10 * SECONDS);
    const last = sent[sent.length - 1];
    if (!last) throw new Error("nothing sent");
    await indexedBy(proc(follower), last, 15 * SECONDS);
    const caughtUpMs = Date.now() - killedAt;
    console.log(
      `scale-out: ${follower} took the indexer role ${takeoverMs} ms after SIGKILL of ${leader}; caught up after ${caughtUpMs} ms`,
    );

    // The killed process comes back as a follower: the role stays where it is.
    processes[leader] = await startApiProcess({ name: leader, env: env(leader) });
    for (let i = 0; i < 10; i++) {
      expect(await lockHolders()).toEqual([follower]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const again = await driver.buy(driver.buyer(5), marketId, 0, u(3));
    sent.push(again);
    await Promise.all([indexedBy(proc("api_a"), again), indexedBy(proc("api_b"), again)]);
  });

  test("nothing is indexed twice or lost: chain_events is exactly eth_getLogs, derived figures are the chain's", async () => {
    if (!devnet || !pg) throw new Error("not set up");
    const head = await devnet.provider.getBlockNumber();
    await until(
      "the indexer at the chain's head",
      async () => {
        const row = await pg?.db.kysely
          .selectFrom("indexer_state")
          .select("value")
          .where("key", "=", "head_block")
          .executeTakeFirst();
        return row && Number(row.value) >= head ? true : undefined;
      },
      15 * SECONDS,
    );
    const addresses = WATCHED_CONTRACTS.map((name) => devnet?.protocol.addresses[name] ?? "");
    const logs = (await devnet.provider.send("eth_getLogs", [
      { fromBlock: toBeHex(devnet.protocol.deploymentBlock), toBlock: toBeHex(head), address: addresses },
    ])) as { transactionHash: string; logIndex: string }[];
    const onChain = logs.map((l) => `${l.transactionHash.toLowerCase()}:${Number.parseInt(l.logIndex, 16)}`).sort();
    const rows = await pg.db.kysely.selectFrom("chain_events").select(["tx_hash", "log_index"]).execute();
    const indexed = rows.map((r) => `${r.tx_hash}:${r.log_index}`).sort();
    expect(new Set(indexed).size).toBe(indexed.length);
    expect(indexed).toEqual(onChain);

    // Replays would show in the figures derived from events even where a key stopped the row.
    const trades = await pg.db.kysely
      .selectFrom("trades")
      .select(["tx_hash"])
      .where("market_id", "=", Number(marketId))
      .execute();
    const buys = sent.filter((tx) => tx !== sent[0]);
    expect(trades.map((t) => t.tx_hash).sort()).toEqual(buys.map((tx) => tx.hash).sort());
    const market = await pg.db.kysely
      .selectFrom("markets")
      .selectAll()
      .where("id", "=", Number(marketId))
      .executeTakeFirstOrThrow();
    const chainMarket = await driver.market(marketId);
    expect(BigInt(market.pool)).toBe(chainMarket.pool);
    expect(BigInt(market.fee_total)).toBe(chainMarket.feeTotal);
    expect(market.trade_count).toBe(buys.length);
    const options = await pg.db.kysely
      .selectFrom("market_options")
      .selectAll()
      .where("market_id", "=", Number(marketId))
      .orderBy("idx")
      .execute();
    expect(options.map((o) => BigInt(o.stake))).toEqual(await driver.optionStakes(marketId));
    for (const buyer of driver.buyers) {
      const positions = await pg.db.kysely
        .selectFrom("positions")
        .selectAll()
        .where("market_id", "=", Number(marketId))
        .where("account", "=", driver.addr(buyer))
        .execute();
      for (const option of [0, 1]) {
        const row = positions.find((p) => p.option === option);
        const chainPosition = await driver.positionOf(marketId, buyer, option);
        expect({ account: driver.addr(buyer), option, stake: row ? BigInt(row.stake) : 0n }).toEqual({
          account: driver.addr(buyer),
          option,
          stake: chainPosition.stake,
        });
      }
    }
  });
});

/**
 * `pnpm --filter @prds/api run bench:indexer` (root: `pnpm bench:indexer`)
 *
 * Starts a devnet (a hardhat node on its own port) with the protocol deployed, fills it with at
 * least 50k protocol events (bench/events.ts: 200 impersonated senders, parallel JSON-RPC batches,
 * blocks of up to 1,000,000,000 gas mined by the node every 500 ms while the next transactions are
 * sent; ~2.5 min), then measures on the same node over the same block range and batch size:
 *   (a) the raw eth_getLogs fetch rate for the indexer's watched contracts (events/s), and
 *   (b) the indexer catching up on a fresh database from the deployment block to the head
 *       (events/s: chain_events rows written / time until waitForBlock(head) resolves).
 * Prints its progress every few seconds, then `RESULT <name> <value> <unit>` lines, the headline
 * `RESULT indexer_vs_getlogs <ratio> x` last (target ≥ 0.5 on SQLite, ≥ 0.4 on PostgreSQL;
 * reported, not asserted). About 3–4 minutes in all on 2 cores. On a fresh clone it compiles the
 * contracts first (bench/devnet.ts), or says in one line which command to run.
 *
 * Database: a fresh SQLite file by default; DATABASE_URL → a new database on that PostgreSQL server.
 * The devnet is bench/devnet.ts's (a hardhat node that keeps no stack-trace data, paced by its
 * memory): a plain test devnet holds ~1 MB per transaction and 50k of them exhaust the machine.
 * The eth_getLogs baseline is read over plain HTTP with JSON.parse (the node's own rate).
 *
 * While it catches up, the api (buildServer on the same database, in the same process, as main.ts
 * runs them) is asked the /api/markets search mix at a steady rate from a worker thread
 * (bench/search-load.ts): `RESULT api_p99_during_catchup_ms` (target ≤ 50 ms) is its p99, counted
 * from when each request was due. The catch-up's rate is measured with that load beside it.
 *
 * Knobs: PRDS_BENCH_EVENTS (50000), PRDS_BENCH_ACCOUNTS (200), PRDS_BENCH_TIMEOUT_S (900 overall),
 * PRDS_BENCH_CATCHUP_TIMEOUT_S (600: past it the rate of what was indexed so far is reported),
 * PRDS_BENCH_CATCHUP_API_RPS (50 searches/s during catch-up), PRDS_BENCH_PROFILE=<file.cpuprofile>
 * writes a CPU profile of this process during the catch-up (the figures of such a run are lower).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { toBeHex } from "ethers";
import { createChain } from "../src/chain/chain";
import { loadConfig } from "../src/config";
import { WATCHED_CONTRACTS, WATCHED_ROLES } from "../src/indexer/decode";
import { startIndexer } from "../src/indexer/indexer";
import { buildServer } from "../src/http/server";
import { startBenchDevnet, type BenchDevnet } from "./devnet";
import { envNumber, log, openBenchDatabase, result } from "./common";
import { generateEvents } from "./events";
import { startSearchLoad } from "./search-load";
import { prng, searchWords } from "./seed-markets";

/**
 * The node's own eth_getLogs rate: the same ranges, batch size and addresses as the indexer, read
 * sequentially over plain HTTP and parsed with JSON.parse — what any client gets from this node.
 */
async function getLogsRate(
  url: string,
  addresses: readonly string[],
  from: number,
  to: number,
  batchBlocks: number,
): Promise<{ events: number; seconds: number; calls: number }> {
  const started = process.hrtime.bigint();
  let events = 0;
  let calls = 0;
  for (let start = from; start <= to; start += batchBlocks) {
    const end = Math.min(to, start + batchBlocks - 1);
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: calls + 1,
      method: "eth_getLogs",
      params: [{ fromBlock: toBeHex(start), toBlock: toBeHex(end), address: addresses }],
    });
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    const reply = (await response.json()) as { result?: unknown[]; error?: { message: string } };
    if (!reply.result) throw new Error(`eth_getLogs ${start}-${end}: ${reply.error?.message ?? "no result"}`);
    events += reply.result.length;
    calls++;
  }
  return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9, calls };
}

/** The search mix of bench:api (words over their first pages, word pairs), in a fixed shuffled order. */
function searchMix(): string[] {
  const words = searchWords();
  const mix = [
    ...words.flatMap((word) => [1, 2, 3].map((page) => ({ page, pageSize: 20, search: word, sort: "volume" }))),
    ...words.flatMap((a) => words.filter((b) => b !== a).map((b) => ({ page: 1, pageSize: 20, search: `${a} ${b}`, sort: "volume" }))),
    { page: 1, pageSize: 20, sort: "volume" },
  ];
  const random = prng(42);
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [mix[i], mix[j]] = [mix[j] as (typeof mix)[number], mix[i] as (typeof mix)[number]];
  }
  return mix.map((body) => JSON.stringify(body));
}

/** Starts the V8 CPU profiler when `file` is set; the returned function writes the profile there. */
async function startProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    log(`CPU profile of the catch-up: ${file}`);
  };
}

async function main(): Promise<void> {
  const benchStarted = Date.now();
  const target = envNumber("PRDS_BENCH_EVENTS", 50_000);
  const accounts = envNumber("PRDS_BENCH_ACCOUNTS", 200);
  const timeoutMs = envNumber("PRDS_BENCH_TIMEOUT_S", 900) * 1000;
  const catchUpTimeoutMs = envNumber("PRDS_BENCH_CATCHUP_TIMEOUT_S", 600) * 1000;
  const apiRate = envNumber("PRDS_BENCH_CATCHUP_API_RPS", 50);
  const deadline = setTimeout(() => {
    console.error(`bench:indexer did not finish within ${timeoutMs / 1000} s`);
    process.exit(2);
  }, timeoutMs);
  deadline.unref();

  log("starting the devnet");
  let devnet: BenchDevnet | null = await startBenchDevnet();
  const bench = await openBenchDatabase("indexer");
  try {
    const addresses = devnet.protocol.roles;
    const watched = WATCHED_CONTRACTS.map((name) => addresses[WATCHED_ROLES[name]]);
    log(`generating ≥ ${target} events (${accounts} accounts)`);
    const generated = await generateEvents(devnet, { targetEvents: target, watched, accounts, progress: log });
    log(
      `generated ${generated.protocolEvents} watched events (${generated.allEvents} logs in all) in ${generated.transactions} ` +
        `transactions, ${generated.blocks} blocks, ${generated.seconds.toFixed(1)} s`,
    );

    const config = loadConfig({
      ...process.env,
      ...bench.env,
      PRDS_RPC_URL: devnet.url,
      PRDS_CHAIN_ID: "31337",
      PRDS_CONFIRMATIONS: "0",
      PRDS_INDEXER_POLL_MS: "20",
      PRDS_RATE_LIMIT_MAX: "1000000000",
    });
    const from = devnet.protocol.deploymentBlock;
    const head = await devnet.provider.getBlockNumber();

    log(`eth_getLogs over blocks ${from}-${head}, ${config.batchBlocks} blocks per call`);
    const raw1 = await getLogsRate(devnet.url, watched, from, head, config.batchBlocks);

    log(`indexer catch-up on ${bench.describe}`);
    const chain = createChain(config, { addresses, deploymentBlock: from });
    const indexerLog = {
      info: () => undefined,
      warn: (...args: unknown[]) => console.warn("indexer warn:", ...args),
      error: (...args: unknown[]) => console.error("indexer error:", ...args),
    };
    // The api beside the indexer, as main.ts runs them: one process, one database.
    const api = await buildServer({ db: bench.db, chain, config: { ...config, host: "127.0.0.1" }, logger: false });
    const apiUrl = `${await api.listen({ host: "127.0.0.1", port: 0 })}/api/markets`;
    const load = startSearchLoad(apiUrl, searchMix(), apiRate);
    const stopProfile = await startProfile(process.env.PRDS_BENCH_PROFILE);
    const started = process.hrtime.bigint();
    const indexer = await startIndexer({ db: bench.db, chain, config, log: indexerLog });
    let caughtUp = true;
    // Only the time is printed while it runs: asking the database would take a share of its work.
    const ticker = setInterval(() => {
      log(`indexer catching up to block ${head}: ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s so far`);
    }, 10_000);
    try {
      await indexer.waitForBlock(head, catchUpTimeoutMs);
    } catch {
      // Reported with the rate of what it wrote in the time it had, rather than no figure at all.
      caughtUp = false;
      log(`WARNING: the indexer did not reach block ${head} within ${catchUpTimeoutMs / 1000} s`);
    }
    const indexerSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(ticker);
    await stopProfile();
    const during = await load.stop();
    await api.close();
    await indexer.stop();
    chain.close();
    const row = await bench.db.kysely
      .selectFrom("chain_events")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const indexed = Number(row.n);

    const raw2 = await getLogsRate(devnet.url, watched, from, head, config.batchBlocks);
    const raw = raw1.events / raw1.seconds >= raw2.events / raw2.seconds ? raw1 : raw2;
    if (caughtUp && indexed !== raw.events)
      log(`WARNING: the indexer wrote ${indexed} events, eth_getLogs returned ${raw.events}`);

    const getLogsRateValue = raw.events / raw.seconds;
    const indexerRate = indexed / indexerSeconds;
    result("devnet_events", raw.events, "events");
    result("devnet_blocks", head - from, "blocks");
    result("generate_seconds", generated.seconds, "s", 1);
    result("getlogs_seconds", raw.seconds, "s", 3);
    result("getlogs_events_per_s", getLogsRateValue, "events/s", 0);
    result("indexer_seconds", indexerSeconds, "s", 3);
    result("indexer_events", indexed, "events");
    result("indexer_events_per_s", indexerRate, "events/s", 0);
    result("api_requests_during_catchup", during.requests, "requests");
    result("api_failed_during_catchup", during.failed, "requests");
    result("api_p50_during_catchup_ms", during.p50, "ms", 1);
    result("api_max_during_catchup_ms", during.max, "ms", 1);
    result("api_p99_during_catchup_ms", during.p99, "ms", 1);
    const targetRatio = bench.db.dialect === "postgres" ? 0.4 : 0.5;
    log(`api during catch-up: ${during.requests} searches at ${apiRate}/s, p99 ${during.p99.toFixed(1)} ms (target ≤ 50 ms)`);
    log(
      `target: ratio ≥ ${targetRatio} (${indexerRate / getLogsRateValue >= targetRatio ? "met" : "MISSED"}); database ${bench.db.dialect}`,
    );
    log(`bench:indexer took ${((Date.now() - benchStarted) / 1000).toFixed(0)} s in all`);
    result("indexer_vs_getlogs", indexerRate / getLogsRateValue, "x", 3);
  } finally {
    await bench.drop().catch((error: unknown) => console.error(error));
    await devnet?.stop();
    devnet = null;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

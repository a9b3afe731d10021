/**
 * `pnpm --filter @prds/api run bench:api` (root: `pnpm bench:api`)
 *
 * Seeds 100k markets straight into a fresh database (SQLite by default; DATABASE_URL → a new
 * database on that PostgreSQL server), serves them with the api's buildServer on 127.0.0.1, and
 * measures POST /api/markets (pages of 20, sorted by volume) with autocannon, beside a bare Fastify
 * hello-world POST route measured in the same run with the same settings. Two api figures: one
 * search repeated ('bitcoin', ~2% of the markets: what the api's short page cache serves), and the
 * headline, a shuffled mix of ~10k different searches (words and word pairs from the seeded texts)
 * that no cache keeps warm. Beside them, the same mix asked by popularity (Zipf: a few searches
 * often, most rarely), as real traffic asks. While the api is measured the data version moves on
 * every 3 s (a BSC block), so caches keyed by it are recomputed as in production. Prints `RESULT <name> <value> <unit>` lines, the headline
 * `RESULT api_vs_bare_fastify <ratio> x` last. Targets (reported, not asserted): ratio ≥ 0.25,
 * p99 ≤ 25 ms.
 *
 * Knobs: PRDS_BENCH_MARKETS (100000), PRDS_BENCH_DURATION (10 s), PRDS_BENCH_WARMUP (3 s),
 * PRDS_BENCH_CONNECTIONS (10), PRDS_BENCH_TERM (bitcoin), PRDS_BENCH_KEEP=1 keeps the database,
 * PRDS_BENCH_PROFILE=<file.cpuprofile> writes a CPU profile of this process (the api and autocannon)
 * while the cold mix is measured (the figures of such a run are lower: the profiler costs time).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import autocannon from "autocannon";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createChain, type Chain } from "../src/chain/chain";
import { loadConfig } from "../src/config";
import { buildServer } from "../src/http/server";
import { DEVNET_PARAMS, envNumber, log, openBenchDatabase, result } from "./common";
import { prng, searchWords, seedMarkets } from "./seed-markets";

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Measures POST `url` with each request's body taken in turn from `bodies`. */
async function measure(url: string, bodies: readonly string[], seconds: number, connections: number): Promise<Measured> {
  let next = 0;
  const r = await autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: bodies[0],
    connections,
    duration: seconds,
    pipelining: 1,
    requests:
      bodies.length > 1
        ? [
            {
              method: "POST",
              setupRequest: (request) => {
                const body = bodies[next++ % bodies.length];
                return { ...request, body };
              },
            },
          ]
        : undefined,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Runs `work` under the V8 CPU profiler when `file` is set, writing the profile there. */
async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    log(`CPU profile of the cold mix: ${file}`);
  }
}

/** A deterministic shuffle (the same mix every run). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  const random = prng(42);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** BSC's block time: how often the benchmark moves the data version on while measuring. */
const BLOCK_MS = 3_000;

/**
 * `length` requests drawn from `items` by popularity: the i-th item (0-based) about 1/(i + 1) as
 * often as the first (Zipf, s = 1), the way a few searches are asked for again and again and most
 * rarely. Deterministic (the same sequence every run).
 */
function zipfSequence<T>(items: readonly T[], length: number): T[] {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < items.length; i++) cumulative.push((sum += 1 / (i + 1)));
  const random = prng(7);
  const out: T[] = [];
  for (let n = 0; n < length; n++) {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    out.push(items[lo] as T);
  }
  return out;
}

async function listen(server: FastifyInstance): Promise<string> {
  return server.listen({ host: "127.0.0.1", port: 0 });
}

interface MarketsPage {
  list: { id: string; volume?: string }[];
  total: number;
}

async function main(): Promise<void> {
  const count = envNumber("PRDS_BENCH_MARKETS", 100_000);
  const seconds = envNumber("PRDS_BENCH_DURATION", 10);
  const warmup = envNumber("PRDS_BENCH_WARMUP", 3);
  const connections = envNumber("PRDS_BENCH_CONNECTIONS", 10);
  const term = process.env.PRDS_BENCH_TERM ?? "bitcoin";

  const bench = await openBenchDatabase("api");
  const cleanups: (() => Promise<void>)[] = [() => bench.drop()];
  try {
    const { db } = bench;
    log(`database: ${bench.describe}`);
    const now = Math.floor(Date.now() / 1000);
    const seedStart = Date.now();
    const present = Number(
      (
        await db.kysely
          .selectFrom("markets")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // A reused file (PRDS_BENCH_SQLITE) already holds its markets; `matches` is then taken from the answer.
    const seeded =
      present >= count
        ? { markets: present, options: 0, matches: -1 }
        : await seedMarkets(db, count, now, term, (done) => {
            if (done % 20_000 === 0 || done === count) log(`seeded ${done} / ${count} markets`);
          });
    const seedSeconds = (Date.now() - seedStart) / 1000;
    await db.kysely.deleteFrom("indexer_state").where("key", "in", ["head_block", "head_time"]).execute();
    await db.kysely
      .insertInto("indexer_state")
      .values([
        { key: "head_block", value: String(1_000 + count * 3 + 10) },
        { key: "head_time", value: String(now) },
      ])
      .execute();
    // Fresh statistics, as a running database has.
    await sql`analyze`.execute(db.kysely);
    log(
      `seeded ${seeded.markets} markets (${seeded.options} options) in ${seedSeconds.toFixed(1)} s; '${term}' in ${seeded.matches}`,
    );

    const config = {
      ...loadConfig({ ...process.env, ...bench.env, PRDS_API_PORT: "0", PRDS_RATE_LIMIT_MAX: "1000000000" }),
      host: "127.0.0.1",
    };
    // /api/markets reads tables plus Markets.params() (read once per process and cached): the
    // deployment's parameters are given here, so no node is needed (nothing is fetched from this URL).
    const chain: Chain = { ...createChain({ rpcUrl: "http://127.0.0.1:9", chainId: 31337 }), params: async () => DEVNET_PARAMS };
    const api = await buildServer({ db, chain, config, logger: false });
    cleanups.unshift(async () => {
      await api.close();
      chain.close();
    });
    const apiUrl = `${await listen(api)}/api/markets`;

    const bare = Fastify({ logger: false });
    bare.post("/hello", async () => ({ hello: "world" }));
    cleanups.unshift(() => bare.close());
    const bareUrl = `${await listen(bare)}/hello`;

    const body = JSON.stringify({ page: 1, pageSize: 20, search: term, sort: "volume" });
    // One answer checked before measuring: a page of 20 out of the markets the term matches.
    const check = await fetch(apiUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
    const answer = (await check.json()) as { code: number; data: MarketsPage };
    if (check.status !== 200 || answer.code !== 0)
      throw new Error(`/api/markets answered ${check.status} ${JSON.stringify(answer).slice(0, 400)}`);
    if (seeded.matches < 0) seeded.matches = answer.data.total;
    if (answer.data.list.length !== Math.min(20, seeded.matches)) {
      throw new Error(`/api/markets answered ${answer.data.list.length} markets, expected ${Math.min(20, seeded.matches)}`);
    }
    const volumes = answer.data.list.map((m) => BigInt(m.volume ?? "0"));
    if (volumes.some((v, i) => i > 0 && v > (volumes[i - 1] ?? v))) throw new Error("/api/markets is not sorted by volume");
    log(`/api/markets: total ${answer.data.total} for '${term}' (seeded ${seeded.matches} containing the word)`);

    // The api keeps a just-served page for a moment, so one body repeated measures that cache.
    // The headline mix is many different searches (single words over their first pages, and word
    // pairs), more than the api could keep warm at the measured rate: each request runs its queries.
    const words = searchWords();
    const mix = shuffled([
      ...words.flatMap((word) => [1, 2, 3].map((page) => ({ page, pageSize: 20, search: word, sort: "volume" }))),
      ...words.flatMap((a) =>
        words.filter((b) => b !== a).map((b) => ({ page: 1, pageSize: 20, search: `${a} ${b}`, sort: "volume" })),
      ),
    ]).map((b) => JSON.stringify(b));
    log(`${mix.length} different searches in the mix (${words.length} words)`);
    const popular = zipfSequence(mix, 50_000);
    log(`popularity mix: ${popular.length} requests over ${new Set(popular).size} different searches (Zipf, s = 1)`);

    // While the api is measured the data moves on as the indexer moves it on BSC (a block every 3 s):
    // every cache keyed by the data version is recomputed once per block, as in production.
    let headBlock = 1_000 + count * 3 + 10;
    const ticker = setInterval(() => {
      headBlock += 1;
      void db.kysely
        .updateTable("indexer_state")
        .set({ value: String(headBlock) })
        .where("key", "=", "head_block")
        .execute();
    }, BLOCK_MS);
    cleanups.unshift(async () => clearInterval(ticker));

    log(`warm-up ${warmup} s each`);
    await measure(bareUrl, [body], warmup, connections);
    await measure(apiUrl, [body], warmup, connections);
    await measure(apiUrl, popular, warmup, connections);
    await measure(apiUrl, mix, warmup, connections);
    log(`measuring ${seconds} s each, ${connections} connections`);
    const b = await measure(bareUrl, [body], seconds, connections);
    const same = await measure(apiUrl, [body], seconds, connections);
    const z = await measure(apiUrl, popular, seconds, connections);
    const a = await profiled(process.env.PRDS_BENCH_PROFILE, () => measure(apiUrl, mix, seconds, connections));
    for (const [name, m] of [
      ["bare_fastify", b],
      ["api_markets_same_query", same],
      ["api_markets_popularity_mix", z],
      ["api_markets", a],
    ] as const) {
      if (m.non2xx > 0 || m.errors > 0) log(`WARNING ${name}: ${m.non2xx} non-2xx answers, ${m.errors} errors`);
    }

    result("seed_markets", seeded.markets, "markets");
    result("seed_seconds", seedSeconds, "s", 1);
    result("search_matches", answer.data.total, "markets");
    result("bare_fastify_rps", b.rps, "req/s", 0);
    result("bare_fastify_p99", b.p99, "ms");
    result("api_markets_same_query_rps", same.rps, "req/s", 0);
    result("api_markets_same_query_p99", same.p99, "ms");
    result("api_markets_popularity_mix_rps", z.rps, "req/s", 0);
    result("api_markets_popularity_mix_p99", z.p99, "ms");
    result("api_markets_popularity_mix_vs_bare_fastify", z.rps / b.rps, "x", 3);
    result("api_markets_rps", a.rps, "req/s", 0);
    result("api_markets_p50", a.p50, "ms");
    result("api_markets_p99", a.p99, "ms");
    result("api_markets_non2xx", a.non2xx + a.errors + same.non2xx + same.errors, "answers");
    log(`targets: ratio ≥ 0.25 (${a.rps / b.rps >= 0.25 ? "met" : "MISSED"}), p99 ≤ 25 ms (${a.p99 <= 25 ? "met" : "MISSED"})`);
    result("api_vs_bare_fastify", a.rps / b.rps, "x", 3);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

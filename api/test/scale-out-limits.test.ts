import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase, startApiProcess, stopAll, type ApiProcess, type PostgresDatabase } from "./helpers/apiProcess";
import { freePort } from "./helpers/devnet";
import { startTestRedis, type TestRedis } from "./helpers/redis";

/**
 * Shared limits (issue 24, finding 11): two api processes behind one load balancer, on one
 * PostgreSQL database, keep their rate limits and rollout report caps in one Redis (PRDS_REDIS_URL),
 * so a client that spreads its requests over both gets what one process allows, not twice that.
 * Runs on a fresh PostgreSQL database and on Redis (127.0.0.1:6379, or a redis-server the test starts)
 * in both passes of the test command; never skipped.
 */
jest.setTimeout(120_000);

let pg: PostgresDatabase | null = null;
let redis: TestRedis | null = null;
let a: ApiProcess | null = null;
let b: ApiProcess | null = null;
let dir = "";
const SITE = "http://127.0.0.1:3000";
const VERSION = "0.1.0+20250101000000.aaaa";

/** A client address of this run alone (the limits live in Redis beyond the test). */
const client = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
const headers = { "x-forwarded-for": client, origin: SITE };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "prds-limits-"));
  const manifest = path.join(dir, "rollout.json");
  writeFileSync(
    manifest,
    JSON.stringify({
      schemaVersion: 1,
      salt: "s",
      reports: true,
      remotes: { mfe_claim: { stable: VERSION, versions: { [VERSION]: {} } } },
    }),
  );
  [pg, redis] = await Promise.all([createPostgresDatabase("limits"), startTestRedis()]);
  const env = (name: string): Record<string, string> => ({
    DATABASE_URL: pg?.urlFor(name) ?? "",
    PRDS_REDIS_URL: redis?.url ?? "",
    // Calls that read only the database; no chain is needed, so none is indexed.
    PRDS_INDEXER: "0",
    PRDS_RPC_URL: `http://127.0.0.1:${rpcPort}`,
    PRDS_API_DATA_DIR: dir,
    PRDS_TRUST_PROXY: "127.0.0.1",
    PRDS_CORS_ORIGINS: SITE,
    PRDS_ROLLOUT_MANIFEST: manifest,
    PRDS_RATE_LIMIT_MAX: "6",
    PRDS_RATE_LIMIT_WINDOW_MS: "600000",
    PRDS_ROLLOUT_REPORTS_PER_WINDOW: "3",
  });
  const rpcPort = await freePort();
  [a, b] = await Promise.all([
    startApiProcess({ name: "api_a", env: env("api_a") }),
    startApiProcess({ name: "api_b", env: env("api_b") }),
  ]);
});

afterAll(async () => {
  await stopAll([a, b]);
  await pg?.drop().catch(() => undefined);
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function send(p: ApiProcess, route: string, body: unknown): Promise<number> {
  const response = await fetch(`${p.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.text();
  return response.status;
}

test("a client spreading its requests over two api processes gets one process's limits, not twice them", async () => {
  if (!a || !b) throw new Error("not started");
  const load = (i: number) => i.toString(16).padStart(32, "0");
  // The rollout report cap (3 a window), counted in Redis: api_a, api_b, api_a, api_b…
  const reports: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    reports.push(
      await send(i % 2 ? b : a, "/api/rollout/report", {
        load: load(i + 1),
        reports: [{ remote: "mfe_claim", version: VERSION, kind: "loaded" }],
      }),
    );
  }
  expect(reports).toEqual([200, 200, 200, 429]);
  // The call limit (6 a window; the 4 reports took 4 of them), shared the same way.
  const calls: number[] = [];
  for (let i = 0; i < 4; i += 1) calls.push(await send(i % 2 ? a : b, "/api/rollout/stats", {}));
  expect(calls).toEqual([200, 200, 429, 429]);
  // Counted once each across both processes: the three reports allowed.
  const rows = await pg?.db.kysely.selectFrom("rollout_loads").select("load_id").execute();
  expect(rows?.length).toBe(3);
});

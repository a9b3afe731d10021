import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { ROLLOUT_RETENTION_DAYS } from "../src/http/routes/rollout";
import { listen, post, startHttpHarness, type HttpHarness } from "./helpers/http";

/**
 * The rollout's telemetry (issues 18 and 24): pages report each remote version they loaded or gave
 * up; the api counts what a real page load of a release the rollout manifest names could say — from
 * the site's origins, once per load id, a bounded share per visitor (client address) — and `pnpm
 * rollout guard` acts only on enough loads and visitors. On SQLite and on PostgreSQL (PRDS_TEST_DB),
 * over real HTTP; `guard` runs as the real command against this server.
 */
let h: HttpHarness;
let dir = "";
let manifestFile = "";

const SITE = "http://127.0.0.1:3000";
const STABLE = "0.1.0+20250101000000.aaaa";
const CANARY = "0.1.0+20250102000000.bbbb";
const MARKET = "0.2.0+20250103000000.cccc";
const REPO_ROOT = path.resolve(__dirname, "../..");

interface StatsRow {
  remote: string;
  version: string;
  kind: string;
  count: number;
  visitors: number;
  firstAt: number;
  lastAt: number;
}
interface Stats {
  list: StatsRow[];
  total: number;
  page: number;
  pageSize: number;
}

const release = (remote: string, version: string) => ({
  url: `/releases/${remote}/${version}/mf-manifest.json`,
  integrity: null,
  shared: null,
  publishedAt: null,
});

/** A rollout manifest as `pnpm rollout` writes it: claim with a canary, market with a stable only. */
function writeManifest(autoRollback = { maxFailureRate: 0.2, minLoads: 10, minVisitors: 5 }): void {
  const requires = { host: "^0.1.0", shared: "^0.1.0" };
  writeFileSync(
    manifestFile,
    JSON.stringify({
      schemaVersion: 1,
      salt: "a1b2c3",
      reports: true,
      autoRollback,
      updatedAt: null,
      remotes: {
        mfe_claim: {
          stable: STABLE,
          canary: { version: CANARY, percent: 50, cohorts: [], startedAt: null },
          lastGood: [],
          requires,
          versions: { [STABLE]: release("mfe_claim", STABLE), [CANARY]: release("mfe_claim", CANARY) },
        },
        mfe_market: {
          stable: MARKET,
          canary: null,
          lastGood: [],
          requires,
          versions: { [MARKET]: release("mfe_market", MARKET) },
        },
      },
    }),
  );
}

let serial = 0;
/** A fresh page load id (32 hex digits), as the page mints one. */
const newLoad = () => (++serial).toString(16).padStart(32, "0");
/** Request headers of a page on the site, seen from client address `ip` (through the trusted proxy). */
const from = (ip: string, origin: string | null = SITE): Record<string, string> => ({
  "x-forwarded-for": ip,
  ...(origin === null ? {} : { origin }),
});

type Kind = "loaded" | "missing" | "render" | "integrity";
const report = (
  app: FastifyInstance,
  load: string,
  reports: { remote?: string; version: string; kind: Kind }[],
  headers = from("203.0.113.1"),
) =>
  post<{ counted: number; ignored: number }>(
    app,
    "/api/rollout/report",
    { load, reports: reports.map((r) => ({ remote: "mfe_claim", ...r })) },
    headers,
  );

const stats = async (body: Record<string, unknown> = {}) => (await h.post<Stats>("/api/rollout/stats", body)).body.data;
const counts = (rows: StatsRow[]) => rows.map((r) => `${r.remote} ${r.version} ${r.kind} ${r.count} from ${r.visitors}`);

/**
 * `pnpm rollout guard` (or another command) against this server and the test's releases folder. Not
 * spawnSync: the server answering it runs in this process.
 */
async function rollout(app: FastifyInstance, ...args: string[]): Promise<string> {
  const api = await listen(app);
  const cli = [
    "-r",
    path.join(REPO_ROOT, "contracts/scripts/swc-register.cjs"),
    path.join(REPO_ROOT, "scripts/release/rollout.ts"),
  ];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...cli, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, PRDS_RELEASES_DIR: dir, PRDS_API_URL: api }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error) reject(new Error(`pnpm rollout ${args.join(" ")} failed (${error.message}):\n${output}`));
        else resolve(output);
      },
    );
  });
}
const canaryOf = () =>
  (JSON.parse(readFileSync(manifestFile, "utf8")) as { remotes: { mfe_claim: { canary: unknown } } }).remotes.mfe_claim.canary;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "prds-rollout-"));
  manifestFile = path.join(dir, "rollout.json");
  writeManifest();
  h = await startHttpHarness("rollout", {
    rolloutManifest: manifestFile,
    // The reports come "through" a proxy on 127.0.0.1 that names the client, so a test can be many visitors.
    trustProxy: ["127.0.0.1"],
    corsOrigins: [SITE],
    rolloutReportsPerWindow: 1_000_000,
  });
});
afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.db.kysely.deleteFrom("rollout_loads").execute();
  writeManifest();
});

test("counts each page load once per remote and version, however often its reports arrive", async () => {
  const a = newLoad();
  const b = newLoad();
  const first = await report(h.app, a, [
    { version: CANARY, kind: "missing" },
    { version: STABLE, kind: "loaded" },
    { remote: "mfe_market", version: MARKET, kind: "loaded" },
  ]);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ code: 0, data: { counted: 3, ignored: 0 } });
  // The same load again (the page's leave flush, or a replay): nothing more.
  const replay = await report(h.app, a, [
    { version: CANARY, kind: "missing" },
    { version: STABLE, kind: "loaded" },
    { version: STABLE, kind: "loaded" },
  ]);
  expect(replay.body.data).toEqual({ counted: 0, ignored: 3 });
  // Another load from another visitor; its version loaded, then threw while rendering: a render failure.
  await report(h.app, b, [{ version: STABLE, kind: "loaded" }], from("198.51.100.7"));
  const crashed = await report(h.app, b, [{ version: STABLE, kind: "render" }], from("198.51.100.7"));
  expect(crashed.body.data).toEqual({ counted: 1, ignored: 0 });
  // …and that load cannot go back to `loaded`.
  expect((await report(h.app, b, [{ version: STABLE, kind: "loaded" }], from("198.51.100.7"))).body.data.counted).toBe(0);

  expect(counts((await stats()).list)).toEqual([
    `mfe_claim ${STABLE} loaded 1 from 1`,
    `mfe_claim ${STABLE} render 1 from 1`,
    `mfe_claim ${CANARY} missing 1 from 1`,
    `mfe_market ${MARKET} loaded 1 from 1`,
  ]);
  const [row] = (await stats({ remote: "mfe_market" })).list;
  const nowSeconds = Math.floor(Date.now() / 1000);
  expect(row?.firstAt).toBeGreaterThan(nowSeconds - 60);
  expect(row?.lastAt).toBeGreaterThanOrEqual(row?.firstAt ?? Infinity);
});

test("counts only remotes and versions the rollout manifest names, and follows the manifest as it changes", async () => {
  const answer = await report(h.app, newLoad(), [
    { version: "9.9.9", kind: "render" },
    { remote: "mfe_invented", version: STABLE, kind: "render" },
    { remote: "mfe_market", version: STABLE, kind: "loaded" },
    { version: CANARY, kind: "loaded" },
  ]);
  expect(answer.body.data).toEqual({ counted: 1, ignored: 3 });
  expect(counts((await stats()).list)).toEqual([`mfe_claim ${CANARY} loaded 1 from 1`]);

  // A release added to the manifest (pnpm rollout canary) is counted from its first loads on.
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
    remotes: { mfe_market: { versions: Record<string, unknown> } };
  };
  manifest.remotes.mfe_market.versions["0.2.1+new"] = release("mfe_market", "0.2.1+new");
  writeFileSync(manifestFile, JSON.stringify(manifest));
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const later = await report(h.app, newLoad(), [{ remote: "mfe_market", version: "0.2.1+new", kind: "loaded" }]);
  expect(later.body.data).toEqual({ counted: 1, ignored: 0 });

  // A manifest that cannot be read keeps the last good one; none at all counts nothing.
  writeFileSync(manifestFile, "{ not json");
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await report(h.app, newLoad(), [{ version: CANARY, kind: "loaded" }])).body.data.counted).toBe(1);
  const without = await h.serverWith({ rolloutManifest: null });
  expect((await report(without, newLoad(), [{ version: CANARY, kind: "loaded" }])).body.data).toEqual({ counted: 0, ignored: 1 });
});

test("takes reports from the site's own pages only: another Origin, or none, is refused and counts nothing", async () => {
  for (const origin of ["http://evil.example", "null", null]) {
    const answer = await report(h.app, newLoad(), [{ version: CANARY, kind: "render" }], from("203.0.113.9", origin));
    expect([origin, answer.status, answer.body.msg]).toEqual([origin, 422, "api.error.rolloutOriginRefused"]);
  }
  expect((await stats()).list).toEqual([]);
});

test("refuses what is not a report, and counts nothing of it", async () => {
  const item = { remote: "mfe_claim", version: CANARY, kind: "loaded" };
  const bad: unknown[] = [
    {},
    { load: newLoad(), reports: [] },
    { reports: [item] },
    { load: "not-a-load-id", reports: [item] },
    { load: "A".repeat(32), reports: [item] },
    { load: newLoad(), reports: Array.from({ length: 21 }, () => item) },
    { load: newLoad(), reports: [{ ...item, kind: "exploded" }] },
    { load: newLoad(), reports: [{ ...item, remote: "MFE Claim" }] },
    { load: newLoad(), reports: [{ ...item, version: "<script>alert(1)</script>" }] },
    { load: newLoad(), reports: [{ remote: "mfe_claim", kind: "loaded" }] },
  ];
  for (const body of bad) {
    const answer = await post(h.app, "/api/rollout/report", body, from("203.0.113.1"));
    expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.msg]).toEqual([
      JSON.stringify(body).slice(0, 60),
      400,
      "api.error.invalidBody",
    ]);
  }
  expect((await stats()).list).toEqual([]);
});

test("one visitor adds a bounded share: so many loads to a version, so many requests a window (429 after)", async () => {
  const capped = await h.serverWith({ rolloutLoadsPerVisitor: 5 });
  const answers: number[] = [];
  for (let i = 0; i < 8; i += 1)
    answers.push((await report(capped, newLoad(), [{ version: CANARY, kind: "render" }])).body.data.counted);
  expect(answers).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
  // Another visitor, and the same visitor on another version, have their own share.
  expect((await report(capped, newLoad(), [{ version: CANARY, kind: "render" }], from("198.51.100.2"))).body.data.counted).toBe(
    1,
  );
  expect((await report(capped, newLoad(), [{ version: STABLE, kind: "loaded" }])).body.data.counted).toBe(1);
  // An IPv6 visitor is its /64: other addresses in it share one share, even when they report at once.
  const v6 = await Promise.all(
    ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9", "2001:db8:1:2::4", "2001:db8:1:2::5", "2001:db8:1:2::6"].map(
      async (ip) => (await report(capped, newLoad(), [{ version: CANARY, kind: "loaded" }], from(ip))).body.data.counted,
    ),
  );
  expect(v6.reduce((a, b) => a + b, 0)).toBe(5);
  expect(counts((await stats({ version: CANARY })).list)).toEqual([
    `mfe_claim ${CANARY} loaded 5 from 1`,
    `mfe_claim ${CANARY} render 6 from 2`,
  ]);

  const limited = await h.serverWith({ rolloutReportsPerWindow: 3, rolloutWindowMs: 60_000 });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await report(limited, newLoad(), [{ version: STABLE, kind: "render" }])).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  // Another visitor is not held back by that one.
  expect((await report(limited, newLoad(), [{ version: STABLE, kind: "render" }], from("198.51.100.3"))).status).toBe(200);
});

test("forged reports do not move guard: invented versions, another Origin, replayed loads, one visitor's flood", async () => {
  writeManifest({ maxFailureRate: 0.2, minLoads: 10, minVisitors: 5 });
  const forger = from("203.0.113.66");
  // Twenty failures of the canary from one address, each with a fresh load id, and replays of one.
  for (let i = 0; i < 20; i += 1) await report(h.app, newLoad(), [{ version: CANARY, kind: "render" }], forger);
  const replayed = newLoad();
  for (let i = 0; i < 20; i += 1) await report(h.app, replayed, [{ version: CANARY, kind: "render" }], from("203.0.113.67"));
  // …from another site's page (its visitors' browsers, each its own address): refused.
  for (let i = 0; i < 20; i += 1)
    await report(h.app, newLoad(), [{ version: CANARY, kind: "render" }], from(`192.0.2.${i + 1}`, "http://evil.example"));
  // …and for versions the manifest does not name.
  for (let i = 0; i < 20; i += 1)
    await report(h.app, newLoad(), [{ version: `${CANARY}x${i}`, kind: "render" }], from(`192.0.2.${i + 1}`));
  const said = await rollout(h.app, "guard");
  expect(said).toMatch(
    /mfe_claim: canary \S+ at 100\.0 % failures over 21 loads: kept \(too few visitors behind the failures to judge\)/,
  );
  expect(said).toMatch(/evidence: 21 page loads counted once each \(0 loaded, render 21\) from at least 2 visitors/);
  expect(canaryOf()).not.toBeNull();
});

test("a real canary failure from enough visitors still rolls back, and one visitor's flood of 'loaded' cannot hide it", async () => {
  writeManifest({ maxFailureRate: 0.2, minLoads: 10, minVisitors: 5 });
  // Older versions fill more than a page of stats before the canary's rows: guard reads every page.
  const today = Math.floor(Date.now() / 1000 / 86_400);
  await h.db.kysely
    .insertInto("rollout_loads")
    .values(
      Array.from({ length: 150 }, (_, i) => ({
        load_id: newLoad(),
        remote: "mfe_claim",
        version: `0.0.${String(i).padStart(3, "0")}`,
        kind: "loaded",
        client: "old",
        day: today,
        first_at: 1,
        last_at: 1,
      })),
    )
    .execute();
  // One address floods 50 'loaded' reports of the canary (each a fresh load id): 20 count.
  const flood = from("203.0.113.99");
  for (let i = 0; i < 50; i += 1) await report(h.app, newLoad(), [{ version: CANARY, kind: "loaded" }], flood);
  // Ten real visitors, each on its own address, fail with the same integrity error.
  for (let i = 0; i < 10; i += 1)
    await report(h.app, newLoad(), [{ version: CANARY, kind: "integrity" }], from(`198.51.100.${i + 10}`));
  expect(counts((await stats({ version: CANARY })).list)).toEqual([
    `mfe_claim ${CANARY} integrity 10 from 10`,
    `mfe_claim ${CANARY} loaded 20 from 1`,
  ]);
  const said = await rollout(h.app, "guard");
  expect(said).toMatch(
    /ROLLED BACK mfe_claim: canary \S+ rolled back automatically: 10 of 30 loads failed \(33\.3 % > 20\.0 %\) from 10 visitors/,
  );
  expect(said).toMatch(
    /evidence: 30 page loads counted once each \(20 loaded, integrity 10\) from at least 10 visitors, the failures from at least 10/,
  );
  expect(canaryOf()).toBeNull();
});

test("pages the stats: page and pageSize over every remote, version and outcome, with the total", async () => {
  const today = Math.floor(Date.now() / 1000 / 86_400);
  await h.db.kysely
    .insertInto("rollout_loads")
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        load_id: newLoad(),
        remote: "mfe_claim",
        version: `1.0.${String(i).padStart(2, "0")}`,
        kind: i % 2 ? "loaded" : "missing",
        client: `c${i % 3}`,
        day: today,
        first_at: 1,
        last_at: 2,
      })),
    )
    .execute();
  const first = await stats({ pageSize: 20 });
  const second = await stats({ pageSize: 20, page: 2 });
  expect([first.total, first.list.length, second.total, second.list.length, second.page]).toEqual([25, 20, 25, 5, 2]);
  expect([...first.list, ...second.list].map((r) => r.version)).toEqual(
    Array.from({ length: 25 }, (_, i) => `1.0.${String(i).padStart(2, "0")}`),
  );
  expect((await stats()).pageSize).toBe(20);
  const refused = await h.post("/api/rollout/stats", { pageSize: 101 });
  expect([refused.status, refused.body.msg]).toEqual([400, "api.error.invalidBody"]);
});

test(`keeps loads ${ROLLOUT_RETENTION_DAYS} days: older ones are deleted, and no older day can be asked for`, async () => {
  const today = Math.floor(Date.now() / 1000 / 86_400);
  const row = (day: number) => ({
    load_id: newLoad(),
    remote: "mfe_claim",
    version: STABLE,
    kind: "loaded",
    client: "c",
    day,
    first_at: 1,
    last_at: 2,
  });
  await h.db.kysely
    .insertInto("rollout_loads")
    .values([row(today - ROLLOUT_RETENTION_DAYS - 5), row(today - 1)])
    .execute();
  expect(counts((await stats({ days: 2 })).list)).toEqual([`mfe_claim ${STABLE} loaded 1 from 1`]);
  // The first report of a day (per process) sweeps what is past the window.
  const fresh = await h.serverWith({});
  await report(fresh, newLoad(), [{ version: CANARY, kind: "loaded" }]);
  const left = await sql<{ n: number | string }>`select count(*) as n from rollout_loads`.execute(h.db.kysely);
  expect(Number(left.rows[0]?.n)).toBe(2);
  const refused = await h.post("/api/rollout/stats", { days: ROLLOUT_RETENTION_DAYS + 1 });
  expect(refused.status).toBe(400);
});

test("is rate-limited per client like every call, and answers the site's origins only (CORS)", async () => {
  const limited = await h.serverWith({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await report(limited, newLoad(), [{ version: STABLE, kind: "loaded" }])).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);

  const base = await listen(h.app);
  const preflight = await fetch(`${base}/api/rollout/report`, {
    method: "OPTIONS",
    headers: { origin: SITE, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
  expect(preflight.headers.get("access-control-allow-origin")).toBe(SITE);
  const other = await fetch(`${base}/api/rollout/report`, {
    method: "OPTIONS",
    headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
  });
  expect(other.headers.get("access-control-allow-origin")).toBeNull();
});

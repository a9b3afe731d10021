import { sql } from "kysely";
import { MAX_VERSIONS_PER_REMOTE } from "../src/http/routes/rollout";
import { listen, post, startHttpHarness, type HttpHarness } from "./helpers/http";

/**
 * The rollout's telemetry (issue 18): pages report each remote version they loaded or gave up, the
 * api counts them per remote, version, kind and day, and the rollout CLI reads the counts back. On
 * SQLite and on PostgreSQL (PRDS_TEST_DB), over real HTTP.
 */
let h: HttpHarness;

interface StatsRow {
  remote: string;
  version: string;
  kind: string;
  count: number;
  firstAt: number;
  lastAt: number;
}

const stats = async (body: Record<string, unknown> = {}) =>
  (await h.post<{ list: StatsRow[] }>("/api/rollout/stats", body)).body.data.list;
const counts = (rows: StatsRow[]) => rows.map((r) => `${r.remote} ${r.version} ${r.kind} ${r.count}`);

beforeAll(async () => {
  h = await startHttpHarness("rollout");
});
afterAll(async () => h?.close());
beforeEach(async () => {
  await h.db.kysely.deleteFrom("rollout_reports").execute();
});

test("counts each report per remote, version and kind, across requests", async () => {
  const v1 = "0.1.0+20250101000000.aaaa";
  const v2 = "0.1.0+20250102000000.bbbb";
  const first = await h.post<{ counted: number }>("/api/rollout/report", {
    reports: [
      { remote: "mfe_claim", version: v1, kind: "loaded" },
      { remote: "mfe_claim", version: v2, kind: "integrity" },
      { remote: "mfe_claim", version: v1, kind: "loaded" },
    ],
  });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ code: 0, data: { counted: 3 } });
  await h.post("/api/rollout/report", {
    reports: [
      { remote: "mfe_claim", version: v2, kind: "integrity" },
      { remote: "mfe_claim", version: v2, kind: "render" },
      { remote: "mfe_market", version: v1, kind: "loaded" },
    ],
  });
  expect(counts(await stats())).toEqual([
    `mfe_claim ${v1} loaded 2`,
    `mfe_claim ${v2} integrity 2`,
    `mfe_claim ${v2} render 1`,
    `mfe_market ${v1} loaded 1`,
  ]);
  expect(counts(await stats({ remote: "mfe_claim", version: v2 }))).toEqual([
    `mfe_claim ${v2} integrity 2`,
    `mfe_claim ${v2} render 1`,
  ]);
  const [row] = await stats({ remote: "mfe_market" });
  const nowSeconds = Math.floor(Date.now() / 1000);
  expect(row?.firstAt).toBeGreaterThan(nowSeconds - 60);
  expect(row?.lastAt).toBeGreaterThanOrEqual(row?.firstAt ?? Infinity);
});

test("reads only the days asked for", async () => {
  const today = Math.floor(Date.now() / 1000 / 86_400);
  await h.db.kysely
    .insertInto("rollout_reports")
    .values([
      { remote: "mfe_claim", version: "1.0.0", kind: "loaded", day: today - 40, count: 7, first_at: 1, last_at: 2 },
      { remote: "mfe_claim", version: "1.0.0", kind: "loaded", day: today - 1, count: 5, first_at: 3, last_at: 4 },
    ])
    .execute();
  expect(counts(await stats())).toEqual(["mfe_claim 1.0.0 loaded 5"]);
  expect(counts(await stats({ days: 60 }))).toEqual(["mfe_claim 1.0.0 loaded 12"]);
});

test("refuses what is not a report, and counts nothing of it", async () => {
  const bad: unknown[] = [
    {},
    { reports: [] },
    { reports: Array.from({ length: 21 }, () => ({ remote: "mfe_claim", version: "1.0.0", kind: "loaded" })) },
    { reports: [{ remote: "mfe_claim", version: "1.0.0", kind: "exploded" }] },
    { reports: [{ remote: "MFE Claim", version: "1.0.0", kind: "loaded" }] },
    { reports: [{ remote: "mfe_claim", version: "<script>alert(1)</script>", kind: "loaded" }] },
    { reports: [{ remote: "mfe_claim", version: "1".repeat(65), kind: "loaded" }] },
    { reports: [{ remote: "mfe_claim", kind: "loaded" }] },
    { reports: ["mfe_claim 1.0.0 loaded"] },
  ];
  for (const body of bad) {
    const answer = await h.post("/api/rollout/report", body);
    expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.msg]).toEqual([
      JSON.stringify(body).slice(0, 60),
      400,
      "api.error.invalidBody",
    ]);
  }
  expect(await stats()).toEqual([]);
});

test(`counts at most ${MAX_VERSIONS_PER_REMOTE} versions of a remote, so invented versions cannot grow the table`, async () => {
  const today = Math.floor(Date.now() / 1000 / 86_400);
  const rows = Array.from({ length: MAX_VERSIONS_PER_REMOTE }, (_, i) => ({
    remote: "mfe_claim",
    version: `0.0.${i}`,
    kind: "loaded",
    day: today,
    count: 1,
    first_at: 1,
    last_at: 1,
  }));
  await h.db.kysely.insertInto("rollout_reports").values(rows).execute();
  const refused = await h.post("/api/rollout/report", {
    reports: [
      { remote: "mfe_claim", version: "0.0.3", kind: "render" },
      { remote: "mfe_claim", version: "9.9.9", kind: "loaded" },
    ],
  });
  expect(refused.status).toBe(422);
  expect(refused.body.msg).toBe("api.error.rolloutTooManyVersions");
  // Nothing of the refused batch was counted, not even its known version.
  expect(counts(await stats({ version: "0.0.3" }))).toEqual(["mfe_claim 0.0.3 loaded 1"]);
  // A known version is still counted, and another remote has its own bound.
  await h.post("/api/rollout/report", { reports: [{ remote: "mfe_claim", version: "0.0.3", kind: "render" }] });
  await h.post("/api/rollout/report", { reports: [{ remote: "mfe_market", version: "9.9.9", kind: "loaded" }] });
  expect(counts(await stats({ version: "0.0.3" }))).toEqual(["mfe_claim 0.0.3 loaded 1", "mfe_claim 0.0.3 render 1"]);
  expect(counts(await stats({ remote: "mfe_market" }))).toEqual(["mfe_market 9.9.9 loaded 1"]);
  const total = await sql<{ n: number | string }>`select count(*) as n from rollout_reports`.execute(h.db.kysely);
  expect(Number(total.rows[0]?.n)).toBe(MAX_VERSIONS_PER_REMOTE + 2);
});

test("is rate-limited per client like every call, and answers the site's origins only (CORS)", async () => {
  const limited = await h.serverWith({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
  const body = { reports: [{ remote: "mfe_claim", version: "1.0.0", kind: "loaded" }] };
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await post(limited, "/api/rollout/report", body)).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  expect(counts(await stats())).toEqual(["mfe_claim 1.0.0 loaded 3"]);

  const base = await listen(h.app);
  const preflight = await fetch(`${base}/api/rollout/report`, {
    method: "OPTIONS",
    headers: {
      origin: "http://127.0.0.1:3000",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
  });
  expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
  const other = await fetch(`${base}/api/rollout/report`, {
    method: "OPTIONS",
    headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
  });
  expect(other.headers.get("access-control-allow-origin")).toBeNull();
});

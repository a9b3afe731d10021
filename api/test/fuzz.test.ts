import { readdirSync } from "node:fs";
import { ERRORS } from "../src/http/errors";
import { ADMIN_CALL_BODIES } from "../src/http/routes/admin";
import { ADMIN_TOKEN, listen, startHttpHarness, type HttpHarness } from "./helpers/http";
import { dumpTables, insertMarket, setHead } from "./helpers/httpRows";

/**
 * The security review's fuzzing, kept: malformed requests generated from the api's own OpenAPI
 * document (every call in it), plus malformed paths, methods, headers and bodies. Bounded: a fixed
 * number of requests (FUZZ_PER_CALL per call, FUZZ_RAW raw ones) from a seeded generator
 * (PRDS_FUZZ_SEED replays a run) and a time budget. Every answer must be below 500 and, when it is
 * an error, the envelope with a catalogue code; nothing in the database or the evidence folder may
 * change; and the server must answer normally afterwards.
 */
const NOW = 1_800_000_000;
const SEED = Number(process.env.PRDS_FUZZ_SEED ?? 19_2024);
const FUZZ_PER_CALL = 200;
const FUZZ_RAW = 1_600;
const TIME_BUDGET_MS = 60_000;
const CONCURRENCY = 8;

let h: HttpHarness;
let base: string;

beforeAll(async () => {
  h = await startHttpHarness("fuzz");
  base = await listen(h.app);
  await setHead(h.db, NOW);
  for (let id = 1; id <= 3; id++) await insertMarket(h.db, { id, now: NOW, event: `Fuzz market ${id}?` });
});
afterAll(async () => h?.close());

// ------------------------------------------------------------------ a seeded generator

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u202eevil",
  "\ud800",
  "<script>alert(1)</script>",
  "<details open ontoggle=alert(1)>",
  "javascript:alert(1)",
  "' OR '1'='1",
  "1; drop table markets; --",
  "../../../../etc/passwd",
  "%00%zz%",
  "${7*7}{{7*7}}",
  "\u200b\u3164\u2800",
  "𝐫𝐨𝐮𝐥𝐞𝐭𝐭𝐞",
  "0x",
  "0xZZ",
  `0x${"g".repeat(64)}`,
  "-1",
  "1e309",
  "NaN",
  "9".repeat(400),
  "a".repeat(70_000),
];
const NASTY_NUMBERS = [-1, 0, 0.5, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, 10_001, 1e21];

/** A JSON value of a random type, sometimes nested deep. */
function junk(depth = 0): unknown {
  switch (Math.floor(random() * (depth > 3 ? 5 : 7))) {
    case 0:
      return pick(NASTY_STRINGS);
    case 1:
      return pick(NASTY_NUMBERS);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return Math.floor(random() * 1000);
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => junk(depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 3) }, (_, i) => [`k${i}`, junk(depth + 1)]));
  }
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: Schema;
  format?: string;
}

type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";
const ALL_TYPES: JsonType[] = ["string", "number", "integer", "boolean", "null", "array", "object"];

function allowedTypes(schema: Schema): Set<JsonType> | null {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const union = new Set<JsonType>();
    for (const v of variants) {
      const types = allowedTypes(v);
      if (types === null) return null;
      types.forEach((t) => union.add(t));
    }
    return union;
  }
  if (schema.type === undefined) return null;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[];
  const set = new Set(types);
  if (set.has("number")) set.add("integer");
  return set;
}

function valueOfType(type: JsonType): unknown {
  switch (type) {
    case "string":
      return pick(NASTY_STRINGS.filter((s) => s.length < 1000));
    case "number":
      return 1.5;
    case "integer":
      return 7;
    case "boolean":
      return true;
    case "null":
      return null;
    case "array":
      return [junk()];
    case "object":
      return { nested: junk() };
  }
}

/** A value the schema refuses, or undefined when it accepts anything of every type. */
function violating(schema: Schema): unknown {
  const options: (() => unknown)[] = [];
  const types = allowedTypes(schema);
  if (types) {
    const wrong = ALL_TYPES.filter((t) => !types.has(t) && !(t === "integer" && types.has("number")));
    if (wrong.length) options.push(() => valueOfType(pick(wrong)));
  }
  const single = !schema.anyOf && !schema.oneOf;
  if (single && schema.enum) options.push(() => `not-${String(pick(schema.enum ?? []))}`);
  if (single && schema.maxLength !== undefined) options.push(() => "x".repeat(schema.maxLength! + 1 + Math.floor(random() * 10)));
  if (single && schema.minLength !== undefined && schema.minLength > 0) options.push(() => "");
  if (single && schema.pattern !== undefined) {
    const regex = new RegExp(schema.pattern, "u");
    const candidates = NASTY_STRINGS.filter((s) => s.length < 1000 && !regex.test(s));
    if (candidates.length) options.push(() => pick(candidates));
  }
  if (single && schema.minimum !== undefined) options.push(() => schema.minimum! - 1 - Math.floor(random() * 1000));
  if (single && schema.maximum !== undefined) options.push(() => schema.maximum! + 1 + Math.floor(random() * 1000));
  if (single && types?.has("integer") && !types.has("number")) options.push(() => 1.25);
  if (single && schema.maxItems !== undefined) options.push(() => Array.from({ length: schema.maxItems! + 1 }, () => "x"));
  if (single && schema.items) {
    const bad = violating(schema.items);
    if (bad !== undefined) options.push(() => [bad]);
  }
  return options.length ? pick(options)() : undefined;
}

/** A body the call's schema refuses: one certain violation, the rest random. */
function malformedBody(schema: Schema): unknown {
  const props = Object.entries(schema.properties ?? {});
  const strategies: (() => unknown)[] = [() => pick([[], "a string", 42, true, [{ a: 1 }]])];
  const breakable = props.filter(([, s]) => violating(s) !== undefined);
  if (breakable.length) {
    strategies.push(() => {
      const body: Record<string, unknown> = {};
      for (const [name] of props) if (chance(0.5)) body[name] = junk();
      const [name, s] = pick(breakable);
      body[name] = violating(s);
      if (chance(0.2)) body.__proto__ = { polluted: true };
      return body;
    });
  }
  const required = schema.required ?? [];
  if (required.length) {
    strategies.push(() => {
      const body: Record<string, unknown> = {};
      const missing = pick(required);
      for (const [name] of props) if (name !== missing && chance(0.6)) body[name] = junk();
      return body;
    });
  }
  return pick(strategies)();
}

// ------------------------------------------------------------------ requests

interface Request {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
}

interface Outcome {
  request: Request;
  status: number;
  body: string;
}

/** What a live stream that started answers in place of its body: the events never end. */
const STREAM_STARTED = "(a live stream started)";

async function send(r: Request): Promise<Outcome> {
  const response = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return { request: r, status: response.status, body: STREAM_STARTED };
  }
  return { request: r, status: response.status, body: await response.text() };
}

/** A query string for GET /api/stream: its three fields (or an unknown one) with junk or good values. */
function streamQuery(): string {
  const params = new URLSearchParams();
  const value = (): string => (chance(0.5) ? String(junk()) : pick(["1,2,3", "", "0x" + "ab".repeat(20), "7", "-1", "1,,2"]));
  for (const name of ["markets", "account", "since"]) if (chance(0.6)) params.set(name, value());
  if (chance(0.2)) params.set(String(junk()).slice(0, 20) || "x", value());
  return params.toString();
}

/** What the server must do with any of these: < 500, and an error in the envelope with a catalogue code. */
function problem(o: Outcome): string | null {
  if (o.status >= 500) return `HTTP ${o.status}`;
  if (o.request.method === "HEAD" || o.status === 204) return null;
  if (o.request.path === "/api/openapi.json" && o.status === 200) return null;
  if (o.body === STREAM_STARTED) return o.request.path.startsWith("/api/stream?") ? null : "a stream where none belongs";
  let body: { code?: unknown; msg?: unknown; data?: unknown; extra?: unknown };
  try {
    body = JSON.parse(o.body) as typeof body;
  } catch {
    return `not JSON: ${o.body.slice(0, 80)}`;
  }
  if (o.status === 200) return body.code === 0 ? null : `200 with code ${String(body.code)}`;
  const entry = Object.values(ERRORS).find((e) => e.code === body.code);
  if (!entry) return `unknown code ${String(body.code)}`;
  if (entry.status !== o.status) return `code ${entry.code} with HTTP ${o.status}`;
  if (body.msg !== entry.key || body.data !== null || typeof body.extra !== "object") return "not the envelope";
  return null;
}

function jsonRequest(path: string, body: unknown, extraHeaders: Record<string, string> = {}): Request {
  return {
    label: `POST ${path}`,
    method: "POST",
    path,
    headers: { "content-type": "application/json", ...extraHeaders },
    body: JSON.stringify(body),
  };
}

/** Malformed paths, methods, headers and bodies on any route. */
function rawRequest(paths: readonly string[]): Request {
  const path = pick(paths);
  const kind = Math.floor(random() * 9);
  switch (kind) {
    case 0:
      return {
        label: "bad escape",
        method: pick(["GET", "POST"]),
        path: `${path}${pick(["%", "%zz", "%E0%A4%A", "%00", "%c0%af"])}`,
        headers: {},
      };
    case 1:
      return {
        label: "long path",
        method: "GET",
        path: `/api/evidence/${"9".repeat(200 + Math.floor(random() * 6000))}`,
        headers: {},
      };
    case 2:
      return { label: "method", method: pick(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "GET"]), path, headers: {} };
    case 3:
      return {
        label: "content type",
        method: "POST",
        path,
        headers: {
          "content-type": pick([
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "multipart/form-data; boundary=",
            "application/json; charset=utf-16",
            "application/xml",
          ]),
        },
        body: pick(["{}", "a=1&b=2", "<x/>", "--\r\n", "\u0000\u0001"]),
      };
    case 4:
      return {
        label: "broken JSON",
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        body: pick([
          '{"page":',
          "{'a':1}",
          '{"a":1}}',
          "[",
          '"\\ud800"',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ]),
      };
    case 5:
      return {
        label: "huge body",
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ search: "x".repeat(70_000) }),
      };
    case 6:
      return {
        label: "gzip claim",
        method: "POST",
        path,
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: "not gzip",
      };
    case 7: {
      const form = new FormData();
      const variant = Math.floor(random() * 4);
      if (variant === 0) form.append("image", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])]), "fake.png");
      if (variant === 1) form.append("file", new Blob(["hello"]), "a.txt");
      if (variant === 2) form.append("text", "x".repeat(2_001));
      if (variant === 3) form.append("text", "evidence\u202e");
      return { label: "multipart", method: "POST", path: "/api/evidence/upload", headers: {}, body: form };
    }
    default:
      return {
        label: "query and headers",
        method: "POST",
        path: `${path}?page=-1&__proto__[x]=1&${"q=".repeat(50)}`,
        headers: {
          "content-type": "application/json",
          "x-admin-token": pick(["", "x", ADMIN_TOKEN.slice(0, -1)]),
          "x-forwarded-for": "1.2.3.4",
        },
        body: "{}",
      };
  }
}

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
}

test(
  "every call in the OpenAPI document, fed malformed requests: no 5xx, the envelope, nothing changed",
  async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApi;
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        path: path.replace(/\{hash\}/, `0x${"ab".repeat(32)}`),
        method: method.toUpperCase(),
        schema: op.requestBody?.content?.["application/json"]?.schema ?? null,
      })),
    );
    // The admin calls are left out of the public document; they are fuzzed from their own schemas.
    const calls = [
      ...documented,
      ...Object.entries(ADMIN_CALL_BODIES).map(([path, body]) => ({ path, method: "POST", schema: body as Schema })),
    ];
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(23);

    const before = await dumpTables(h.db);
    const evidenceBefore = readdirSync(h.config.evidenceDir, { recursive: true }).sort();

    // Round-robin over the calls so that every call is covered early, whatever the time budget cuts.
    const queue: Request[] = [];
    for (let round = 0; round < FUZZ_PER_CALL; round++) {
      for (const call of calls) {
        if (call.method !== "POST") {
          // The live stream takes its subscription in the query: fuzz that (a good one starts a stream).
          const path = call.path === "/api/stream" ? `${call.path}?${streamQuery()}` : call.path;
          queue.push({ label: `${call.method} ${call.path}`, method: call.method, path, headers: {} });
          continue;
        }
        const admin: Record<string, string> =
          call.path.startsWith("/api/admin/") && chance(0.5) ? { "x-admin-token": ADMIN_TOKEN } : {};
        if (call.path === "/api/evidence/upload") {
          queue.push(jsonRequest(call.path, junk()));
          continue;
        }
        queue.push(jsonRequest(call.path, malformedBody(call.schema ?? {}), admin));
      }
      if (round * calls.length > 0) {
        for (let i = 0; i < Math.ceil(FUZZ_RAW / FUZZ_PER_CALL); i++) queue.push(rawRequest(posts.map((c) => c.path)));
      }
    }

    const started = Date.now();
    const problems: string[] = [];
    const covered = new Set<string>();
    let sent = 0;
    let next = 0;
    const worker = async () => {
      while (next < queue.length && Date.now() - started < TIME_BUDGET_MS) {
        const r = queue[next++];
        if (!r) break;
        try {
          const outcome = await send(r);
          sent++;
          covered.add(r.path.split("?")[0] ?? r.path);
          const issue = problem(outcome);
          if (issue) problems.push(`${r.label} ${r.path.slice(0, 80)} ${String(r.body ?? "").slice(0, 120)} → ${issue}`);
        } catch (error) {
          problems.push(`${r.label} ${r.path.slice(0, 80)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    console.log(`fuzz: seed ${SEED}, ${sent} requests in ${Date.now() - started} ms, ${problems.length} problems`);
    expect(problems.slice(0, 20)).toEqual([]);
    // Every call of the document was reached (the budget is ample: ~7,000 requests take ~15 s here).
    for (const call of calls) expect([call.path, covered.has(call.path)]).toEqual([call.path, true]);
    expect(sent).toBeGreaterThanOrEqual(calls.length * 10);

    expect(await dumpTables(h.db)).toEqual(before);
    expect(readdirSync(h.config.evidenceDir, { recursive: true }).sort()).toEqual(evidenceBefore);
    // And it still serves.
    const after = await fetch(`${base}/api/markets`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(((await after.json()) as { code: number; data: { total: number } }).data.total).toBe(3);
  },
  TIME_BUDGET_MS + 60_000,
);

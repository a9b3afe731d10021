import { getAddress } from "ethers";
import { ERRORS } from "../src/http/errors";
import { JSON_BODY_LIMIT } from "../src/http/server";
import { ADMIN_TOKEN, CALLS, listen, request, startHttpHarness, type HttpHarness, type Reply } from "./helpers/http";
import { dumpTables, insertMarket, setHead } from "./helpers/httpRows";

/**
 * Every call, fed malformed bodies: wrong types, missing fields, huge strings, negative and
 * overflowing numbers, bad hex / addresses / hashes, Unicode tricks, SQL and script payloads,
 * oversized pages. Each must answer code ≠ 0 with an api.error.* message key and the HTTP status
 * the error catalogue gives that code — never a 500 — and leave every table as it was.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let base: string;

type Kind =
  "hash" | "address" | "marketId" | "tokenId" | "page" | "pageSize" | "int" | "enum" | "text" | "texts" | "chainType" | "reports";
interface Field {
  name: string;
  kind: Kind;
  required?: boolean;
  /** Longest accepted string (text fields). */
  max?: number;
}
interface Call {
  path: (typeof CALLS)[number];
  fields: Field[];
  valid: Record<string, unknown>;
  headers?: Record<string, string>;
}

const ADDRESS = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const HASH = `0x${"ab".repeat(32)}`;
const paging: Field[] = [
  { name: "page", kind: "page" },
  { name: "pageSize", kind: "pageSize" },
];
const admin = { "x-admin-token": ADMIN_TOKEN };

const CALL_SPECS: Call[] = [
  { path: "/api/get-trans-status", fields: [{ name: "hash", kind: "hash", required: true }], valid: { hash: HASH } },
  {
    path: "/api/markets",
    fields: [
      ...paging,
      { name: "search", kind: "text", max: 200 },
      { name: "category", kind: "enum" },
      { name: "status", kind: "enum" },
      { name: "sort", kind: "enum" },
    ],
    valid: { page: 1, pageSize: 20, search: "bitcoin", category: "crypto", status: "open", sort: "volume" },
  },
  {
    path: "/api/market/detail",
    fields: [
      { name: "id", kind: "marketId", required: true },
      { name: "account", kind: "address" },
    ],
    valid: { id: 1, account: ADDRESS },
  },
  {
    path: "/api/market/history",
    fields: [
      { name: "id", kind: "marketId", required: true },
      { name: "from", kind: "int" },
      { name: "to", kind: "int" },
      { name: "points", kind: "int" },
    ],
    valid: { id: "1", from: 0, to: NOW, points: 50 },
  },
  {
    path: "/api/market/trades",
    fields: [{ name: "id", kind: "marketId", required: true }, ...paging],
    valid: { id: 1, page: 1, pageSize: 20 },
  },
  {
    path: "/api/ticket/tokens",
    fields: [{ name: "account", kind: "address", required: true }, ...paging, { name: "relation", kind: "enum" }],
    valid: { account: ADDRESS, page: 1, pageSize: 20, relation: "all" },
  },
  { path: "/api/config/issue", fields: [], valid: {} },
  {
    path: "/api/issue/submit-underlying",
    fields: [
      { name: "event", kind: "text", required: true, max: 1000 },
      { name: "options", kind: "texts", required: true },
      { name: "category", kind: "enum", required: true },
      { name: "description", kind: "text", max: 10_000 },
      { name: "resolutionSource", kind: "text", max: 1000 },
      { name: "url", kind: "text", max: 4096 },
      { name: "content", kind: "text", max: 10_000 },
      { name: "language", kind: "enum" },
    ],
    valid: {
      event: "Will it rain in Lisbon tomorrow?",
      options: ["Yes", "No"],
      category: "other",
      description: "",
      resolutionSource: "",
      url: "",
      content: "",
      language: "en",
    },
  },
  { path: "/api/ticket-sale/sale", fields: [], valid: {} },
  {
    path: "/api/ticket-market/detail",
    fields: [
      ...paging,
      { name: "tokenId", kind: "tokenId" },
      { name: "kind", kind: "enum" },
      { name: "type", kind: "enum" },
      { name: "sort", kind: "enum" },
    ],
    valid: { page: 1, pageSize: 20, kind: "sale", type: "common", sort: "newest" },
  },
  { path: "/api/ticket-market/packets", fields: [], valid: {} },
  {
    path: "/api/issued",
    fields: [{ name: "account", kind: "address", required: true }, ...paging, { name: "status", kind: "enum" }],
    valid: { account: ADDRESS, page: 1, pageSize: 20, status: "all" },
  },
  {
    path: "/api/bought",
    fields: [{ name: "account", kind: "address", required: true }, ...paging, { name: "status", kind: "enum" }],
    valid: { account: ADDRESS, page: 1, pageSize: 20, status: "all" },
  },
  {
    path: "/api/user-dealt",
    fields: [{ name: "account", kind: "address", required: true }, ...paging, { name: "marketId", kind: "marketId" }],
    valid: { account: ADDRESS, page: 1, pageSize: 20, marketId: 1 },
  },
  {
    path: "/api/ticket/transactions",
    fields: [{ name: "account", kind: "address" }, { name: "tokenId", kind: "tokenId" }, ...paging],
    valid: { account: ADDRESS, tokenId: 1, page: 1, pageSize: 20 },
  },
  {
    path: "/api/user/info",
    fields: [
      { name: "account", kind: "address", required: true },
      { name: "chainType", kind: "chainType", required: true },
    ],
    valid: { account: ADDRESS, chainType: "devnet" },
  },
  {
    path: "/api/user/snapshots",
    fields: [
      { name: "account", kind: "address", required: true },
      { name: "days", kind: "int" },
    ],
    valid: { account: ADDRESS, days: 7 },
  },
  {
    path: "/api/referral/rewards",
    fields: [{ name: "account", kind: "address", required: true }, ...paging],
    valid: { account: ADDRESS, page: 1, pageSize: 20 },
  },
  {
    path: "/api/user/history",
    fields: [{ name: "account", kind: "address", required: true }, ...paging],
    valid: { account: ADDRESS, page: 1, pageSize: 20 },
  },
  {
    path: "/api/user/claims",
    fields: [{ name: "account", kind: "address", required: true }],
    valid: { account: ADDRESS },
  },
  {
    path: "/api/issuer/track-record",
    fields: [{ name: "account", kind: "address", required: true }],
    valid: { account: ADDRESS },
  },
  { path: "/api/evidence/detail", fields: [{ name: "hash", kind: "hash", required: true }], valid: { hash: HASH } },
  {
    path: "/api/admin/audit/list",
    fields: [...paging, { name: "status", kind: "enum" }, { name: "hash", kind: "hash" }],
    valid: { page: 1, pageSize: 20, status: "audit", hash: HASH },
    headers: admin,
  },
  {
    path: "/api/admin/audit/review",
    fields: [
      { name: "hash", kind: "hash", required: true },
      { name: "decision", kind: "enum", required: true },
      { name: "reason", kind: "text", max: 500 },
    ],
    valid: { hash: HASH, decision: "reject", reason: "no" },
    headers: admin,
  },
  {
    path: "/api/rollout/report",
    fields: [
      { name: "load", kind: "text", required: true, max: 32 },
      { name: "reports", kind: "reports", required: true },
    ],
    valid: {
      load: "0123456789abcdef0123456789abcdef",
      reports: [{ remote: "mfe_claim", version: "0.1.0+20250101000000.abcd", kind: "loaded" }],
    },
    // Reports are taken from the site's pages only.
    headers: { origin: "http://127.0.0.1:3000" },
  },
  {
    path: "/api/rollout/stats",
    fields: [
      { name: "remote", kind: "text", max: 40 },
      { name: "version", kind: "text", max: 64 },
      { name: "days", kind: "int" },
      ...paging,
    ],
    valid: { remote: "mfe_claim", version: "0.1.0+20250101000000.abcd", days: 30, page: 1, pageSize: 20 },
  },
  {
    path: "/api/user/alerts",
    fields: [{ name: "account", kind: "address", required: true }],
    valid: { account: ADDRESS },
  },
  { path: "/api/stream/status", fields: [], valid: {} },
];

const SQL = ["1; drop table markets; --", "' OR '1'='1", '"; delete from market_metadata; --', "1 UNION SELECT * FROM licenses"];
const SCRIPT = ["<script>alert(1)</script>", "javascript:alert(1)", "<img src=x onerror=alert(1)>"];
/** A valid checksummed address with the case of one letter flipped: a mistyped address. */
const badChecksum = (() => {
  const good = getAddress(ADDRESS);
  const i = [...good].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
  const c = good[i] ?? "a";
  return good.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + good.slice(i + 1);
})();

const WRONG_TYPES: unknown[] = [null, true, {}, [], [1]];
const BAD: Record<Kind, unknown[]> = {
  hash: [
    "",
    "0x",
    "0x1234",
    `0x${"g".repeat(64)}`,
    "ab".repeat(32),
    `0x${"a".repeat(63)}`,
    `0x${"a".repeat(65)}`,
    ` ${HASH}`,
    `${HASH.slice(0, 65)}\u200b`,
    `０x${"a".repeat(64)}`,
    `0x${"a".repeat(62)}\u202e1`,
    12345,
    ...SQL,
    ...SCRIPT,
  ],
  address: [
    "",
    "0x",
    "0x123",
    `0x${"z".repeat(40)}`,
    ADDRESS.slice(2),
    `${ADDRESS}00`,
    badChecksum,
    `${ADDRESS.slice(0, 41)}\u200b`,
    ADDRESS.replace("7", "７"),
    0,
    ...SQL,
    ...SCRIPT,
  ],
  marketId: [
    -1,
    0,
    1.5,
    2 ** 53,
    1e300,
    -1e300,
    "",
    "-1",
    "0",
    "01",
    "1e3",
    "1.0",
    " 1",
    "0x10",
    "１",
    "99999999999999999999",
    ...SQL,
  ],
  tokenId: [-1, 1.5, 2 ** 53, 1e300, "", "-1", "01", "0x1", "１", ...SQL],
  page: [0, -1, 1.5, 10_001, 1e20, "1", ...SQL],
  pageSize: [0, -5, 101, 1e9, 2.5, "20"],
  int: [-1, 2 ** 41, 1.5, 1e300, "10", ...SQL],
  enum: ["", "bogus", "OPEN", "open ", "\u200bopen", 1, ...SQL, ...SCRIPT],
  text: [42, { a: 1 }],
  texts: ["Yes", [1, 2], [{}, "No"], [null, "No"], Array.from({ length: 33 }, (_, i) => `o${i}`), ["x".repeat(501), "No"]],
  chainType: ["", "x".repeat(33), 56, ...SQL],
  reports: [
    [{ remote: "mfe_claim", version: "1.0.0", kind: "bogus" }],
    [{ remote: "mfe_claim", version: "1.0.0" }],
    [{ remote: "", version: "1.0.0", kind: "loaded" }],
    [{ remote: "mfe_claim", version: "1.0.0 ", kind: "loaded" }],
    ...SQL.map((version) => [{ remote: "mfe_claim", version, kind: "loaded" }]),
    ...SCRIPT.map((remote) => [{ remote, version: "1.0.0", kind: "loaded" }]),
    Array.from({ length: 21 }, () => ({ remote: "mfe_claim", version: "1.0.0", kind: "loaded" })),
    ["mfe_claim"],
  ],
};

/** The bodies to send for a call: each field broken in each way, plus missing required fields. */
function badBodies(call: Call): { label: string; body: unknown; field: string | null }[] {
  const out: { label: string; body: unknown; field: string | null }[] = [];
  for (const f of call.fields) {
    const values = [...WRONG_TYPES.filter((v) => !(f.kind === "texts" && Array.isArray(v) && v.length === 0)), ...BAD[f.kind]];
    if (f.kind === "text" && f.max !== undefined) values.push("y".repeat(f.max + 1));
    for (const value of values)
      out.push({
        label: `${f.name}=${JSON.stringify(value).slice(0, 40)}`,
        body: { ...call.valid, [f.name]: value },
        field: f.name,
      });
    if (f.required) {
      const { [f.name]: _dropped, ...rest } = call.valid;
      out.push({ label: `without ${f.name}`, body: rest, field: f.name });
    }
  }
  for (const body of [[], [call.valid], "text", 42, true])
    out.push({ label: `body ${JSON.stringify(body).slice(0, 30)}`, body, field: null });
  return out;
}

const STATUS_OF_CODE = new Map(Object.values(ERRORS).map((e) => [e.code as number, e.status as number]));

function expectRefused(r: Reply, label: string): void {
  const summary = `${label} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
  expect([summary, r.status >= 400 && r.status < 500]).toEqual([summary, true]);
  expect([summary, [401, 403].includes(r.status)]).toEqual([summary, false]);
  expect([summary, r.body.code !== 0 && typeof r.body.code === "number"]).toEqual([summary, true]);
  expect([summary, r.body.msg]).toEqual([summary, expect.stringMatching(/^api\.error\.[a-zA-Z]+$/)]);
  expect([summary, r.body.data]).toEqual([summary, null]);
  expect([summary, STATUS_OF_CODE.get(r.body.code)]).toEqual([summary, r.status]);
  expect(typeof (r.body.extra as { message?: unknown }).message).toBe("string");
  expect(JSON.stringify(r.body)).not.toMatch(/at .+\.(ts|js):\d+/); // no stack
}

beforeAll(async () => {
  h = await startHttpHarness("badinput");
  base = await listen(h.app);
  await setHead(h.db, NOW);
  // Something in the tables, so "nothing changed" has something to keep.
  await insertMarket(h.db, { id: 1, now: NOW, event: "Will it rain?" });
});
afterAll(async () => h?.close());

test("every call is covered", () => {
  expect([...CALL_SPECS.map((c) => c.path), "/api/evidence/upload"].sort()).toEqual([...CALLS].sort());
});

describe.each(CALL_SPECS.map((c) => [c.path, c] as const))("%s", (_path, call) => {
  test("malformed bodies: a clear error, the catalogue's status, never 500, nothing changed", async () => {
    const before = await dumpTables(h.db);
    for (const { label, body, field } of badBodies(call)) {
      const r = await request(base, "POST", call.path, {
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", ...call.headers },
      });
      expectRefused(r, `${call.path} ${label}`);
      // A schema failure names the field it is about.
      if (field && r.body.code === ERRORS.invalidBody.code) {
        expect([label, String((r.body.extra as { field?: string }).field).split(".")[0]]).toEqual([label, field]);
      }
    }
    const huge = await request(base, "POST", call.path, {
      body: JSON.stringify({ ...call.valid, junk: "z".repeat(JSON_BODY_LIMIT) }),
      headers: { "content-type": "application/json", ...call.headers },
    });
    expectRefused(huge, `${call.path} huge body`);
    expect(huge.status).toBe(413);
    const broken = await request(base, "POST", call.path, {
      body: '{"a":',
      headers: { "content-type": "application/json", ...call.headers },
    });
    expectRefused(broken, `${call.path} broken JSON`);
    expect(await dumpTables(h.db)).toEqual(before);
  });
});

describe("/api/evidence/upload", () => {
  test("malformed uploads: a clear error, never 500, nothing changed", async () => {
    const before = await dumpTables(h.db);
    const form = (build: (f: FormData) => void) => {
      const f = new FormData();
      build(f);
      return f;
    };
    const bodies: [string, RequestInit["body"], Record<string, string>][] = [
      ["JSON", JSON.stringify({ text: "x" }), { "content-type": "application/json" }],
      ["plain text", "text=hello", { "content-type": "text/plain" }],
      ["no body", undefined, {}],
      ["multipart without a boundary", "--x\r\n", { "content-type": "multipart/form-data" }],
      ["empty form", form(() => undefined), {}],
      ["a file under another name", form((f) => f.set("file", new Blob([Buffer.from("x")]), "a.png")), {}],
      [
        "a script as the image",
        form((f) => f.set("image", new Blob(["<script>alert(1)</script>"], { type: "image/png" }), "x.png")),
        {},
      ],
      ["a too long text", form((f) => f.set("text", "t".repeat(20_000))), {}],
      ["a NUL in the text", form((f) => f.set("text", "a\u0000b")), {}],
    ];
    for (const [label, body, headers] of bodies) {
      const r = await request(base, "POST", "/api/evidence/upload", { body, headers });
      expectRefused(r, `upload ${label}`);
    }
    expect(await dumpTables(h.db)).toEqual(before);
  });
});

describe("hostile but well-formed text", () => {
  test("is searched for as text, never run", async () => {
    const before = await dumpTables(h.db);
    for (const search of [
      ...SQL,
      ...SCRIPT,
      "\u202eniotcib",
      "bit\u200bcoin",
      "\ud800",
      "🂡🂢",
      "%' OR 1=1 --",
      "*",
      '"',
      "AND OR NOT NEAR",
    ]) {
      const r = await h.post("/api/markets", { search });
      expect([search, r.status, r.body.code]).toEqual([search, 200, 0]);
    }
    expect(await dumpTables(h.db)).toEqual(before);
  });

  // Markup itself is not refused (moderation judges content; every page renders text as text:
  // http-moderation.test.ts and e2e/tests/security.spec.ts); what cannot be text is.
  test("submitting control characters, broken text, an unknown category or a script URL changes nothing", async () => {
    const before = await dumpTables(h.db);
    const bodies = [
      { event: "Will it?\u0000", options: ["Yes", "No"], category: "other" },
      { event: "Will it?\u202e", options: ["Yes", "No"], category: "other" },
      { event: "Will it?", options: ["Yes", "N\ud800o"], category: "other" },
      { event: "Will it?", options: ["Yes", "No"], category: "other; drop table markets" },
      { event: "Will it?", options: ["Yes", "No"], category: "other", url: "javascript:alert(document.cookie)" },
    ];
    for (const body of bodies) expectRefused(await h.post("/api/issue/submit-underlying", body), JSON.stringify(body));
    expect(await dumpTables(h.db)).toEqual(before);
  });
});

import { sql } from "kysely";
import { ERRORS } from "../src/http/errors";
import { buildServer, JSON_BODY_LIMIT } from "../src/http/server";
import { createTestDatabase } from "./helpers/db";
import { CALLS, listen, post, request, startHttpHarness, type HttpHarness } from "./helpers/http";

/**
 * The server's envelope, errors, limits, CORS, rate limit and OpenAPI document — what every call
 * shares. Per-call behaviour lives in the other http-*.test.ts files.
 */

/** The calls the public OpenAPI document lists: every one but the admin token's. */
const PUBLIC_CALLS = CALLS.filter((call) => !call.startsWith("/api/admin/"));

let h: HttpHarness;
let base: string;

beforeAll(async () => {
  h = await startHttpHarness("server");
  base = await listen(h.app);
});
afterAll(async () => h?.close());

describe("envelope", () => {
  test("a missing body is an empty object: code 0", async () => {
    const r = await request(base, "POST", "/api/markets");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, msg: "success", data: { list: [], total: 0, page: 1, pageSize: 20 } });
  });

  test("an empty JSON body and a JSON null are an empty object too", async () => {
    for (const body of ["", "null", "  "]) {
      const r = await request(base, "POST", "/api/markets", { body, headers: { "content-type": "application/json" } });
      expect([r.status, r.body.code]).toEqual([200, 0]);
    }
  });

  test("malformed JSON → 400 invalidJson, same envelope, no stack", async () => {
    const r = await request(base, "POST", "/api/markets", {
      body: '{"page": 1,',
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: ERRORS.invalidJson.code,
      msg: "api.error.invalidJson",
      data: null,
      extra: { message: ERRORS.invalidJson.message },
    });
  });

  test("prototype poisoning is refused", async () => {
    const r = await request(base, "POST", "/api/markets", {
      body: '{"__proto__": {"x": 1}}',
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).not.toBe(0);
  });

  test("a validation error names the field", async () => {
    const r = await h.post("/api/markets", { page: 0 });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ERRORS.invalidBody.code);
    expect(r.body.msg).toBe("api.error.invalidBody");
    expect(r.body.extra).toMatchObject({ field: "page" });
    const missing = await h.post("/api/market/detail", {});
    expect(missing.body.extra).toMatchObject({ field: "id" });
  });

  test("a body that is not an object is refused", async () => {
    for (const body of ["[]", "42", '"text"', "true"]) {
      const r = await request(base, "POST", "/api/markets", { body, headers: { "content-type": "application/json" } });
      expect([r.status, r.body.code]).toEqual([400, ERRORS.invalidBody.code]);
    }
  });

  test("another content type → 400 (JSON only)", async () => {
    const text = await request(base, "POST", "/api/markets", {
      body: "page=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([text.status, text.body.code]).toEqual([400, ERRORS.unsupportedMediaType.code]);
    const form = new FormData();
    form.set("page", "1");
    const multipart = await request(base, "POST", "/api/markets", { body: form });
    expect([multipart.status, multipart.body.code]).toEqual([400, ERRORS.unsupportedMediaType.code]);
  });

  test(`a JSON body above ${JSON_BODY_LIMIT} bytes → 413`, async () => {
    const r = await h.post("/api/markets", { search: "x".repeat(JSON_BODY_LIMIT) });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: ERRORS.bodyTooLarge.code, msg: "api.error.bodyTooLarge", data: null });
  });

  test("unknown route → 404 envelope", async () => {
    const r = await h.post("/api/nope", {});
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: ERRORS.routeNotFound.code, msg: "api.error.routeNotFound", data: null });
    const root = await request(base, "GET", "/");
    expect(root.status).toBe(404);
    expect(root.body.code).toBe(ERRORS.routeNotFound.code);
  });

  test("GET on a POST call → 405 envelope with Allow: POST", async () => {
    for (const path of ["/api/markets", "/api/user/info", "/api/evidence/upload"]) {
      const r = await request(base, "GET", path);
      expect(r.status).toBe(405);
      expect(r.headers["allow"]).toBe("POST");
      expect(r.body).toMatchObject({ code: ERRORS.methodNotAllowed.code, msg: "api.error.methodNotAllowed", data: null });
    }
  });

  test("no answer is ever 401 or 403", async () => {
    const statuses = await Promise.all([
      h.post("/api/admin/audit/list", {}),
      h.post("/api/admin/audit/list", {}, { "x-admin-token": "wrong" }),
      h.post("/api/admin/audit/review", { hash: `0x${"1".repeat(64)}`, decision: "approve" }),
    ]);
    for (const r of statuses) expect([401, 403]).not.toContain(r.status);
  });

  test("a genuine failure is a 500 in the envelope, without internals", async () => {
    // A server on a database that lost its markets table: every list query throws.
    const broken = await createTestDatabase("broken");
    const server = await buildServer({ db: broken.db, chain: h.chain, config: h.config });
    await sql`drop table markets`.execute(broken.db.kysely);
    const r = await post(server, "/api/markets", {});
    await server.close();
    await broken.drop();
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      code: ERRORS.internal.code,
      msg: "api.error.internal",
      data: null,
      extra: { message: ERRORS.internal.message },
    });
  });
});

describe("CORS", () => {
  test("a configured origin is allowed, without credentials", async () => {
    const r = await fetch(`${base}/api/markets`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(r.status).toBeLessThan(300);
    expect(r.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
    expect(r.headers.get("access-control-allow-methods")).toContain("POST");
    expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    const simple = await h.post("/api/markets", {}, { origin: "http://127.0.0.1:3000" });
    expect(simple.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:3000");
    expect(simple.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  test("another origin gets no CORS headers", async () => {
    const r = await h.post("/api/markets", {}, { origin: "https://evil.example" });
    expect(r.status).toBe(200);
    expect(r.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("rate limit", () => {
  test("beyond the per-IP budget → 429 envelope", async () => {
    const limited = await h.serverWith({ rateLimitMax: 3, rateLimitWindowMs: 60_000 });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(limited, "/api/markets", {}));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]?.status).toBe(429);
    expect(answers[3]?.body).toMatchObject({ code: ERRORS.rateLimited.code, msg: "api.error.rateLimited", data: null });
  });
});

describe("OpenAPI", () => {
  test("GET /api/openapi.json documents every call with its request and response schemas", async () => {
    const r = await fetch(`${base}/api/openapi.json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of PUBLIC_CALLS) {
      const op = doc.paths[call]?.post;
      expect(op).toBeDefined();
      expect(op?.responses["200"]).toBeDefined();
      if (call !== "/api/evidence/upload") expect(op?.requestBody?.content["application/json"]?.schema).toBeDefined();
    }
    expect(doc.paths["/api/evidence/upload"]?.post?.requestBody?.content["multipart/form-data"]).toBeDefined();
    expect(doc.paths["/api/evidence/{hash}"]?.get).toBeDefined();
    // The answer schemas are the real ones: e.g. the market list's items and the error envelope.
    const markets = JSON.stringify(doc.paths["/api/markets"]?.post?.responses["200"]);
    for (const field of ["metadataHash", "odds", "probability", "closingSoon", "label"]) expect(markets).toContain(field);
    expect(JSON.stringify(doc)).toContain("api.error");
  });

  test("every documented call is served (no POST 404)", async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.entries(doc.paths)
      .filter(([, ops]) => "post" in ops)
      .map(([path]) => path);
    expect(posts.sort()).toEqual([...PUBLIC_CALLS].sort());
  });

  test("the admin calls are not in the public document (they answer like unknown routes)", async () => {
    const text = await (await fetch(`${base}/api/openapi.json`)).text();
    const doc = JSON.parse(text) as { paths: Record<string, unknown>; tags?: { name: string }[] };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/api/admin/"))).toEqual([]);
    expect(text).not.toContain("/api/admin");
    expect(text).not.toContain("x-admin-token");
    expect(doc.tags?.map((tag) => tag.name)).not.toContain("admin");
  });
});

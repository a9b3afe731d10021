import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, deflateSync, gunzipSync, gzipSync } from "node:zlib";
import { COMPRESS_THRESHOLD } from "../src/http/compression";
import { ERRORS } from "../src/http/errors";
import { listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { pngChunk } from "./helpers/httpImages";
import { address, insertMarket, moveHead, setHead } from "./helpers/httpRows";

/**
 * Compression (br / gzip as Accept-Encoding asks, JSON only, above a threshold) and conditional
 * answers (strong ETag, If-None-Match → 304) of the read calls. Bytes are read raw (node:http):
 * fetch would decode them and hide the coding.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let base: string;
let block = 1_000;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** `body`: JSON to send, or bytes sent as they are (with the headers given). */
function raw(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Raw> {
  const data = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method, headers: { ...(data === undefined ? {} : { "content-type": "application/json" }), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const postRaw = (path: string, body: unknown, headers: Record<string, string> = {}) => raw("POST", path, body, headers);

function decoded(r: Raw): unknown {
  const coding = r.headers["content-encoding"];
  const bytes = coding === "br" ? brotliDecompressSync(r.bytes) : coding === "gzip" ? gunzipSync(r.bytes) : r.bytes;
  return JSON.parse(bytes.toString("utf8"));
}

const varyOf = (r: Raw) =>
  String(r.headers["vary"] ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());

/** Moves the indexer's head one block on, as after a write, so the server's caches refresh. */
async function bump(): Promise<void> {
  block += 1;
  await moveHead(h.db, h.post, NOW, block);
}

beforeAll(async () => {
  h = await startHttpHarness("caching");
  base = await listen(h.app);
  await setHead(h.db, NOW, block);
  for (let id = 1; id <= 8; id++)
    await insertMarket(h.db, {
      id,
      now: NOW,
      event: `Will market number ${id} of the caching suite settle Yes?`,
      volume: id * 10,
    });
  await bump();
});
afterAll(async () => h?.close());

describe("compression", () => {
  test("a list answer is compressed as asked (br, gzip) and decodes to the JSON sent without coding", async () => {
    const plain = await postRaw("/api/markets", {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const json = decoded(plain);
    expect(json).toMatchObject({ code: 0, data: { total: 8 } });

    for (const [asked, coding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br", "br"],
      ["br;q=0.1, gzip;q=1", "gzip"],
    ] as const) {
      const r = await postRaw("/api/markets", {}, { "accept-encoding": asked });
      expect([r.status, r.headers["content-encoding"]]).toEqual([200, coding]);
      expect(r.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(decoded(r)).toEqual(json);
      expect(varyOf(r)).toContain("accept-encoding");
    }
  });

  test("identity, or a coding we do not offer, gets the JSON as it is, still marked Vary: Accept-Encoding", async () => {
    for (const asked of ["identity", "deflate", "compress"]) {
      const r = await postRaw("/api/markets", {}, { "accept-encoding": asked });
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(decoded(r)).toMatchObject({ code: 0, data: { total: 8 } });
      expect(varyOf(r)).toContain("accept-encoding");
    }
  });

  test(`an answer under ${COMPRESS_THRESHOLD} bytes goes uncompressed`, async () => {
    const r = await postRaw("/api/markets", { search: "nothing matches this" }, { "accept-encoding": "br, gzip" });
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(varyOf(r)).toContain("accept-encoding");
  });

  test("a compressed answer keeps the security, rate-limit and CORS headers", async () => {
    const origin = "http://127.0.0.1:3000";
    const r = await postRaw("/api/markets", {}, { "accept-encoding": "br", origin });
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(r.headers["x-ratelimit-limit"]).toBeDefined();
    expect(r.headers["access-control-allow-origin"]).toBe(origin);
    expect(r.headers["access-control-expose-headers"]).toBe("etag");
    expect(varyOf(r)).toEqual(expect.arrayContaining(["origin", "accept-encoding"]));
  });

  test("a request body is read as sent: a gzip-coded body is not JSON", async () => {
    const body = gzipSync(JSON.stringify({ page: 1 }));
    const r = await postRaw("/api/markets", body, { "content-type": "application/json", "content-encoding": "gzip" });
    expect([r.status, (decoded(r) as { code: number }).code]).toEqual([400, ERRORS.invalidJson.code]);
  });

  test("an evidence image is served with its own bytes, never re-compressed", async () => {
    // Random pixels: the PNG stays larger than the threshold, so only its type keeps it uncoded.
    const ihdr = Buffer.from([0, 0, 0, 32, 0, 0, 0, 32, 8, 2, 0, 0, 0]);
    const rows = Buffer.concat(Array.from({ length: 32 }, () => Buffer.concat([Buffer.from([0]), randomBytes(96)])));
    const image = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", deflateSync(rows)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]);
    const form = new FormData();
    form.set("image", new Blob([image], { type: "image/png" }), "evidence.png");
    const uploaded = await request<{ imageUrl: string }>(base, "POST", "/api/evidence/upload", { body: form });
    expect([uploaded.status, uploaded.body.code]).toEqual([200, 0]);
    const r = await raw("GET", uploaded.body.data.imageUrl, undefined, { "accept-encoding": "br, gzip" });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("image/png");
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(r.bytes.equals(image)).toBe(true);
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("conditional answers", () => {
  test("a list answer carries a strong ETag and must be revalidated; the same tag back → 304, no body", async () => {
    const first = await postRaw("/api/markets", { page: 1 });
    const tag = String(first.headers["etag"]);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await postRaw("/api/markets", { page: 1 }, { "if-none-match": tag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers["etag"]).toBe(tag);
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.headers["content-type"]).toBeUndefined();
    expect(varyOf(again)).toContain("accept-encoding");

    // Weak comparison (RFC 9110 §13.1.2), a list of tags, and * all match; another tag does not.
    for (const header of [`W/${tag}`, `"other", ${tag}`, "*"])
      expect((await postRaw("/api/markets", { page: 1 }, { "if-none-match": header })).status).toBe(304);
    const other = await postRaw("/api/markets", { page: 1 }, { "if-none-match": '"not-this-one"' });
    expect([other.status, other.headers["etag"]]).toEqual([200, tag]);
  });

  test("a compressed answer's tag names its coding, and either form revalidates", async () => {
    const plain = await postRaw("/api/markets", {});
    const tag = String(plain.headers["etag"]);
    const br = await postRaw("/api/markets", {}, { "accept-encoding": "br" });
    const gzip = await postRaw("/api/markets", {}, { "accept-encoding": "gzip" });
    expect(br.headers["etag"]).toBe(`${tag.slice(0, -1)}-br"`);
    expect(gzip.headers["etag"]).toBe(`${tag.slice(0, -1)}-gzip"`);
    const revalidated = await postRaw(
      "/api/markets",
      {},
      { "accept-encoding": "br", "if-none-match": String(br.headers["etag"]) },
    );
    expect([revalidated.status, revalidated.bytes.length]).toEqual([304, 0]);
    expect(revalidated.headers["etag"]).toBe(br.headers["etag"]);
    expect(revalidated.headers["content-encoding"]).toBeUndefined();
  });

  test("another query, or new data, gets a new tag and a 200 with the body", async () => {
    const before = await postRaw("/api/markets", {});
    const tag = String(before.headers["etag"]);
    const sorted = await postRaw("/api/markets", { pageSize: 3 }, { "if-none-match": tag });
    expect(sorted.status).toBe(200);
    expect(sorted.headers["etag"]).not.toBe(tag);

    await insertMarket(h.db, { id: 9, now: NOW, event: "A market issued after the page stored its list?" });
    await bump();
    const after = await postRaw("/api/markets", {}, { "if-none-match": tag });
    expect(after.status).toBe(200);
    expect(after.headers["etag"]).not.toBe(tag);
    expect(decoded(after)).toMatchObject({ code: 0, data: { total: 9 } });
    const unchanged = await postRaw("/api/markets", {}, { "if-none-match": String(after.headers["etag"]) });
    expect(unchanged.status).toBe(304);
  });

  test("detail, trades and odds history revalidate; a market's detail (it may hold the caller's positions) is private", async () => {
    for (const [path, body, cacheControl] of [
      ["/api/market/detail", { id: "1" }, "private, no-cache"],
      ["/api/market/detail", { id: "1", account: address(7) }, "private, no-cache"],
      ["/api/market/trades", { id: "1" }, "no-cache"],
      ["/api/market/history", { id: "1" }, "no-cache"],
    ] as const) {
      const first = await postRaw(path, body);
      expect([path, first.status, first.headers["cache-control"]]).toEqual([path, 200, cacheControl]);
      const again = await postRaw(path, body, { "if-none-match": String(first.headers["etag"]) });
      expect([path, again.status, again.bytes.length]).toEqual([path, 304, 0]);
    }
  });

  test("an account's own answers are private", async () => {
    const r = await postRaw("/api/bought", { account: address(7) });
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toBe("private, no-cache");
    expect(r.headers["etag"]).toBeDefined();
  });

  test("errors and writes carry no tag and never answer 304", async () => {
    const invalid = await postRaw("/api/markets", { page: 0 }, { "if-none-match": "*" });
    expect([invalid.status, (decoded(invalid) as { code: number }).code]).toEqual([400, ERRORS.invalidBody.code]);
    expect(invalid.headers["etag"]).toBeUndefined();
    const missing = await postRaw("/api/market/detail", { id: "999" }, { "if-none-match": "*" });
    expect(missing.status).toBe(404);
    expect(missing.headers["etag"]).toBeUndefined();
    const form = new FormData();
    form.set("text", "Evidence stored while the client sends If-None-Match");
    const write = await request(base, "POST", "/api/evidence/upload", { body: form, headers: { "if-none-match": "*" } });
    expect([write.status, write.body.code]).toEqual([200, 0]);
    expect(write.headers["etag"]).toBeUndefined();
  });

  test("CORS lets the site send If-None-Match and read ETag", async () => {
    const preflight = await raw("OPTIONS", "/api/markets", undefined, {
      origin: "http://127.0.0.1:3000",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, if-none-match",
    });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("if-none-match");
  });
});

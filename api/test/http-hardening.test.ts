import net from "node:net";
import type { FastifyInstance } from "fastify";
import { ERRORS, type ErrorName } from "../src/http/errors";
import { ADMIN_TOKEN, listen, request, startHttpHarness, type HttpHarness } from "./helpers/http";
import { insertMarket, setHead } from "./helpers/httpRows";

/**
 * What a security review of the running api found, kept as tests: security headers on every
 * answer, every error in the envelope without echoing the request, slow clients dropped within
 * seconds while others are served, token guessing and route scanning rate-limited, and a list's
 * total that stays right past its last page.
 */
const NOW = 1_800_000_000;
let h: HttpHarness;
let base: string;

beforeAll(async () => {
  h = await startHttpHarness("hardening");
  base = await listen(h.app);
  await setHead(h.db, NOW);
});
afterAll(async () => h?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from connecting until the server closed the connection. */
  closedAfter: number;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * Sends `chunks` on a raw TCP connection (one every `gapMs`) and resolves with whatever the server
 * answered once it closes the connection (or after `timeoutMs`, as status 0). `closedAfter` counts from
 * the connection's establishment: what the server held it for, not how long connecting took.
 */
function raw(
  url: string,
  chunks: readonly (string | Buffer)[],
  options: { gapMs?: number; timeoutMs?: number; localAddress?: string; onStarted?: () => void } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let connectedAt = Date.now();
    const socket = net.connect({ host: "127.0.0.1", port: portOf(url), localAddress: options.localAddress });
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      options.onStarted?.();
      clearTimeout(timer);
      clearTimeout(deadline);
      const text = Buffer.concat(received).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0) || 0,
        headers,
        body: rest.join("\r\n\r\n"),
        closedAfter: Date.now() - connectedAt,
      });
    };
    const deadline = setTimeout(() => {
      socket.destroy();
    }, options.timeoutMs ?? 10_000);
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("close", finish);
    socket.on("error", () => undefined);
    let i = 0;
    const sendNext = () => {
      if (socket.destroyed || i >= chunks.length) return;
      socket.write(chunks[i++] ?? "", () => options.onStarted?.());
      timer = setTimeout(sendNext, options.gapMs ?? 0);
    };
    socket.once("connect", () => {
      connectedAt = Date.now();
      sendNext();
    });
  });
}

function expectEnvelope(answer: { status: number; body: unknown }, name: ErrorName): void {
  expect(answer.status).toBe(ERRORS[name].status);
  expect(answer.body).toEqual({
    code: ERRORS[name].code,
    msg: ERRORS[name].key,
    data: null,
    extra: expect.objectContaining({ message: ERRORS[name].message }) as unknown,
  });
}

function expectSecurityHeaders(headers: Record<string, string>): void {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toMatch(/default-src 'none'/);
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
}

describe("security headers", () => {
  test("every kind of answer carries CSP, nosniff, no referrer and no framing", async () => {
    const answers = [
      await h.post("/api/markets", {}),
      await h.post("/api/nope", {}),
      await h.post("/api/markets", { page: 0 }),
      await request(base, "GET", "/api/markets"),
      await request(base, "GET", "/api/openapi.json"),
      await request(base, "GET", `/api/evidence/0x${"ab".repeat(32)}`),
      await request(base, "OPTIONS", "/api/markets", {
        headers: { origin: "http://127.0.0.1:3000", "access-control-request-method": "POST" },
      }).catch(() => null),
    ];
    for (const answer of answers) if (answer) expectSecurityHeaders(answer.headers);
    expectSecurityHeaders((await raw(base, ["GET /% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"])).headers);
  });
});

describe("every error answer is the envelope and never echoes the request", () => {
  const paths: [string, string, ErrorName][] = [
    ["a lone %", "/%", "invalidUrl"],
    ["a cut-off UTF-8 escape", "/%E0%A4%A", "invalidUrl"],
    ["a bad escape in a page path", "/market/%zz", "invalidUrl"],
    ["a bad escape in a call's path", "/api/markets%zz%", "invalidUrl"],
  ];
  test.each(paths)("%s → 400 invalidUrl", async (_name, path, error) => {
    const answer = await raw(base, [`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]);
    expectEnvelope({ status: answer.status, body: JSON.parse(answer.body) }, error);
    expect(answer.body).not.toContain(path);
  });

  test("a 5 KB evidence path → 414 uriTooLong, the path not echoed", async () => {
    const long = "a".repeat(5_000);
    const r = await request(base, "GET", `/api/evidence/${long}`);
    expectEnvelope(r, "uriTooLong");
    expect(JSON.stringify(r.body)).not.toContain("aaaaaaaaaa");
  });

  test("an unknown route's answer does not echo its path", async () => {
    const path = `/api/${"x".repeat(150)}<script>`;
    const r = await h.post(path, {});
    expectEnvelope(r, "routeNotFound");
    expect(JSON.stringify(r.body)).not.toContain("xxxxxxxxxx");
    expect(JSON.stringify(r.body)).not.toContain("script");
  });

  test("headers over the limit → 431 headersTooLarge", async () => {
    const answer = await raw(base, [`GET /api/openapi.json HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(40_000)}\r\n\r\n`]);
    expectEnvelope({ status: answer.status, body: JSON.parse(answer.body) }, "headersTooLarge");
    expect(answer.body).not.toContain("bbbb");
  });

  test("a request line that is not HTTP → 400 badRequest", async () => {
    const answer = await raw(base, ["\u0001\u0002 nonsense\r\n\r\n"]);
    expectEnvelope({ status: answer.status, body: JSON.parse(answer.body) }, "badRequest");
  });
});

describe("slow clients are dropped within seconds", () => {
  let strict: FastifyInstance;
  let strictUrl: string;
  beforeAll(async () => {
    strict = await h.serverWith({
      headersTimeoutMs: 1_000,
      bodyTimeoutMs: 1_000,
      requestTimeoutMs: 3_000,
      idleTimeoutMs: 2_000,
      maxConnectionsPerIp: 50,
    });
    strictUrl = await listen(strict);
  });

  test("a JSON body that does not arrive in time → 408 requestTimeout, connection closed", async () => {
    const answer = await raw(
      strictUrl,
      [
        "POST /api/markets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n",
        "{",
        " ",
        " ",
        " ",
      ],
      { gapMs: 700 },
    );
    expectEnvelope({ status: answer.status, body: JSON.parse(answer.body) }, "requestTimeout");
    expect(answer.closedAfter).toBeLessThan(2_500);
  });

  test("headers that never end → the connection is closed", async () => {
    const answer = await raw(strictUrl, ["GET /api/openapi.json HTTP/1.1\r\n", "X-A: 1\r\n", "X-B: 2\r\n", "X-C: 3\r\n"], {
      gapMs: 600,
    });
    expect(answer.closedAfter).toBeLessThan(3_000);
    expect([0, 408]).toContain(answer.status);
  });

  test("an upload dribbled byte by byte is cut at the whole-request time-out", async () => {
    const chunks = [
      "POST /api/evidence/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 60000\r\n\r\n",
      ...Array.from({ length: 20 }, () => "-"),
    ];
    const answer = await raw(strictUrl, chunks, { gapMs: 400 });
    expect(answer.closedAfter).toBeLessThan(5_500);
  });

  test("500 slow sockets from one address: at most its cap is held, all are dropped, others are served as usual", async () => {
    const call = async () => {
      const started = Date.now();
      const r = await request(strictUrl, "POST", "/api/markets", {
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      return { ms: Date.now() - started, code: r.body.code };
    };
    const before: number[] = [];
    for (let i = 0; i < 10; i++) before.push((await call()).ms);

    // What the server holds from the attacker at once, counted where it holds them: a socket the cap
    // refuses is already destroyed when this (later) 'connection' listener sees it.
    let holding = 0;
    let mostHeld = 0;
    const track = (socket: net.Socket) => {
      if (socket.remoteAddress !== "127.0.0.2" || socket.destroyed) return;
      holding += 1;
      mostHeld = Math.max(mostHeld, holding);
      socket.once("close", () => (holding -= 1));
    };
    strict.server.on("connection", track);

    // Each sends headers announcing 60,000 bytes, then a byte a second (the review's attack, bounded).
    const started: Promise<void>[] = [];
    const attack = Array.from({ length: 500 }, () => {
      let onStarted = () => {};
      started.push(new Promise<void>((resolve) => (onStarted = resolve)));
      return raw(
        strictUrl,
        [
          "POST /api/markets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n",
          ...Array.from({ length: 30 }, () => " "),
        ],
        { gapMs: 1_000, timeoutMs: 15_000, localAddress: "127.0.0.2", onStarted },
      );
    });
    // Measured once every attacking socket has sent its headers (or been turned away).
    await Promise.all(started);
    const during: { ms: number; code: number }[] = [];
    for (let i = 0; i < 10; i++) during.push(await call());
    const dropped = await Promise.all(attack);
    strict.server.off("connection", track);

    expect(during.every((d) => d.code === 0)).toBe(true);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    // Served as usual: no call waits behind the attack (a loose bound for a busy 2-core machine).
    expect(median(during.map((d) => d.ms))).toBeLessThan(Math.max(250, 5 * median(before)));
    // At most its cap held at once. (How many are held over the whole attack depends on how fast the
    // 500 connect: once a held one times out, a later one takes its place — a count of 408s assumed
    // they all connect within the first time-out and failed on a loaded machine with 90.)
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThanOrEqual(50);
    // The ones it took are answered 408 within seconds; the rest are closed without an answer.
    const timedOut = dropped.filter((d) => d.status === 408);
    expect(timedOut.length).toBeGreaterThanOrEqual(mostHeld);
    expect(dropped.filter((d) => d.status !== 408).every((d) => d.status === 0)).toBe(true);
    // Cut by the server's time-outs (1 s for the body, 3 s for the whole request), never by the attacker
    // (30 s of dribbling) or this test's 15 s deadline. 6 s, twice the request's time-out: the server
    // and the 500 sockets share this process's event loop, and beside the browser suites the last socket
    // closed 4.8–5 s after it started connecting (the CI run of 2026-11-27; 4 s was the bound then).
    expect(Math.max(...dropped.map((d) => d.closedAfter))).toBeLessThan(6_000);
  }, 60_000);
});

describe("token guessing and route scanning are rate-limited", () => {
  test("past the miss budget, wrong tokens and unknown routes answer 429, the right token too", async () => {
    const limited = await h.serverWith({ missLimitMax: 5 });
    const url = await listen(limited);
    const post = (path: string, token?: string) =>
      request(url, "POST", path, {
        body: "{}",
        headers: { "content-type": "application/json", ...(token === undefined ? {} : { "x-admin-token": token }) },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post("/api/admin/audit/list", `guess-${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expectEnvelope(await post("/api/admin/audit/list", "guess-6"), "rateLimited");
    expectEnvelope(await post("/api/admin/audit/list", ADMIN_TOKEN), "rateLimited");
    expectEnvelope(await post("/api/no-such-call"), "rateLimited");
    // Known calls are not misses: they go on under the general limit.
    expect((await post("/api/markets")).body.code).toBe(0);
    // Another server (another budget) lets the right token through.
    const fresh = await listen(await h.serverWith({ missLimitMax: 5 }));
    const ok = await request(fresh, "POST", "/api/admin/audit/list", {
      body: "{}",
      headers: { "content-type": "application/json", "x-admin-token": ADMIN_TOKEN },
    });
    expect(ok.body.code).toBe(0);
  });

  test("unknown routes count against the general limit too", async () => {
    const url = await listen(await h.serverWith({ rateLimitMax: 3 }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(url, "POST", `/api/unknown-${i}`, { body: "" })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  test("an admin call asked with another method answers as an unknown route does (404, not 405)", async () => {
    const unknown = await request(base, "GET", "/api/admin/audit/nothing");
    for (const path of ["/api/admin/audit/list", "/api/admin/audit/review"]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const r = await request(base, method, path);
        expect([method, path, r.status]).toEqual([method, path, 404]);
        expect(r.body).toEqual(unknown.body);
        expect(r.headers.allow).toBeUndefined();
      }
    }
    // A public call still says which method it takes.
    expect((await request(base, "GET", "/api/markets")).status).toBe(405);
  });
});

describe("/api/markets total", () => {
  test("stays the number of markets past the last page", async () => {
    for (let id = 1; id <= 15; id++) await insertMarket(h.db, { id, now: NOW, event: `Hardening market ${id}?` });
    // A server of its own: its tab totals are counted now, not kept from an earlier test.
    const url = await listen(await h.serverWith({}));
    for (const [page, pageSize, listed] of [
      [50, 10, 0],
      [1, 10, 10],
      [2, 10, 5],
      [3, 10, 0],
      [10_000, 100, 0],
    ] as const) {
      const r = await request<{ list: unknown[]; total: number }>(url, "POST", "/api/markets", {
        body: JSON.stringify({ page, pageSize }),
        headers: { "content-type": "application/json" },
      });
      expect([page, r.body.data.list.length, r.body.data.total]).toEqual([page, listed, 15]);
    }
  });
});

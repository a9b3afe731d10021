import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { originDecision, parseOrigins, startRpcOriginGuard, type RpcOriginGuard } from "../scripts/rpcOriginGuard";

/**
 * The devnet's guard in front of a stand-in for `hardhat node` that answers as the node does
 * (`Access-Control-Allow-Origin: *` on everything) and records what reached it: pages of the site's
 * origins and clients without an Origin get through, any other origin never reaches the node.
 */
const SITE = "http://127.0.0.1:3000";
const FOREIGN = "http://evil.example";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let node: http.Server;
let guard: RpcOriginGuard;
let port: number;
const reached: { method: string; body: string; host: string }[] = [];

beforeAll(async () => {
  node = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      reached.push({ method: req.method ?? "", body, host: req.headers.host ?? "" });
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Allow-Methods", "OPTIONS, GET");
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x7a69" }));
    });
  });
  // The node's WebSocket: a 101, then an echo.
  node.on("upgrade", (_req, socket: net.Socket) => {
    reached.push({ method: "UPGRADE", body: "", host: "" });
    socket.on("end", () => socket.end());
    socket.write("HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n");
    socket.on("data", (chunk) => socket.write(chunk));
  });
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  const nodePort = (node.address() as AddressInfo).port;
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  guard = await startRpcOriginGuard({
    host: "127.0.0.1",
    port,
    upstreamHost: "127.0.0.1",
    upstreamPort: nodePort,
    allowedOrigins: [SITE, "http://localhost:3000"],
  });
});

afterAll(async () => {
  await guard?.close();
  node?.closeAllConnections();
  await new Promise((resolve) => node?.close(resolve));
});

beforeEach(() => {
  reached.length = 0;
});

function send(method: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: "/", headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const CALL = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_sendTransaction", params: [{}] });

/** A raw WebSocket handshake; resolves with the status line and what the socket echoed after it. */
function handshake(origin: string | null): Promise<{ statusLine: string; echoed: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
      if (text.includes("\r\n\r\n") && text.startsWith("HTTP/1.1 101") && !text.includes("ping")) socket.write("ping");
      if (text.endsWith("ping")) socket.end();
    });
    socket.on("close", () => {
      const [head = "", rest = ""] = text.split("\r\n\r\n");
      resolve({ statusLine: head.split("\r\n")[0] ?? "", echoed: rest });
    });
    socket.on("error", () => undefined);
    socket.write(
      [
        "GET / HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
        ...(origin ? [`Origin: ${origin}`] : []),
      ].join("\r\n") + "\r\n\r\n",
    );
  });
}

describe("originDecision", () => {
  const allowed = new Set([SITE]);
  test("no Origin (a Node client), one of the site's, any other", () => {
    expect(originDecision(undefined, allowed)).toBe("no-origin");
    expect(originDecision(SITE, allowed)).toBe("allowed");
    expect(originDecision(FOREIGN, allowed)).toBe("refused");
    expect(originDecision("null", allowed)).toBe("refused");
    expect(originDecision(`${SITE}/`, allowed)).toBe("refused");
  });

  test("parseOrigins keeps origins only and refuses what is not http(s)", () => {
    expect(parseOrigins(" http://127.0.0.1:4100/ , http://localhost:4100,")).toEqual([
      "http://127.0.0.1:4100",
      "http://localhost:4100",
    ]);
    expect(() => parseOrigins("ftp://x")).toThrow(/not an http\(s\) origin/);
  });
});

describe("the guard in front of the node", () => {
  test("a client without an Origin is forwarded, and the node's `*` is not passed on", async () => {
    const answer = await send("POST", { "content-type": "application/json" }, CALL);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: "2.0", id: 1, result: "0x7a69" });
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(reached).toEqual([{ method: "POST", body: CALL, host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) as unknown }]);
  });

  test("a page of the site's origin gets its preflight and its answer, with its own origin allowed", async () => {
    const preflight = await send("OPTIONS", {
      origin: SITE,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(SITE);
    expect(preflight.headers["access-control-allow-headers"]).toBe("content-type");
    const answer = await send("POST", { origin: SITE, "content-type": "application/json" }, CALL);
    expect(answer.status).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBe(SITE);
    expect(answer.headers.vary).toBe("Origin");
    expect(reached.map((r) => r.method)).toEqual(["POST"]);
  });

  test("another origin's preflight, JSON call and text/plain 'simple' call are refused and never reach the node", async () => {
    const preflight = await send("OPTIONS", { origin: FOREIGN, "access-control-request-method": "POST" });
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    for (const type of ["application/json", "text/plain"]) {
      const answer = await send("POST", { origin: FOREIGN, "content-type": type }, CALL);
      expect(answer.status).toBe(403);
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32600 } });
    }
    expect(reached).toEqual([]);
  });

  test("WebSocket handshakes: refused for another origin, passed through for the site and for no Origin", async () => {
    expect(await handshake(FOREIGN)).toEqual({ statusLine: "HTTP/1.1 403 Forbidden", echoed: "" });
    expect(reached).toEqual([]);
    expect(await handshake(SITE)).toEqual({ statusLine: "HTTP/1.1 101 Switching Protocols", echoed: "ping" });
    expect(await handshake(null)).toEqual({ statusLine: "HTTP/1.1 101 Switching Protocols", echoed: "ping" });
    expect(reached.map((r) => r.method)).toEqual(["UPGRADE", "UPGRADE"]);
  });
});

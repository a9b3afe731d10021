import http from "node:http";
import net from "node:net";

/**
 * The devnet's front door. `hardhat node` answers every request with `Access-Control-Allow-Origin: *`
 * and signs for its unlocked accounts, so any page open in the developer's browser could read the
 * chain and send `eth_sendTransaction` from those accounts (Hardhat 2 has no CORS option). The
 * devnet therefore runs the node on an internal port and this proxy on the public one: requests
 * whose `Origin` is one of the site's origins (the pages) or that carry no `Origin` at all (Node
 * clients: the api's indexer, scripts, tests) are forwarded unchanged; a request, a CORS preflight
 * or a WebSocket handshake from any other origin is refused with 403 and never reaches the node.
 * A refused POST matters as much as a refused preflight: the node reads a `text/plain` body as
 * JSON-RPC, and a browser sends such a "simple" request without asking first.
 */

export type OriginDecision = "no-origin" | "allowed" | "refused";

/** Browsers send `Origin` on cross-origin requests and WebSocket handshakes; Node clients send none. */
export function originDecision(origin: string | undefined, allowed: ReadonlySet<string>): OriginDecision {
  if (origin === undefined) return "no-origin";
  return allowed.has(origin) ? "allowed" : "refused";
}

/** `DEVNET_CORS_ORIGINS` (comma-separated) as origins; each entry must be an http(s) origin. */
export function parseOrigins(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(entry);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`not an http(s) origin: ${entry}`);
      return url.origin;
    });
}

/** The site's default origins (`npm start`: the host on 3000, the remotes' own pages on 3001–3005). */
export const DEFAULT_SITE_ORIGINS: readonly string[] = [0, 1, 2, 3, 4, 5].flatMap((offset) => [
  `http://127.0.0.1:${3000 + offset}`,
  `http://localhost:${3000 + offset}`,
]);

const REFUSED_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32600, message: "this devnet answers only the site's own origins (DEVNET_CORS_ORIGINS)" },
});

/** The node's own CORS headers (`*`) are replaced by ours. */
function withoutCors(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith("access-control-")));
}

export interface RpcOriginGuardOptions {
  /** Where the guard listens (the devnet's public address). */
  readonly host: string;
  readonly port: number;
  /** The `hardhat node` behind it. */
  readonly upstreamHost: string;
  readonly upstreamPort: number;
  /** Origins whose pages may call the devnet. */
  readonly allowedOrigins: readonly string[];
}

export interface RpcOriginGuard {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the guard; resolves once it listens (rejects with EADDRINUSE when the port is taken). */
export function startRpcOriginGuard(options: RpcOriginGuardOptions): Promise<RpcOriginGuard> {
  const allowed = new Set(options.allowedOrigins);
  // Keep-alive to the node: every RPC call of the pages, the api and the tests passes through here.
  const agent = new http.Agent({ keepAlive: true });

  const refuse = (res: http.ServerResponse): void => {
    res.writeHead(403, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(REFUSED_BODY),
      vary: "Origin",
    });
    res.end(REFUSED_BODY);
  };

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    const decision = originDecision(origin, allowed);
    if (decision === "refused") {
      req.resume();
      refuse(res);
      return;
    }
    const cors: http.OutgoingHttpHeaders =
      decision === "allowed" ? { "access-control-allow-origin": origin, vary: "Origin" } : { vary: "Origin" };
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "POST, GET, OPTIONS",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    const upstream = http.request(
      {
        agent,
        host: options.upstreamHost,
        port: options.upstreamPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `${options.upstreamHost}:${options.upstreamPort}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...withoutCors(answer.headers), ...cors });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, cors);
      res.end();
    });
    req.pipe(upstream);
  });

  // WebSocket (eth_subscribe): the handshake is checked the same way, then the bytes pass through.
  // Upgraded connections are no longer the HTTP server's to close: they are tracked and cut on close.
  const tunnels = new Set<net.Socket>();
  server.on("upgrade", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    tunnels.add(socket);
    socket.on("close", () => tunnels.delete(socket));
    socket.on("error", () => socket.destroy());
    if (originDecision(req.headers.origin, allowed) === "refused") {
      socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const node = net.connect({ host: options.upstreamHost, port: options.upstreamPort }, () => {
      const lines = [`${req.method ?? "GET"} ${req.url ?? "/"} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      node.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) node.write(head);
      node.pipe(socket);
      socket.pipe(node);
    });
    node.on("error", () => socket.destroy());
    node.on("close", () => socket.destroy());
    socket.on("close", () => node.destroy());
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve({
        url: `http://${options.host}:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            for (const socket of tunnels) socket.destroy();
            agent.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

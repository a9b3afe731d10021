import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createChain, type Chain } from "../../src/chain/chain";
import { loadConfig, type ApiConfig } from "../../src/config";
import type { Db } from "../../src/db/connect";
import { buildServer } from "../../src/http/server";
import { createTestDatabase, type TestDatabase } from "./db";
import { startDevnet, type Devnet } from "./devnet";

/** The envelope every call answers. */
export interface Answer<T = unknown, E = unknown> {
  code: number;
  msg: string;
  data: T;
  extra: E;
}

export interface Reply<T = unknown, E = unknown> {
  status: number;
  body: Answer<T, E>;
  headers: Record<string, string>;
}

/** Every POST call the api serves (spec §7 table + the extras the screens need). */
export const CALLS = [
  "/api/get-trans-status",
  "/api/markets",
  "/api/market/detail",
  "/api/market/history",
  "/api/market/trades",
  "/api/ticket/tokens",
  "/api/config/issue",
  "/api/issue/submit-underlying",
  "/api/ticket-sale/sale",
  "/api/ticket-market/detail",
  "/api/ticket-market/packets",
  "/api/issued",
  "/api/bought",
  "/api/user-dealt",
  "/api/ticket/transactions",
  "/api/user/info",
  "/api/user/snapshots",
  "/api/referral/rewards",
  "/api/user/history",
  "/api/user/claims",
  "/api/issuer/track-record",
  "/api/evidence/upload",
  "/api/evidence/detail",
  "/api/admin/audit/list",
  "/api/admin/audit/review",
  "/api/rollout/report",
  "/api/rollout/stats",
  "/api/user/alerts",
  "/api/stream/status",
] as const;

export const ADMIN_TOKEN = "test-admin-token-7f3a9c";

/**
 * An http suite's world: a real devnet with the protocol deployed (the chain reads: params, tokens,
 * catalogue, balances, receipts), a fresh database (SQLite, or PostgreSQL with PRDS_TEST_DB), a temp
 * evidence folder, and the server built on them, driven in-process with fastify.inject.
 */
export interface HttpHarness {
  app: FastifyInstance;
  db: Db;
  test: TestDatabase;
  devnet: Devnet;
  chain: Chain;
  config: ApiConfig;
  post<T = unknown, E = unknown>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T, E>>;
  /** Another server on the same database and chain, with other settings (rate limit, admin token). */
  serverWith(overrides: Partial<ApiConfig>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export function chainOf(devnet: Devnet): Chain {
  return createChain(
    { rpcUrl: devnet.url, chainId: 31337 },
    { addresses: devnet.protocol.roles, deploymentBlock: devnet.protocol.deploymentBlock },
  );
}

/**
 * Servers listen on 127.0.0.1:0 and are called over real HTTP (fastify.inject's light-my-request
 * pulls an ESM-only dependency that jest's CommonJS runtime cannot load).
 */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = app.server.listening ? null : await app.listen({ host: "127.0.0.1", port: 0 });
  if (address) return address;
  const info = app.server.address();
  if (!info || typeof info === "string") throw new Error("server has no port");
  return `http://127.0.0.1:${info.port}`;
}

export async function request<T = unknown, E = unknown>(
  base: string,
  method: string,
  url: string,
  init: { body?: RequestInit["body"]; headers?: Record<string, string> } = {},
): Promise<Reply<T, E>> {
  const response = await fetch(`${base}${url}`, { method, body: init.body, headers: init.headers });
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  let body: Answer<T, E>;
  try {
    body = JSON.parse(text) as Answer<T, E>;
  } catch {
    throw new Error(`${method} ${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body, headers };
}

export async function post<T = unknown, E = unknown>(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T, E>> {
  const base = await listen(app);
  return request<T, E>(base, "POST", url, {
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function startHttpHarness(label: string, overrides: Partial<ApiConfig> = {}): Promise<HttpHarness> {
  const [test, devnet] = await Promise.all([createTestDatabase(label), startDevnet()]);
  const evidenceDir = mkdtempSync(path.join(tmpdir(), `prds-evidence-${label}-`));
  const chain = chainOf(devnet);
  const base: ApiConfig = {
    ...loadConfig({}),
    rpcUrl: devnet.url,
    chainId: 31337,
    evidenceDir,
    adminToken: ADMIN_TOKEN,
    rateLimitMax: 1_000_000,
    missLimitMax: 1_000_000,
    corsOrigins: ["http://127.0.0.1:3000"],
  };
  const config = { ...base, ...overrides };
  const servers: FastifyInstance[] = [];
  const build = async (o: Partial<ApiConfig>) => {
    const server = await buildServer({ db: test.db, chain, config: { ...config, ...o } });
    servers.push(server);
    return server;
  };
  const app = await build({});
  return {
    app,
    db: test.db,
    test,
    devnet,
    chain,
    config,
    post: (url, body, headers) => post(app, url, body, headers),
    serverWith: build,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
      chain.close();
      await Promise.all([test.drop(), devnet.stop()]);
      rmSync(evidenceDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createChain, type Chain } from "../../src/chain/chain";
import { loadConfig, type ApiConfig } from "../../src/config";
import { buildServer } from "../../src/http/server";
import { startIndexer, type IndexerHandle } from "../../src/indexer/indexer";
import { createTestDatabase, type TestDatabase } from "./db";
import { startDevnet, type Devnet, type DevnetOptions } from "./devnet";
import { apiClient, type ApiClient } from "./protocolBase";
import { ProtocolDriver } from "./protocolDriver";

/**
 * The protocol suites' helpers in one import: units and the api transport (protocolBase.ts), the
 * driver (protocolDriver.ts, its types in protocolTypes.ts) and the whole stack in-process (here).
 */
export * from "./protocolBase";
export * from "./protocolTypes";
export * from "./protocolDriver";
// Kept importable from here for the protocol suites; the poll helpers live in poll.ts.
export { eventually } from "./poll";

/** Implied probability of each option in basis points as the chain's stakes give it (stake / pool). */
export function impliedBps(stakes: readonly bigint[]): number[] {
  const pool = ProtocolDriver.sum(stakes);
  return stakes.map((s) => (pool === 0n ? 0 : Number((s * 10_000n) / pool)));
}

// ------------------------------------------------------------------ the whole stack in-process

/**
 * A devnet with the protocol, a fresh test database (SQLite, or PostgreSQL with
 * PRDS_TEST_DB=postgres), the indexer and the HTTP server in this process (the server listening on
 * 127.0.0.1, a free port), and a driver whose api steps go through that server.
 */
/** The review calls' token in the in-process stack (sent as x-admin-token). */
export const ADMIN_TOKEN = "test-admin-token";

export interface Stack {
  devnet: Devnet;
  database: TestDatabase;
  chain: Chain;
  config: ApiConfig;
  server: FastifyInstance;
  indexer: IndexerHandle;
  api: ApiClient;
  driver: ProtocolDriver;
  /** Resolves once the indexer has applied every block up to the chain's current head; returns it. */
  settle(): Promise<number>;
  close(): Promise<void>;
}

const quietLog = {
  info: (): void => undefined,
  debug: (): void => undefined,
  warn: (...args: unknown[]): void => console.warn(...args),
  error: (...args: unknown[]): void => console.error(...args),
};

export async function startStack(label: string, options: DevnetOptions = {}): Promise<Stack> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`${label}: cleanup failed`, error);
      }
    }
  };
  try {
    const devnet = await startDevnet(options);
    cleanups.push(() => devnet.stop());
    const database = await createTestDatabase(label);
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(tmpdir(), `prds-${label}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config: ApiConfig = {
      ...loadConfig({
        ...database.env,
        PRDS_RPC_URL: devnet.url,
        PRDS_CHAIN_ID: "31337",
        PRDS_CONFIRMATIONS: "0",
        PRDS_INDEXER_POLL_MS: "50",
        PRDS_RATE_LIMIT_MAX: "1000000",
        PRDS_MISS_LIMIT_MAX: "1000000",
        PRDS_API_DATA_DIR: dataDir,
        PRDS_EVIDENCE_DIR: path.join(dataDir, "evidence"),
        PRDS_ADMIN_TOKEN: ADMIN_TOKEN,
      }),
      host: "127.0.0.1",
      port: 0,
    };
    const chain = createChain(config, {
      addresses: devnet.protocol.roles,
      deploymentBlock: devnet.protocol.deploymentBlock,
    });
    cleanups.push(() => chain.close());
    const server = await buildServer({ db: database.db, chain, config, logger: false });
    cleanups.push(() => server.close());
    const address = await server.listen({ host: "127.0.0.1", port: 0 });
    const indexer = await startIndexer({ db: database.db, chain, config, log: quietLog });
    cleanups.push(() => indexer.stop());
    const api = apiClient(address);
    const driver = new ProtocolDriver(devnet, api);
    const settle = async (): Promise<number> => {
      const head = await devnet.provider.getBlock("latest");
      if (!head) throw new Error("no latest block");
      await indexer.waitForBlock(head.number, 30_000);
      // The server re-reads the indexer's head at most every few hundred ms: wait until its "now"
      // is this block's time (timestamps strictly increase, so that is this head).
      const deadline = Date.now() + 5_000;
      for (;;) {
        const answer = await api.post<unknown>("/api/markets", { pageSize: 1 });
        const now = (answer.body.extra as { now?: number } | null)?.now;
        if (now !== undefined && now >= head.timestamp) return head.number;
        if (Date.now() > deadline)
          throw new Error(`the api's now (${now}) did not reach block ${head.number}'s time ${head.timestamp}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { devnet, database, chain, config, server, indexer, api, driver, settle, close };
  } catch (error) {
    await close();
    throw error;
  }
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { getAddress, isAddress } from "ethers";
import { CHAIN_NAMES } from "@prds/contracts/chains";

/** Everything the api reads from its environment; one place, typed, validated at start. */
export interface ApiConfig {
  host: string;
  port: number;
  /** postgres://… ; null runs on the embedded SQLite file. */
  databaseUrl: string | null;
  sqlitePath: string;
  rpcUrl: string;
  chainId: number;
  /** Blocks a log must be under the head before the indexer applies it. */
  confirmations: number;
  /** Recent blocks kept (hashes, undo records) to roll back a reorganisation. */
  reorgDepth: number;
  /** Largest block range one eth_getLogs call asks for. */
  batchBlocks: number;
  pollIntervalMs: number;
  /** Run the indexer role in this process (the one holding the lock indexes). */
  indexer: boolean;
  /**
   * Answer /api/markets searches from the in-process search index (http/searchIndex/); false
   * (PRDS_SEARCH_INDEX=0): every search runs its SQL, the reference the index is tested against.
   */
  searchIndex: boolean;
  /** Front-end origins allowed by CORS (no credentials). */
  corsOrigins: string[];
  /** Guards the audit review calls; review is closed when unset. */
  adminToken: string | null;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** 404s (unknown routes, admin calls without the token) an address may cause per window, then 429. */
  missLimitMax: number;
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a JSON call's body once its headers are in. */
  bodyTimeoutMs: number;
  /** Time to receive a whole request, headers and body (bounds the evidence upload). */
  requestTimeoutMs: number;
  /** A connection with no traffic this long is closed (keep-alive connections: keepAliveTimeoutMs). */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open connections per client address (0: no cap, for a reverse proxy that enforces its own). */
  maxConnectionsPerIp: number;
  /** Open connections in all (0: no cap). */
  maxConnections: number;
  /**
   * Reverse proxies whose X-Forwarded-For names the client (addresses or CIDRs); empty: none, the
   * peer address is the client. Rate limits and the miss budget count per client address.
   */
  trustProxy: string[];
  evidenceDir: string;
  /** Evidence (text and image) that no challenge carries is removed this long after its last upload. */
  evidenceWindowSeconds: number;
  /** Metadata that no market carries is removed this long after its submission or review. */
  metadataWindowSeconds: number;
  /** How often the api looks for them (0: never). */
  sweepIntervalMs: number;
  /**
   * Where the rollout manifest is (PRDS_ROLLOUT_MANIFEST): a file path (the releases folder's
   * rollout.json, default <repo>/releases/rollout.json or PRDS_RELEASES_DIR's) or the http(s) URL the
   * site serves it at (/remotes.json). Rollout reports count only the remotes and versions it names.
   */
  rolloutManifest: string | null;
  /** Rollout report requests one client address may send per window (then 429), and the window. */
  rolloutReportsPerWindow: number;
  rolloutWindowMs: number;
  /** Page loads one client address adds at most to one version's figures (the rest are not counted). */
  rolloutLoadsPerVisitor: number;
  /**
   * The live stream (GET /api/stream, api/src/stream): how long changes are kept for a client that
   * resumes with Last-Event-ID (PRDS_STREAM_RETENTION_S), streams per client address
   * (PRDS_STREAMS_PER_ADDRESS; behind a proxy that forwards the client address) and per process
   * (PRDS_STREAMS_MAX), the heartbeat (PRDS_STREAM_HEARTBEAT_MS), what a client may leave unread before
   * it is dropped (PRDS_STREAM_MAX_BUFFER_KB) and how often the chain's clock is looked at (PRDS_STREAM_TICK_MS).
   */
  stream: {
    retentionMs: number;
    perAddress: number;
    max: number;
    heartbeatMs: number;
    maxBufferedBytes: number;
    tickMs: number;
  };
  /**
   * redis://… (PRDS_REDIS_URL): the rate limits and the rollout report caps are kept there, shared by
   * every api process (several processes on one PostgreSQL); null: each process keeps its own.
   */
  redisUrl: string | null;
  /**
   * PRDS_DEPLOYMENT_FILE: a network's deployment record (deployments/<chainId>.json as
   * `deploy:network` writes it) read at start instead of the one built into @prds/contracts, e.g. the
   * BSC rehearsal's; null: the built-in one for chainId. The indexer starts at its deploymentBlock.
   */
  deployment: DeploymentOverride | null;
}

/** The roles' addresses and start block of a deployment record (the shape createChain's overrides take). */
export interface DeploymentOverride {
  addresses: {
    payToken: string;
    platformToken: string;
    license: string;
    licenseMarketplace: string;
    markets: string;
    claim: string;
    payTokenFaucet?: string;
  };
  deploymentBlock: number;
}

/** Reads and checks a deployment record for `chainId`; every problem names the file and the field. */
export function readDeploymentFile(file: string, chainId: number): DeploymentOverride {
  const fail = (problem: string): never => {
    throw new Error(`PRDS_DEPLOYMENT_FILE ${file}: ${problem}`);
  };
  // Not `instanceof Error`: errors thrown by node's fs come from another realm under jest.
  const reason = (error: unknown): string =>
    typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return fail(`cannot be read (${reason(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`is not JSON (${reason(error)})`);
  }
  const record = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if (record.chainId !== chainId) fail(`is for chain ${String(record.chainId)}, the api runs on ${chainId} (PRDS_CHAIN_ID)`);
  const block = record.deploymentBlock;
  if (typeof block !== "number" || !Number.isSafeInteger(block) || block < 0) fail("deploymentBlock is not a block number");
  const contracts = (typeof record.contracts === "object" && record.contracts !== null ? record.contracts : {}) as Record<
    string,
    { address?: unknown } | undefined
  >;
  const addressOf = (role: string): string => {
    const address = contracts[role]?.address;
    if (typeof address !== "string" || !isAddress(address)) return fail(`contracts.${role}.address is not an address`);
    return getAddress(address);
  };
  return {
    addresses: {
      payToken: addressOf("payToken"),
      platformToken: addressOf("platformToken"),
      license: addressOf("license"),
      licenseMarketplace: addressOf("licenseMarketplace"),
      markets: addressOf("markets"),
      claim: addressOf("claim"),
      ...(contracts.payTokenFaucet ? { payTokenFaucet: addressOf("payTokenFaucet") } : {}),
    },
    deploymentBlock: block as number,
  };
}

const API_ROOT = path.resolve(__dirname, "..");

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min} (got '${raw}')`);
  return value;
}

/** PRDS_ROLLOUT_MANIFEST, else the releases folder's rollout.json (as `pnpm rollout` writes it); "" turns counting off. */
function rolloutManifestOf(env: NodeJS.ProcessEnv): string | null {
  const named = env.PRDS_ROLLOUT_MANIFEST;
  if (named !== undefined) return named.trim() || null;
  return path.join(path.resolve(env.PRDS_RELEASES_DIR || path.join(API_ROOT, "..", "releases")), "rollout.json");
}

function redisUrlOf(env: NodeJS.ProcessEnv): string | null {
  const url = env.PRDS_REDIS_URL?.trim() || null;
  if (url && !/^rediss?:\/\//.test(url)) throw new Error("PRDS_REDIS_URL must be a redis:// or rediss:// URL");
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const chainId = int(env, "PRDS_CHAIN_ID", 31337, 1);
  if (!Object.hasOwn(CHAIN_NAMES, chainId)) {
    throw new Error(
      `PRDS_CHAIN_ID must be one of the chains the app knows: ${Object.keys(CHAIN_NAMES).join(", ")} (got ${chainId})`,
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite file)");
  }
  const dataDir = env.PRDS_API_DATA_DIR ?? path.join(API_ROOT, ".data");
  return {
    host: env.PRDS_API_HOST ?? "127.0.0.1",
    port: int(env, "PRDS_API_PORT", 8787),
    databaseUrl,
    sqlitePath: env.PRDS_API_SQLITE ?? path.join(dataDir, `prds-${chainId}.sqlite`),
    rpcUrl: env.PRDS_RPC_URL ?? `http://127.0.0.1:${env.DEVNET_PORT ?? 8545}`,
    chainId,
    // The devnet mines on demand, so it never reorganises by itself; BSC finalises in ~15 blocks.
    confirmations: int(env, "PRDS_CONFIRMATIONS", chainId === 31337 ? 0 : 15),
    reorgDepth: int(env, "PRDS_REORG_DEPTH", 64, 1),
    batchBlocks: int(env, "PRDS_INDEXER_BATCH_BLOCKS", 2000, 1),
    pollIntervalMs: int(env, "PRDS_INDEXER_POLL_MS", 1000, 10),
    indexer: env.PRDS_INDEXER !== "0",
    searchIndex: env.PRDS_SEARCH_INDEX !== "0",
    corsOrigins: (env.PRDS_CORS_ORIGINS ?? "http://127.0.0.1:3000,http://localhost:3000")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    adminToken: env.PRDS_ADMIN_TOKEN?.trim() || null,
    rateLimitMax: int(env, "PRDS_RATE_LIMIT_MAX", 600, 1),
    rateLimitWindowMs: int(env, "PRDS_RATE_LIMIT_WINDOW_MS", 60_000, 1),
    missLimitMax: int(env, "PRDS_MISS_LIMIT_MAX", 30, 1),
    headersTimeoutMs: int(env, "PRDS_HEADERS_TIMEOUT_MS", 5_000, 1),
    bodyTimeoutMs: int(env, "PRDS_BODY_TIMEOUT_MS", 5_000, 1),
    requestTimeoutMs: int(env, "PRDS_REQUEST_TIMEOUT_MS", 30_000, 1),
    idleTimeoutMs: int(env, "PRDS_IDLE_TIMEOUT_MS", 10_000, 1),
    keepAliveTimeoutMs: int(env, "PRDS_KEEP_ALIVE_TIMEOUT_MS", 5_000, 1),
    maxConnectionsPerIp: int(env, "PRDS_MAX_CONNECTIONS_PER_IP", 64, 0),
    maxConnections: int(env, "PRDS_MAX_CONNECTIONS", 4_096, 0),
    trustProxy: (env.PRDS_TRUST_PROXY ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    evidenceDir: env.PRDS_EVIDENCE_DIR ?? path.join(dataDir, "evidence"),
    evidenceWindowSeconds: int(env, "PRDS_EVIDENCE_WINDOW_S", 24 * 3600, 1),
    metadataWindowSeconds: int(env, "PRDS_METADATA_WINDOW_S", 7 * 24 * 3600, 1),
    sweepIntervalMs: int(env, "PRDS_SWEEP_INTERVAL_MS", 10 * 60_000, 0),
    rolloutManifest: rolloutManifestOf(env),
    rolloutReportsPerWindow: int(env, "PRDS_ROLLOUT_REPORTS_PER_WINDOW", 60, 1),
    rolloutWindowMs: int(env, "PRDS_ROLLOUT_WINDOW_MS", 10 * 60_000, 1),
    rolloutLoadsPerVisitor: int(env, "PRDS_ROLLOUT_LOADS_PER_VISITOR", 20, 1),
    stream: {
      retentionMs: int(env, "PRDS_STREAM_RETENTION_S", 900, 1) * 1000,
      perAddress: int(env, "PRDS_STREAMS_PER_ADDRESS", 8, 1),
      max: int(env, "PRDS_STREAMS_MAX", 10_000, 1),
      heartbeatMs: int(env, "PRDS_STREAM_HEARTBEAT_MS", 15_000, 100),
      maxBufferedBytes: int(env, "PRDS_STREAM_MAX_BUFFER_KB", 256, 1) * 1024,
      tickMs: int(env, "PRDS_STREAM_TICK_MS", 1_000, 50),
    },
    redisUrl: redisUrlOf(env),
    deployment: env.PRDS_DEPLOYMENT_FILE?.trim() ? readDeploymentFile(env.PRDS_DEPLOYMENT_FILE.trim(), chainId) : null,
  };
}

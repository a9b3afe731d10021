// Types of scripts/stack.cjs for TypeScript callers (the e2e suite's global setup).

// The seed file's shape is the seed script's own type (contracts/scripts/seed.ts), not a copy.
import type { SeedResult, SeededChallenge, SeededMarket } from '../contracts/scripts/seed';
export type { SeedResult, SeededChallenge, SeededMarket };

export interface StackOptions {
  /** 8545 by default. */
  devnetPort?: number;
  /** 8787 by default. */
  apiPort?: number;
  /** Web origins the api allows (CORS) and the devnet's JSON-RPC answers; it refuses pages of any other origin. */
  corsOrigins?: string[];
  /** More settings for the api process (PRDS_ROLLOUT_MANIFEST, …). */
  apiEnv?: Record<string, string>;
  /** Logs (devnet.log, api.log), pids and the api's SQLite file. */
  runDir: string;
  log?: (line: string) => void;
  devnetTimeoutMs?: number;
  indexTimeoutMs?: number;
  /** Once aborted, no further process is started. */
  signal?: AbortSignal;
}

export interface Stack {
  devnetUrl: string;
  apiUrl: string;
  /** Guards /api/admin/audit/* for this run. */
  adminToken: string;
  seed: SeedResult;
  /** Markets /api/markets listed once indexed. */
  listed: number;
  runDir: string;
  /** Stops the api and the devnet and waits until their ports are closed. */
  stop(): Promise<void>;
  /** Stops the api alone (SIGTERM) and waits until its port is closed; the devnet keeps running. */
  stopApi(): Promise<void>;
  /** Starts the api again on the same database and evidence folder, appending to its log; resolves once it listens. */
  startApi(): Promise<void>;
}

export const REPO_ROOT: string;
export function startStack(options: StackOptions): Promise<Stack>;
/** Stops a devnet and an api that an earlier run in `runDir` left behind. */
export function stopLeftovers(runDir: string): Promise<void>;
export function isPortOpen(port: number, host?: string): Promise<boolean>;
export function tail(file: string, lines?: number): string;
/**
 * Submits seeded markets' texts to the api, fails when its hash differs from the one on chain, and
 * approves (admin token) what moderation holds. Returns how many were held.
 */
export function submitSeedMetadata(
  apiUrl: string,
  adminToken: string,
  markets: readonly Pick<
    SeededMarket,
    'id' | 'metadataHash' | 'event' | 'category' | 'options' | 'description' | 'resolutionSource'
  >[],
  log: (line: string) => void,
): Promise<number>;
/**
 * Uploads seeded challenges' evidence (image + text, multipart as the page sends it) and fails when
 * the api's evidence hash differs from the one the challenge carries on chain.
 */
export function submitSeedEvidence(
  apiUrl: string,
  challenges: readonly SeededChallenge[],
  log: (line: string) => void,
): Promise<void>;

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { MarketParams } from "../src/chain/chain";
import { openDatabase, type Db } from "../src/db/connect";
import { migrateToLatest } from "../src/db/migrate";

/**
 * A fresh, migrated database for one benchmark run: a SQLite file in a temporary folder by default;
 * when DATABASE_URL names a PostgreSQL server, a new database on that server (the one named in the
 * URL is only used to create it and is never written). Dropped by `drop()` unless PRDS_BENCH_KEEP=1.
 * PRDS_BENCH_SQLITE=<file> reuses a SQLite file a PRDS_BENCH_KEEP=1 run left, and PRDS_BENCH_REUSE=1
 * the PostgreSQL database DATABASE_URL names (bench:api then skips seeding when it holds the
 * markets already: for profiling and trying changes, not for the figures).
 */
export interface BenchDatabase {
  db: Db;
  /** DATABASE_URL / PRDS_API_SQLITE for loadConfig. */
  env: Record<string, string>;
  describe: string;
  drop(): Promise<void>;
}

export async function openBenchDatabase(label: string): Promise<BenchDatabase> {
  const keep = process.env.PRDS_BENCH_KEEP === "1";
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (serverUrl && process.env.PRDS_BENCH_REUSE === "1") {
    // The database a PRDS_BENCH_KEEP=1 run left, named in DATABASE_URL: opened as it is, never dropped.
    const db = openDatabase({ databaseUrl: serverUrl, sqlitePath: "", poolSize: 10 });
    await migrateToLatest(db);
    return {
      db,
      env: { DATABASE_URL: serverUrl },
      describe: `postgres ${new URL(serverUrl).pathname} (reused)`,
      drop: () => db.close(),
    };
  }
  if (serverUrl) {
    const name = `prds_bench_${label}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    const url = parsed.toString();
    const db = openDatabase({ databaseUrl: url, sqlitePath: "", poolSize: 10 });
    await migrateToLatest(db);
    return {
      db,
      env: { DATABASE_URL: url },
      describe: `postgres ${parsed.host}/${name}`,
      drop: async () => {
        await db.close();
        if (keep) return;
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists ${name} with (force)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const reuse = process.env.PRDS_BENCH_SQLITE?.trim();
  if (reuse) {
    // A file kept from an earlier run (PRDS_BENCH_KEEP=1): opened as it is, never deleted.
    const db = openDatabase({ databaseUrl: null, sqlitePath: reuse });
    await migrateToLatest(db);
    return {
      db,
      env: { DATABASE_URL: "", PRDS_API_SQLITE: reuse },
      describe: `sqlite ${reuse} (reused)`,
      drop: () => db.close(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `prds-bench-${label}-`));
  const file = path.join(dir, "api.sqlite");
  const db = openDatabase({ databaseUrl: null, sqlitePath: file });
  await migrateToLatest(db);
  return {
    db,
    env: { DATABASE_URL: "", PRDS_API_SQLITE: file },
    describe: `sqlite ${file}`,
    drop: async () => {
      await db.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Markets.params() of the devnet deployment (contracts/scripts/deployMarkets.ts DEFAULT_MARKETS_PARAMS). */
export const DEVNET_PARAMS: MarketParams = {
  feeBps: 200,
  issuerShareBps: 5000,
  platformShareBps: 4000,
  referrerShareBps: 1000,
  capacityMultiple: 20,
  challengeStake: 1000n * 10n ** 18n,
  votingPeriod: 3 * 86_400,
  quorumBps: 400,
  responsePeriod: 3 * 86_400,
  confirmationPeriod: 3 * 86_400,
  challengeWindow: 7 * 86_400,
  minLiquidity: 100n * 10n ** 18n,
  minMargin: 100n * 10n ** 18n,
  minPremium: 50n * 10n ** 18n,
  minInvest: 10n ** 18n,
  marginFeeBps: 5000,
  quorumPenaltyBps: 1000,
  checkpointInterval: 300,
  maxOptions: 32,
};

/** `RESULT <name> <value> <unit>`: the line the benchmark summaries read. */
export function result(name: string, value: number, unit: string, digits = 2): void {
  console.log(`RESULT ${name} ${Number.isInteger(value) ? value : value.toFixed(digits)} ${unit}`);
}

export function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got '${raw}')`);
  return value;
}

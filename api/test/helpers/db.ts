import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Db } from "../../src/db/connect";
import { migrateToLatest } from "../../src/db/migrate";

/**
 * The database a suite runs on: `PRDS_TEST_DB=postgres` (the test command's second pass) gives each
 * suite its own fresh PostgreSQL database on PRDS_TEST_PG_URL (default: the machine's server on
 * 127.0.0.1:5432); otherwise a fresh SQLite file. Migrated, and dropped again by `drop()`.
 */
export interface TestDatabase {
  db: Db;
  /** Opens another connection set to the same database (a second api process, a restart). */
  reopen(): Db;
  /** What to pass as DATABASE_URL / PRDS_API_SQLITE to a child process. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export const TEST_DIALECT: "sqlite" | "postgres" = process.env.PRDS_TEST_DB === "postgres" ? "postgres" : "sqlite";
const ADMIN_URL = process.env.PRDS_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  if (TEST_DIALECT === "postgres") {
    const name = `prds_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(ADMIN_URL, name);
    const open = (): Db => openDatabase({ databaseUrl: url, sqlitePath: "" });
    const db = open();
    await migrateToLatest(db);
    return {
      db,
      reopen: open,
      env: { DATABASE_URL: url },
      drop: async () => {
        await db.close();
        const client = new pg.Client({ connectionString: ADMIN_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `prds-api-${label}-`));
  const file = path.join(dir, "api.sqlite");
  const open = (): Db => openDatabase({ databaseUrl: null, sqlitePath: file });
  const db = open();
  await migrateToLatest(db);
  return {
    db,
    reopen: open,
    env: { PRDS_API_SQLITE: file, DATABASE_URL: "" },
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

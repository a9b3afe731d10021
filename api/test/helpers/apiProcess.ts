import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Db } from "../../src/db/connect";
import { migrateToLatest } from "../../src/db/migrate";
import { freePort } from "./devnet";

/**
 * The api as a separate OS process (`node -r scripts/register.cjs src/main.ts`), the way it runs
 * behind a load balancer: for the scale-out suite, where processes are killed with SIGKILL.
 */
export const API_ROOT = path.resolve(__dirname, "../..");
const REGISTER = path.join(API_ROOT, "scripts/register.cjs");
const MAIN = path.join(API_ROOT, "src/main.ts");

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T; extra: unknown };
}

export interface ApiProcess {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Every line the process printed so far (stdout and stderr). */
  lines: string[];
  /** Resolves with the first line (already printed or to come) matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  post<T = unknown>(route: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** True once the process has exited. */
  exited(): boolean;
  /** Sends `signal` and resolves once the process is gone (SIGKILL after `graceMs`). */
  kill(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface ApiProcessOptions {
  name: string;
  /** Merged over a clean environment: DATABASE_URL, PRDS_RPC_URL, … */
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** Node options before the script (a bench's `--cpu-prof`). */
  nodeArgs?: string[];
}

/** Environment names the api reads: never inherited from the test runner's own environment. */
const API_ENV = /^(DATABASE_URL|PRDS_|DEVNET_PORT$)/;

export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !API_ENV.test(key)));
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PRDS_API_HOST: "127.0.0.1",
    PRDS_API_PORT: String(port),
    PRDS_CHAIN_ID: "31337",
    PRDS_RATE_LIMIT_MAX: "100000",
    PRDS_MISS_LIMIT_MAX: "100000",
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), "-r", REGISTER, MAIN], {
    cwd: API_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  const exitListeners: (() => void)[] = [];
  child.on("exit", (code, signal) => {
    exitCode = code;
    exitSignal = signal;
    for (const listener of exitListeners.splice(0)) listener();
  });
  const onData = (stream: NodeJS.ReadableStream): void => {
    let pending = "";
    stream.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        for (let i = waiters.length - 1; i >= 0; i--) {
          const waiter = waiters[i];
          if (waiter && waiter.pattern.test(line)) {
            waiters.splice(i, 1);
            waiter.resolve(line);
          }
        }
      }
    });
  };
  if (child.stdout) onData(child.stdout);
  if (child.stderr) onData(child.stderr);
  const exited = (): boolean => exitCode !== null || exitSignal !== null;

  const waitForLine = (pattern: RegExp, timeoutMs = 30_000): Promise<string> => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        pattern,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        reject(
          new Error(
            `${options.name}: no line matching ${pattern} within ${timeoutMs} ms; output:\n${lines.slice(-40).join("\n")}`,
          ),
        );
      }, timeoutMs);
      waiters.push(waiter);
      exitListeners.push(() => {
        const index = waiters.indexOf(waiter);
        if (index < 0) return;
        waiters.splice(index, 1);
        clearTimeout(timer);
        reject(
          new Error(
            `${options.name} exited (${exitCode ?? exitSignal}) before printing ${pattern}; output:\n${lines.slice(-40).join("\n")}`,
          ),
        );
      });
    });
  };

  const kill = async (signal: NodeJS.Signals = "SIGTERM", graceMs = 5_000): Promise<void> => {
    if (exited()) return;
    await new Promise<void>((resolve) => {
      exitListeners.push(resolve);
      child.kill(signal);
      if (signal !== "SIGKILL") {
        setTimeout(() => {
          if (!exited()) child.kill("SIGKILL");
        }, graceMs).unref();
      }
    });
  };

  const url = `http://127.0.0.1:${port}`;
  const handle: ApiProcess = {
    name: options.name,
    url,
    pid: child.pid ?? -1,
    lines,
    waitForLine,
    exited,
    kill,
    post: <T>(route: string, body: unknown = {}) => postJson<T>(url, route, body),
  };
  try {
    await waitForLine(/API READY/, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await kill("SIGKILL");
    throw error;
  }
  return handle;
}

/** POSTs JSON to the api (every call is a POST) and reads the `{ code, msg, data, extra }` answer. */
export async function postJson<T = unknown>(
  baseUrl: string,
  route: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: ApiAnswer<T>["body"];
  try {
    parsed = JSON.parse(text) as ApiAnswer<T>["body"];
  } catch {
    throw new Error(`POST ${route} → ${response.status}, not JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, body: parsed };
}

/** Kills every process still running (afterAll), SIGKILL after a short grace. */
export async function stopAll(processes: readonly (ApiProcess | null | undefined)[]): Promise<void> {
  await Promise.all(processes.map((p) => (p && !p.exited() ? p.kill("SIGTERM", 3_000) : Promise.resolve())));
}

/**
 * A fresh PostgreSQL database on PRDS_TEST_PG_URL (default: the machine's server on
 * 127.0.0.1:5432), migrated: used by the scale-out suite whatever PRDS_TEST_DB says, since several
 * processes on one database is the PostgreSQL deployment. `urlFor(name)` tags a process's
 * connections with `application_name`, so pg_stat_activity tells which process holds a lock.
 */
export interface PostgresDatabase {
  name: string;
  db: Db;
  url: string;
  urlFor(applicationName: string): string;
  drop(): Promise<void>;
}

export const PG_ADMIN_URL = process.env.PRDS_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function createPostgresDatabase(label: string): Promise<PostgresDatabase> {
  const name = `prds_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const parsed = new URL(PG_ADMIN_URL);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const db = openDatabase({ databaseUrl: url, sqlitePath: "" });
  await migrateToLatest(db);
  return {
    name,
    db,
    url,
    urlFor: (applicationName) => {
      const tagged = new URL(url);
      tagged.searchParams.set("application_name", applicationName);
      return tagged.toString();
    },
    drop: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { freePort } from "./devnet";

/**
 * A Redis server for the shared-limit tests: PRDS_TEST_REDIS_URL (default 127.0.0.1:6379, which this
 * machine and CI run; scripts/ensure-redis.sh starts one for the test command) when it answers;
 * otherwise a `redis-server` of the test's own on a free port, without persistence, stopped by
 * `stop()` — installed from Debian's packages first when missing, as ensure-postgres.sh does for
 * PostgreSQL. Never skipped.
 */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

const DEFAULT_URL = process.env.PRDS_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function answers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

function haveRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

export async function startTestRedis(): Promise<TestRedis> {
  const url = new URL(DEFAULT_URL);
  if (await answers(url.hostname, Number(url.port || 6379))) return { url: DEFAULT_URL, stop: async () => undefined };
  if (!haveRedisServer()) {
    const install = spawnSync(
      "bash",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server"],
      {
        encoding: "utf8",
      },
    );
    if (install.status !== 0 || !haveRedisServer())
      throw new Error(`no Redis at ${DEFAULT_URL} and redis-server could not be installed:\n${install.stderr}`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers("127.0.0.1", port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server on 127.0.0.1:${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

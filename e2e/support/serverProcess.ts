// Each app is served by its own `scripts/serve.mjs --only <app>` process so a test can stop one remote
// and start it again while the rest of the site keeps running. Pids live in a file because the
// processes outlive the test worker that (re)starts them; global teardown stops whatever is listed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { APP_NAMES, BASE_PORT, E2E_WALLETCONNECT_RELAY_URL, portOf, type AppName } from './apps';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const RUN_DIR = path.join(REPO_ROOT, 'e2e', '.run');
/** The devnet + api of a run (scripts/stack.cjs): devnet.log, api.log, the api's SQLite file, pids. */
export const STACK_RUN_DIR = path.join(REPO_ROOT, 'e2e', 'test-results', 'stack');
export const SERVE_SCRIPT = path.join(REPO_ROOT, 'scripts', 'serve.mjs');
const PIDS_FILE = path.join(RUN_DIR, 'servers.json');

/**
 * The environment of every serve.mjs the suite starts. The server render's time budget (150 ms by
 * default) is a production bound on wall-clock time: on two cores shared with builds, browsers and
 * the api suites a render may take longer and the page falls back to the browser's render, so a test
 * of the server's HTML would pass or fail with the machine's load (ARCHITECTURE/TOOLCHAIN: no
 * load-sensitive bounds in tests). 5 s makes every render the suite asks for finish; the over-budget
 * path is tested on purpose with a host of its own started with `--ssr-budget-ms 1` (ssr.spec.ts).
 */
export const SERVE_ENV: NodeJS.ProcessEnv = { ...process.env, PRDS_SSR_BUDGET_MS: '5000' };

type PidTable = Partial<Record<AppName, number>>;

function readPids(): PidTable {
  try {
    return JSON.parse(fs.readFileSync(PIDS_FILE, 'utf8')) as PidTable;
  } catch {
    return {};
  }
}

function writePids(pids: PidTable): void {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.writeFileSync(PIDS_FILE, JSON.stringify(pids, null, 2));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True only for a process running our serve script, so a recycled pid is never signalled. */
function isOurServer(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('serve.mjs');
  } catch {
    return false;
  }
}

export async function startApp(app: AppName, basePort: number = BASE_PORT): Promise<void> {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const logPath = path.join(RUN_DIR, `${app}.log`);
  const out = fs.openSync(logPath, 'w');
  // detached: the server gets its own process group (so it can be stopped as a unit) and keeps
  // running when the worker that started it exits; output goes to a file, not a pipe that could close.
  // The page's CSP lets it reach the stand-in WalletConnect relay (the host's policy is the page's).
  const relay = app === 'host' ? ['--walletconnect-relay', E2E_WALLETCONNECT_RELAY_URL] : [];
  const child = spawn(process.execPath, [SERVE_SCRIPT, '--base-port', String(basePort), '--only', app, ...relay], {
    cwd: REPO_ROOT,
    env: SERVE_ENV,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start serve.mjs for ${app}`);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const deadline = Date.now() + 20_000;
  const readyLine = `READY ${app} http://127.0.0.1:${portOf(app, basePort)}`;
  for (;;) {
    const log = fs.readFileSync(logPath, 'utf8');
    if (log.includes(readyLine)) break;
    if (exited !== null) throw new Error(`serve.mjs --only ${app} exited with ${exited}:\n${log}`);
    if (Date.now() > deadline) {
      stopPid(pid);
      throw new Error(`serve.mjs --only ${app} did not print "${readyLine}" within 20 s:\n${log}`);
    }
    await sleep(100);
  }
  writePids({ ...readPids(), [app]: pid });
}

function stopPid(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

export async function stopApp(app: AppName, basePort: number = BASE_PORT): Promise<void> {
  const pids = readPids();
  const pid = pids[app];
  if (pid !== undefined && isAlive(pid) && isOurServer(pid)) {
    stopPid(pid);
    const deadline = Date.now() + 5_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(50);
    if (isAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
  delete pids[app];
  writePids(pids);
  const port = portOf(app, basePort);
  const deadline = Date.now() + 5_000;
  while (await isPortOpen(port)) {
    if (Date.now() > deadline) throw new Error(`port ${port} still open after stopping ${app}`);
    await sleep(50);
  }
}

export async function stopAllApps(): Promise<void> {
  for (const app of Object.keys(readPids()) as AppName[]) await stopApp(app);
}

export async function startAllApps(): Promise<void> {
  // Parallel start-up: six node processes reading their dist/ at once is still fast.
  await Promise.all(APP_NAMES.map((app) => startApp(app)));
}

/** Leaves every app running (used after tests that stop or replace one). */
export async function ensureAllAppsRunning(): Promise<void> {
  const pids = readPids();
  for (const app of APP_NAMES) {
    const pid = pids[app];
    if (pid === undefined || !isAlive(pid)) await startApp(app);
  }
}

/** A free TCP port on 127.0.0.1 (the OS's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The pid of `parent`'s child whose command line holds every one of `words` (0 when none), from /proc. */
export function childPid(parent: number, words: readonly string[]): number {
  return Number(
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .find((pid) => {
        try {
          const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          return words.every((word) => cmd.includes(word)) && stat.split(' ')[3] === String(parent);
        } catch {
          return false;
        }
      }) ?? 0,
  );
}

export interface ReleasesHost {
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * The host alone on a free port, serving a releases folder as production does (`serve.mjs --only host
 * --releases DIR`), its output in `log`; resolves once it prints READY (20 s at most).
 */
export async function startReleasesHost(dir: string, log: string, extraArgs: readonly string[] = []): Promise<ReleasesHost> {
  const port = await freePort();
  const out = fs.openSync(log, 'w');
  const server = spawn(
    process.execPath,
    [SERVE_SCRIPT, '--base-port', String(port), '--only', 'host', '--releases', dir, ...extraArgs],
    {
      cwd: REPO_ROOT,
      env: SERVE_ENV,
      stdio: ['ignore', out, out],
    },
  );
  fs.closeSync(out);
  const ready = `READY host http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!fs.readFileSync(log, 'utf8').includes(ready)) {
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`serve.mjs --releases ${dir} did not start: ${fs.readFileSync(log, 'utf8').slice(-800)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

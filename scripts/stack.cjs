// The back end of a whole-stack run, shared by `npm start` (scripts/start.sh) and the e2e suite's
// global setup: a fresh local devnet (protocol deployed, demo data seeded), then the api on a fresh
// SQLite file with every seeded market's metadata submitted (and approved when moderation holds it)
// and every seeded challenge's evidence (image and text) uploaded, then a wait until the api has
// indexed the chain up to its head and lists the seeded markets.
//
//   const { startStack, stopLeftovers } = require('./stack.cjs');
//   const stack = await startStack({ devnetPort: 8545, apiPort: 8787, corsOrigins, runDir, log });
//   …; await stack.stop();
//
// CLI: `node scripts/stack.cjs [--run-dir DIR] [--devnet-port N] [--api-port N] [--cors-origins a,b]`
// starts it, prints `STACK READY <api url> <devnet url> <n> markets` and runs until SIGINT/SIGTERM;
// `node scripts/stack.cjs stop [--run-dir DIR]` stops what a run in DIR left behind.
//
// The devnet and the api run as their own process groups (detached), logs in <runDir>/devnet.log and
// <runDir>/api.log, pids in <runDir>/stack.pids.json so a later run can stop leftovers of a killed
// one. Every process binds 127.0.0.1.
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  HOST,
  isAlive,
  isPortOpen,
  pidsFile,
  readPids,
  startProcess,
  stopLeftovers,
  stopPid,
  tail,
  waitForLine,
  waitPortClosed,
  writePids,
} = require('./stack/processes.cjs');
const { submitSeedEvidence, submitSeedMetadata, waitIndexed } = require('./stack/seedApi.cjs');

const REPO_ROOT = path.resolve(__dirname, '..');
const CONTRACTS_DIR = path.join(REPO_ROOT, 'contracts');
const API_DIR = path.join(REPO_ROOT, 'api');
const CHAIN_ID = 31337;
const SEED_FILE = path.join(CONTRACTS_DIR, 'deployments', `${CHAIN_ID}.seed.json`);

/**
 * Starts devnet + api and resolves once the api lists every seeded market.
 * @param {object} options
 * @param {number} [options.devnetPort=8545]
 * @param {number} [options.apiPort=8787]
 * @param {string[]} [options.corsOrigins] web origins the api and the devnet's JSON-RPC allow (the
 *   devnet refuses pages of any other origin: its accounts are unlocked)
 * @param {Record<string, string>} [options.apiEnv] more settings for the api (PRDS_ROLLOUT_MANIFEST, …)
 * @param {string} options.runDir logs, pids and the SQLite file go here
 * @param {(line: string) => void} [options.log]
 * @param {number} [options.devnetTimeoutMs=240000]
 * @param {number} [options.indexTimeoutMs=90000]
 * @param {AbortSignal} [options.signal] once aborted, no further process is started
 */
async function startStack(options) {
  const devnetPort = options.devnetPort ?? 8545;
  const apiPort = options.apiPort ?? 8787;
  const corsOrigins = options.corsOrigins ?? ['http://127.0.0.1:3000', 'http://localhost:3000'];
  const runDir = path.resolve(options.runDir);
  const log = options.log ?? ((line) => console.log(line));
  const devnetUrl = `http://${HOST}:${devnetPort}`;
  const apiUrl = `http://${HOST}:${apiPort}`;
  const devnetLog = path.join(runDir, 'devnet.log');
  const apiLog = path.join(runDir, 'api.log');
  fs.mkdirSync(runDir, { recursive: true });

  await stopLeftovers(runDir);
  for (const [port, what] of [
    [devnetPort, 'the devnet'],
    [apiPort, 'the api'],
  ]) {
    if (await isPortOpen(port)) {
      throw new Error(
        `port ${port} (${what}) on ${HOST} is busy: another process listens there (a devnet or api of another run?). ` +
          `Stop it (e.g. \`ss -ltnp 'sport = :${port}'\` shows which), or choose other ports.`,
      );
    }
  }

  const pids = {};
  const procs = [];
  const stop = async () => {
    for (const proc of [...procs].reverse()) await stopPid(proc.child.pid);
    procs.length = 0;
    await waitPortClosed(apiPort);
    await waitPortClosed(devnetPort);
    fs.rmSync(pidsFile(runDir), { force: true });
  };

  try {
    // ---------------------------------------------------------------- devnet
    const started = Date.now();
    log(`== devnet: deploying and seeding on ${devnetUrl} (log ${path.relative(REPO_ROOT, devnetLog)})`);
    const seedMtimeBefore = fs.existsSync(SEED_FILE) ? fs.statSync(SEED_FILE).mtimeMs : 0;
    const devnet = startProcess({
      cwd: CONTRACTS_DIR,
      register: './scripts/swc-register.cjs',
      script: 'scripts/devnet.ts',
      env: { DEVNET_PORT: String(devnetPort), DEVNET_CORS_ORIGINS: corsOrigins.join(',') },
      logFile: devnetLog,
      signal: options.signal,
    });
    procs.push(devnet);
    pids.devnet = devnet.child.pid;
    writePids(runDir, pids);
    await waitForLine(devnet, devnetLog, /DEVNET READY (\S+)/, options.devnetTimeoutMs ?? 240_000, 'the devnet');
    if (!fs.existsSync(SEED_FILE) || fs.statSync(SEED_FILE).mtimeMs <= seedMtimeBefore) {
      throw new Error(`the devnet is ready but did not write ${SEED_FILE} (DEVNET_SEED=0 in the environment?)`);
    }
    const seed = JSON.parse(fs.readFileSync(SEED_FILE, 'utf8'));
    log(`   devnet ready with ${seed.markets.length} seeded markets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // ---------------------------------------------------------------- api
    const apiStarted = Date.now();
    const sqlite = path.join(runDir, `api-${CHAIN_ID}.sqlite`);
    for (const file of [sqlite, `${sqlite}-wal`, `${sqlite}-shm`, `${sqlite}-journal`]) fs.rmSync(file, { force: true });
    const evidenceDir = path.join(runDir, 'evidence');
    fs.rmSync(evidenceDir, { recursive: true, force: true });
    const adminToken = randomBytes(24).toString('hex');
    log(`== api: ${apiUrl} on a fresh SQLite file (log ${path.relative(REPO_ROOT, apiLog)})`);
    const launchApi = (appendLog) => {
      const proc = startProcess({
        cwd: API_DIR,
        register: './scripts/register.cjs',
        script: 'src/main.ts',
        env: {
          PRDS_API_HOST: HOST,
          PRDS_API_PORT: String(apiPort),
          PRDS_API_SQLITE: sqlite,
          PRDS_EVIDENCE_DIR: evidenceDir,
          PRDS_RPC_URL: devnetUrl,
          PRDS_CHAIN_ID: String(CHAIN_ID),
          PRDS_CORS_ORIGINS: corsOrigins.join(','),
          PRDS_ADMIN_TOKEN: adminToken,
          PRDS_INDEXER: '1',
          DATABASE_URL: '',
          ...options.apiEnv,
        },
        logFile: apiLog,
        signal: options.signal,
        appendLog,
      });
      procs.push(proc);
      pids.api = proc.child.pid;
      writePids(runDir, pids);
      return proc;
    };
    let api = launchApi(false);
    await waitForLine(api, apiLog, /API READY (\S+)/, 60_000, 'the api');

    const held = await submitSeedMetadata(apiUrl, adminToken, seed.markets, log);
    log(`   submitted ${seed.markets.length} markets' metadata (${held} held for audit and approved)`);
    if (!Array.isArray(seed.challenges)) throw new Error(`${SEED_FILE} lists no challenges (written by an older seed?)`);
    await submitSeedEvidence(apiUrl, seed.challenges, log);
    const { listed, head } = await waitIndexed(apiUrl, devnetUrl, seed, options.indexTimeoutMs ?? 90_000, apiLog);
    if (api.exit !== null) throw new Error(`the api exited (${api.exit}); last lines of ${apiLog}:\n${tail(apiLog)}`);
    log(`   api indexed up to block ${head} and lists ${listed} markets (${((Date.now() - apiStarted) / 1000).toFixed(1)} s)`);

    // The api stopped and started again on the same database (what a deployment's restart does).
    const stopApi = async () => {
      procs.splice(procs.indexOf(api), 1);
      await stopPid(api.child.pid);
      await waitPortClosed(apiPort);
    };
    const startApi = async () => {
      if (procs.includes(api)) throw new Error('the api is running: stopApi() first');
      const offset = fs.statSync(apiLog).size;
      api = launchApi(true);
      await waitForLine(api, apiLog, /API READY (\S+)/, 60_000, 'the api', offset);
    };

    return { devnetUrl, apiUrl, adminToken, seed, listed, runDir, stop, stopApi, startApi };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ------------------------------------------------------------------ CLI
function parseArgs(argv) {
  const args = { command: 'start', runDir: path.join(REPO_ROOT, '.run') };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
      return v;
    };
    if (arg === 'start' || arg === 'stop') args.command = arg;
    else if (arg === '--run-dir') args.runDir = path.resolve(value());
    else if (arg === '--devnet-port') args.devnetPort = Number(value());
    else if (arg === '--api-port') args.apiPort = Number(value());
    else if (arg === '--cors-origins')
      args.corsOrigins = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

async function cli() {
  const args = parseArgs(process.argv.slice(2));
  if (args.command === 'stop') {
    await stopLeftovers(args.runDir);
    return;
  }
  let stack = null;
  let stopping = false;
  const abort = new AbortController();
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    abort.abort();
    // Mid start-up there is no handle yet: the pids file names what has been started so far.
    if (stack) await stack.stop();
    else await stopLeftovers(args.runDir);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  try {
    stack = await startStack({
      devnetPort: args.devnetPort,
      apiPort: args.apiPort,
      corsOrigins: args.corsOrigins,
      runDir: args.runDir,
      signal: abort.signal,
    });
  } catch (error) {
    if (stopping) return;
    console.error(`STACK FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (stopping) return;
  console.log(`STACK READY ${stack.apiUrl} ${stack.devnetUrl} ${stack.listed} markets`);
  // Stay up while the children are; a child that dies takes the stack down with a clear message.
  const check = setInterval(() => {
    if (stopping) {
      clearInterval(check);
      return;
    }
    const pids = readPids(args.runDir);
    for (const name of ['devnet', 'api']) {
      if (pids[name] && !isAlive(pids[name])) {
        console.error(
          `STACK FAILED: the ${name} stopped; last lines of ${path.join(args.runDir, `${name}.log`)}:\n${tail(path.join(args.runDir, `${name}.log`))}`,
        );
        clearInterval(check);
        void shutdown(1);
        return;
      }
    }
  }, 1000);
}

module.exports = { REPO_ROOT, startStack, stopLeftovers, submitSeedMetadata, submitSeedEvidence, isPortOpen, tail };

if (require.main === module) {
  cli().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

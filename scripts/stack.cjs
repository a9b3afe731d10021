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
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..');
const CONTRACTS_DIR = path.join(REPO_ROOT, 'contracts');
const API_DIR = path.join(REPO_ROOT, 'api');
const HOST = '127.0.0.1';
const CHAIN_ID = 31337;
const SEED_FILE = path.join(CONTRACTS_DIR, 'deployments', `${CHAIN_ID}.seed.json`);
/** What marks each process as ours in /proc/<pid>/cmdline, so a recycled pid is never signalled. */
const MARKERS = { devnet: 'scripts/devnet.ts', api: 'src/main.ts' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isPortOpen(port, host = HOST) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isOurs(pid, name) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(MARKERS[name]);
  } catch {
    return false;
  }
}

/** The last `lines` lines of a log file, for error messages. */
function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return;
  } catch {
    // not a group leader (or gone): signal the process itself
  }
  try {
    process.kill(pid, signal);
  } catch {
    // gone
  }
}

/** SIGTERM to the process group, SIGKILL after `graceMs`; resolves when the process is gone. */
async function stopPid(pid, graceMs = 5_000) {
  if (!isAlive(pid)) return;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    signalGroup(pid, 'SIGKILL');
    const hard = Date.now() + 2_000;
    while (isAlive(pid) && Date.now() < hard) await sleep(50);
  }
}

async function waitPortClosed(port, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (await isPortOpen(port)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function pidsFile(runDir) {
  return path.join(runDir, 'stack.pids.json');
}

function readPids(runDir) {
  try {
    return JSON.parse(fs.readFileSync(pidsFile(runDir), 'utf8'));
  } catch {
    return {};
  }
}

function writePids(runDir, pids) {
  fs.writeFileSync(pidsFile(runDir), `${JSON.stringify(pids, null, 2)}\n`);
}

/** Stops a devnet and an api that an earlier run in `runDir` left behind (only if still ours). */
async function stopLeftovers(runDir) {
  const pids = readPids(runDir);
  for (const name of ['api', 'devnet']) {
    const pid = pids[name];
    if (Number.isInteger(pid) && isAlive(pid) && isOurs(pid, name)) await stopPid(pid);
  }
  fs.rmSync(pidsFile(runDir), { force: true });
}

/** Starts `node -r <register> <script>` in `cwd` as its own process group, output to `logFile`. */
function startProcess({ cwd, register, script, env, logFile, signal, appendLog = false }) {
  if (signal?.aborted) throw new Error('stack start-up interrupted');
  const out = fs.openSync(logFile, appendLog ? 'a' : 'w');
  const child = spawn(process.execPath, ['-r', register, script], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  const state = { child, exit: null };
  child.once('exit', (code, signal) => {
    state.exit = signal ? `signal ${signal}` : `code ${code}`;
  });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  return state;
}

/** Waits for `pattern` in `logFile`, past its first `fromOffset` characters (a restart appends to its log). */
async function waitForLine(proc, logFile, pattern, timeoutMs, what, fromOffset = 0) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let text = '';
    try {
      text = fs.readFileSync(logFile, 'utf8').slice(fromOffset);
    } catch {
      // not written yet
    }
    const match = text.match(pattern);
    if (match) return match;
    if (proc.exit !== null) {
      throw new Error(`${what} exited (${proc.exit}) before it was ready; last lines of ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s; last lines of ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
}

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** POST an api call; returns the envelope. Throws on a non-JSON answer. */
async function call(apiUrl, pathName, body, headers = {}) {
  const response = await fetch(`${apiUrl}${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, ...JSON.parse(text) };
  } catch {
    throw new Error(`${pathName}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * Submits every seeded market's texts to the api and checks the api's hash is the one on chain;
 * approves what moderation holds for audit. Returns how many were held.
 */
async function submitSeedMetadata(apiUrl, adminToken, markets, log) {
  let held = 0;
  for (const m of markets) {
    const body = {
      event: m.event,
      category: m.category,
      options: [...m.options],
      ...(m.description ? { description: m.description } : {}),
      ...(m.resolutionSource ? { resolutionSource: m.resolutionSource } : {}),
      language: 'en',
    };
    const answer = await call(apiUrl, '/api/issue/submit-underlying', body);
    if (answer.code !== 0) {
      throw new Error(
        `the api refused seeded market ${m.id}'s metadata ("${m.event}"): ${answer.msg} ${JSON.stringify(answer.extra)}`,
      );
    }
    const { status, hash } = answer.data;
    if (status === 'approved') {
      if (hash !== m.metadataHash.toLowerCase()) {
        throw new Error(
          `metadata hash mismatch for seeded market ${m.id} ("${m.event}"): the seed put ${m.metadataHash} on chain, the api computed ${hash}`,
        );
      }
      continue;
    }
    if (status !== 'audit') throw new Error(`seeded market ${m.id}: unexpected metadata status ${status}`);
    held += 1;
    log(`   market ${m.id}'s metadata held for audit (${answer.data.reason ?? 'no reason'}): approving`);
    const review = await call(
      apiUrl,
      '/api/admin/audit/review',
      { hash: m.metadataHash, decision: 'approve', reason: 'demo data (seed)' },
      { 'x-admin-token': adminToken },
    );
    if (review.code !== 0) {
      throw new Error(
        `could not approve seeded market ${m.id}'s metadata (${m.metadataHash}): ${review.msg} ${JSON.stringify(review.extra)}` +
          (review.code === 40405 ? ' — the api stored it under another hash than the seed put on chain' : ''),
      );
    }
    if (review.data.status !== 'approved') throw new Error(`seeded market ${m.id}: review answered ${review.data.status}`);
    // The same texts again must now answer the on-chain hash.
    const again = await call(apiUrl, '/api/issue/submit-underlying', body);
    if (again.code !== 0 || again.data.hash !== m.metadataHash.toLowerCase()) {
      throw new Error(
        `metadata hash mismatch for seeded market ${m.id} ("${m.event}"): the seed put ${m.metadataHash} on chain, the api answers ${JSON.stringify(again.data)}`,
      );
    }
  }
  return held;
}

/**
 * Uploads every seeded challenge's evidence (its image and text) to the api exactly as the page does
 * (multipart `image` + `text` to /api/evidence/upload) and checks the api's evidence hash is the one
 * the challenge carries on chain, so the demo shows what a challenge looks like.
 */
async function submitSeedEvidence(apiUrl, challenges, log) {
  for (const c of challenges) {
    const bytes = fs.readFileSync(path.join(CONTRACTS_DIR, c.image));
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: c.imageType }), path.basename(c.image));
    form.append('text', c.text);
    const response = await fetch(`${apiUrl}/api/evidence/upload`, { method: 'POST', body: form });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`/api/evidence/upload: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    const where = `seeded challenge ${c.index} of market ${c.marketId}`;
    if (answer.code !== 0) {
      throw new Error(`the api refused the evidence of ${where} (${c.image}): ${answer.msg} ${JSON.stringify(answer.extra)}`);
    }
    if (answer.data.evidenceHash !== c.evidenceHash.toLowerCase()) {
      throw new Error(
        `evidence hash mismatch for ${where}: the seed put ${c.evidenceHash} on chain, the api computed ${answer.data.evidenceHash}`,
      );
    }
  }
  log(`   uploaded ${challenges.length} seeded challenges' evidence (image and text)`);
}

/** The newest transaction on the chain (walking back from the head), or null. */
async function latestTransaction(devnetUrl, head) {
  for (let n = head; n >= 0 && n > head - 50; n -= 1) {
    const block = await rpc(devnetUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
    if (block && block.transactions.length > 0) return block.transactions[block.transactions.length - 1];
  }
  return null;
}

/** Polls until the api has indexed up to the chain's head and lists every seeded market. */
async function waitIndexed(apiUrl, devnetUrl, seed, timeoutMs, apiLog) {
  const headHex = await rpc(devnetUrl, 'eth_blockNumber');
  const head = Number(headHex);
  const headBlock = await rpc(devnetUrl, 'eth_getBlockByNumber', [headHex, false]);
  const headTime = Number(headBlock.timestamp);
  const lastTx = await latestTransaction(devnetUrl, head);
  const expected = seed.markets.length;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    try {
      const status = lastTx
        ? await call(apiUrl, '/api/get-trans-status', { hash: lastTx })
        : { code: 0, data: { indexed: true } };
      const list = await call(apiUrl, '/api/markets', { page: 1, pageSize: 100 });
      if (list.code !== 0) throw new Error(`/api/markets: ${list.msg}`);
      const ids = new Set(list.data.list.map((m) => m.id));
      const missing = seed.markets.filter((m) => !ids.has(m.id)).map((m) => m.id);
      const now = list.extra?.now ?? 0;
      last = `transaction ${lastTx} ${status.data?.status}, api now ${now} vs head time ${headTime}, listed ${list.data.total}/${expected}${missing.length ? ` (missing ${missing.join(', ')})` : ''}`;
      if (status.code === 0 && status.data.indexed && now >= headTime && missing.length === 0) {
        return { listed: list.data.total, head };
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the api did not index the devnet up to block ${head} and list the ${expected} seeded markets within ${timeoutMs / 1000} s: ${last}\nlast lines of ${apiLog}:\n${tail(apiLog)}`,
      );
    }
    await sleep(250);
  }
}

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

// The list benchmark's back end, run as its own process with the api's TypeScript hook:
//
//   node -r ./api/scripts/register.cjs e2e/bench/list/backend.cjs --port 18797 --markets 10000 --cors-origin http://127.0.0.1:4300
//
// 1. a `hardhat node` on a free 127.0.0.1 port with the protocol deployed (api/bench/devnet.ts): the
//    api reads Markets.params() from the chain for every list answer and has no mode without a node;
//    a fresh node deploys at the addresses of contracts/deployments/31337.json, checked below;
// 2. a fresh SQLite file in a /tmp folder with N approved markets seeded straight into the tables by
//    the api benchmark's seeder (api/bench/seed-markets.ts: varied events, options, volumes, phases);
// 3. the real api (api/src/main.ts) on that file, the indexer off (the seeded rows are not on chain,
//    an indexer would have nothing to add), rate limit raised so infinite scrolling is never refused.
//
// Prints `BACKEND READY <api url> <rpc url> <markets>` once the api answers, and runs until SIGTERM /
// SIGINT or until its parent process is gone; then stops the api and the node and deletes the folder.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const API_DIR = path.join(REPO_ROOT, 'api');
const { startBenchDevnet } = require('../../../api/bench/devnet.ts');
const { seedMarketsFile } = require('../../../api/bench/seed-markets.ts');

function parseArgs(argv) {
  const args = { port: 18797, markets: 10_000, corsOrigin: 'http://127.0.0.1:4300' };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === '--port') args.port = Number(value);
    else if (argv[i] === '--markets') args.markets = Number(value);
    else if (argv[i] === '--cors-origin') args.corsOrigin = value;
    else throw new Error(`unknown argument ${argv[i]}`);
    i += 1;
  }
  if (!Number.isInteger(args.port) || !Number.isInteger(args.markets) || args.markets < 1)
    throw new Error('bad --port/--markets');
  return args;
}

const log = (message) => console.log(`[backend ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Starts api/src/main.ts; resolves once it prints API READY. */
function startApi(env) {
  const child = spawn(process.execPath, ['-r', './scripts/register.cjs', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the api did not print API READY within 60 s:\n${output.slice(-3000)}`)),
      60_000,
    );
    const onData = (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      const match = /API READY (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the api exited (${code ?? signal}):\n${output.slice(-3000)}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  return { child, ready, stop, tail: () => output.slice(-3000) };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const cleanups = [];
  let stopping = null;
  const stop = (code) => {
    stopping ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`backend cleanup: ${error instanceof Error ? error.message : error}`);
        }
      }
      process.exit(code);
    })();
    return stopping;
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  // Started by list.mjs: if that process dies without stopping us, nothing must be left running.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 1_000).unref();

  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prds-bench-list-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'api.sqlite');

    const started = Date.now();
    log('starting a hardhat node and deploying the protocol');
    const devnet = await startBenchDevnet();
    cleanups.push(() => devnet.stop());
    const expected = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'contracts', 'deployments', '31337.json'), 'utf8'));
    const expectedMarkets = String(expected.contracts.markets.address).toLowerCase();
    if (String(devnet.protocol.addresses.Markets).toLowerCase() !== expectedMarkets) {
      throw new Error(
        `the bench node deployed Markets at ${devnet.protocol.addresses.Markets}, the api expects ${expectedMarkets}`,
      );
    }
    log(
      `node ${devnet.url} ready (${((Date.now() - started) / 1000).toFixed(1)} s); seeding ${args.markets} markets into ${file}`,
    );

    const seeded = await seedMarketsFile(file, args.markets, 'bitcoin');
    log(`seeded ${seeded.markets} markets (${seeded.options} options) (${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const api = startApi({
      PRDS_API_HOST: '127.0.0.1',
      PRDS_API_PORT: String(args.port),
      PRDS_API_SQLITE: file,
      PRDS_API_DATA_DIR: dir,
      PRDS_EVIDENCE_DIR: path.join(dir, 'evidence'),
      PRDS_RPC_URL: devnet.url,
      PRDS_CHAIN_ID: '31337',
      PRDS_CORS_ORIGINS: args.corsOrigin,
      PRDS_INDEXER: '0',
      PRDS_RATE_LIMIT_MAX: '1000000',
      DATABASE_URL: '',
    });
    cleanups.push(() => api.stop());
    const apiUrl = await api.ready;
    api.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`the api exited (${code ?? signal}):\n${api.tail()}`);
      void stop(1);
    });
    console.log(`BACKEND READY ${apiUrl} ${devnet.url} ${seeded.markets}`);
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
    await stop(1);
  }
}

void main();

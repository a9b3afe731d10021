import { startBackend } from './backend.mjs';
import { ensureContractArtifacts, missingBuilds, startServers } from './builds.mjs';

/**
 * Runs a benchmark's `main(cleanups)` to its exit code and exits the process with it: whatever `main`
 * started (servers, browsers, the back end) is stopped through the cleanups it pushed — in reverse
 * order, each given 15 s — also on SIGINT/SIGTERM and when the run passes its deadline, so a bench
 * never leaves a process behind or runs without end.
 *
 * @param {string} name what the messages call the bench (bench:list, bench:web)
 * @param {(cleanups: Array<() => Promise<unknown>>) => Promise<number>} main
 * @param {number} deadlineMs
 */
/**
 * A bench knob from the environment: `fallback` when unset, else a positive number (a positive
 * integer with `integer`); anything else stops the bench with the knob's name.
 */
export function envNumber(name, fallback, { integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (integer ? !Number.isInteger(value) || value <= 0 : !Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'} (got '${raw}')`);
  }
  return value;
}

export async function runBench(name, main, deadlineMs) {
  const cleanups = [];
  let cleaning = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        await Promise.race([cleanup().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
    })();
    return cleaning;
  };
  const abandon = async (why) => {
    console.error(why);
    await cleanUp();
    process.exit(1);
  };
  process.once('SIGINT', () => void abandon(`${name} interrupted (SIGINT)`));
  process.once('SIGTERM', () => void abandon(`${name} stopped (SIGTERM)`));
  const deadline = setTimeout(() => void abandon(`${name} did not finish within ${deadlineMs / 60_000} min`), deadlineMs);
  let code = 1;
  try {
    code = await main(cleanups);
  } catch (error) {
    console.error(error);
    code = 1;
  }
  clearTimeout(deadline);
  await cleanUp();
  process.exit(code);
}

/**
 * What a browser bench needs before it measures: the production builds and the contract artifacts
 * (else one line saying what to run, and null), then the back end (hardhat node, `markets` seeded
 * markets, the api on `apiPort`) and the builds served from `basePort` (`apps`, all by default), each
 * stopped by the cleanups.
 *
 * @returns {Promise<{ backend: Awaited<ReturnType<typeof startBackend>> } | null>}
 */
export async function startBenchStack({ name, basePort, apiPort, markets, corsOrigin, cleanups, log, apps }) {
  const missing = missingBuilds();
  if (missing.length > 0) {
    console.error(`${name} needs the production builds: run pnpm build first (missing: ${missing.join(', ')})`);
    return null;
  }
  try {
    ensureContractArtifacts(log);
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    return null;
  }
  log(`starting the back end (hardhat node, ${markets} seeded markets, api on 127.0.0.1:${apiPort})`);
  const backend = await startBackend({ port: apiPort, markets, corsOrigin, log: (line) => console.log(line) });
  cleanups.push(() => backend.stop());
  log(`starting the web servers on base port ${basePort}${apps ? ` (${apps.join(', ')})` : ''}`);
  const server = await startServers(basePort, { apps, ssrApiUrl: `http://127.0.0.1:${apiPort}` });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  );
  return { backend };
}

/** A market of the seeded stack for /detail/<id>: the first of the list's default order. */
export async function firstMarketId(apiUrl) {
  const response = await fetch(`${apiUrl}/api/markets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, pageSize: 1 }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = await response.json();
  const id = answer?.data?.list?.[0]?.id;
  if (response.status !== 200 || answer.code !== 0 || id === undefined)
    throw new Error(`/api/markets answered ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return String(id);
}

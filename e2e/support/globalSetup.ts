// Starts the whole product as deployed: the back end (scripts/stack.cjs: a fresh devnet on
// 127.0.0.1:8545 with the protocol deployed and demo data seeded, and the api on 127.0.0.1:8787 on a
// fresh SQLite file, the seeded markets' metadata submitted and indexed), then the production builds
// (scripts/serve.mjs on base port 4100). The builds bake http://127.0.0.1:8787 and
// http://127.0.0.1:8545, so those ports are fixed. The test command builds once before Playwright
// runs; this only checks the builds are there, so a missing build fails with a message instead of 30
// timeouts. Teardown stops everything it started.
import fs from 'node:fs';
import path from 'node:path';
import { startStack, stopLeftovers, type Stack } from '../../scripts/stack.cjs';
import { APP_NAMES, DEV_BASE_PORT, DEV_SERVER_PORT_OFFSET, ROLLOUT_HOST_PORT, portOf } from './apps';
import { resetServerLock } from './serverLock';
import { REPO_ROOT, SERVE_SCRIPT, STACK_RUN_DIR, isPortOpen, startAllApps, stopAllApps } from './serverProcess';

export const DEVNET_PORT = 8545;
export const API_PORT = 8787;

function missingBuilds(): string[] {
  return APP_NAMES.filter((app) => {
    const entry = app === 'host' ? 'index.html' : 'mf-manifest.json';
    return !fs.existsSync(path.join(REPO_ROOT, app, 'dist', entry));
  }).map((app) => `${app}/dist`);
}

function webOrigins(): string[] {
  const ports = [
    ...APP_NAMES.map((app) => portOf(app)),
    ROLLOUT_HOST_PORT,
    // dev.spec's site and its dev servers (scripts/dev.mjs).
    ...APP_NAMES.map((app) => portOf(app, DEV_BASE_PORT)),
    ...APP_NAMES.map((app) => portOf(app, DEV_BASE_PORT + DEV_SERVER_PORT_OFFSET)),
  ];
  return ports.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = missingBuilds();
  if (missing.length > 0) {
    throw new Error(
      `e2e needs the production builds; missing: ${missing.join(', ')}. Build first: pnpm build (from the repo root).`,
    );
  }
  if (!fs.existsSync(SERVE_SCRIPT)) throw new Error(`e2e needs ${SERVE_SCRIPT} to serve the builds.`);

  // A previous run killed before its teardown may have left our own servers and back end behind.
  await stopAllApps();
  await stopLeftovers(STACK_RUN_DIR);
  const busy: number[] = [];
  for (const app of APP_NAMES) if (await isPortOpen(portOf(app))) busy.push(portOf(app));
  if (busy.length > 0) throw new Error(`e2e needs ports ${busy.join(', ')} free (127.0.0.1).`);

  const started = Date.now();
  // Throws a clear error when 8545 or 8787 is busy, and with the log's tail when a part fails.
  const stack: Stack = await startStack({
    devnetPort: DEVNET_PORT,
    apiPort: API_PORT,
    corsOrigins: webOrigins(),
    apiEnv: {
      // The rollout spec's releases folder (support/rollout.ts RELEASES_DIR): the api counts reports of
      // the releases its manifest names. Every visitor of the suite is 127.0.0.1, one client address.
      PRDS_ROLLOUT_MANIFEST: path.join(REPO_ROOT, 'e2e', 'test-results', 'rollout', 'releases', 'rollout.json'),
      PRDS_ROLLOUT_REPORTS_PER_WINDOW: '100000',
    },
    runDir: STACK_RUN_DIR,
    log: (line) => console.log(`[e2e stack] ${line}`),
  });
  console.log(
    `[e2e stack] devnet ${stack.devnetUrl}, api ${stack.apiUrl} (${stack.listed} markets) ready in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${path.relative(REPO_ROOT, STACK_RUN_DIR)}`,
  );

  resetServerLock();
  try {
    await startAllApps();
  } catch (error) {
    await stopAllApps();
    await stack.stop();
    throw error;
  }
  return async () => {
    await stopAllApps();
    await stack.stop();
  };
}

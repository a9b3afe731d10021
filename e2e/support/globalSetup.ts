// Serves the production builds as deployed. The test command builds them once before Playwright runs;
// this only checks they are there, so a missing build fails with a message instead of 30 timeouts.
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES, portOf } from './apps';
import { resetServerLock } from './serverLock';
import { REPO_ROOT, SERVE_SCRIPT, isPortOpen, startAllApps, stopAllApps } from './serverProcess';

function missingBuilds(): string[] {
  return APP_NAMES.filter((app) => {
    const entry = app === 'host' ? 'index.html' : 'mf-manifest.json';
    return !fs.existsSync(path.join(REPO_ROOT, app, 'dist', entry));
  }).map((app) => `${app}/dist`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = missingBuilds();
  if (missing.length > 0) {
    throw new Error(
      `e2e needs the production builds; missing: ${missing.join(', ')}. Build first: pnpm build (from the repo root).`,
    );
  }
  if (!fs.existsSync(SERVE_SCRIPT)) throw new Error(`e2e needs ${SERVE_SCRIPT} to serve the builds.`);

  // A previous run killed before its teardown may have left our own servers behind.
  await stopAllApps();
  const busy: number[] = [];
  for (const app of APP_NAMES) if (await isPortOpen(portOf(app))) busy.push(portOf(app));
  if (busy.length > 0) throw new Error(`e2e needs ports ${busy.join(', ')} free (127.0.0.1).`);

  resetServerLock();
  try {
    await startAllApps();
  } catch (error) {
    await stopAllApps();
    throw error;
  }
  return async () => {
    await stopAllApps();
  };
}

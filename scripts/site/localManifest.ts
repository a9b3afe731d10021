// The rollout manifest of a local run without releases (scripts/serve.mjs without --releases, and the
// host's own dev server: `pnpm dev host`): every remote at one unversioned version (`<package
// version>+local`) on its own port beside the host's, unpinned (a production page refuses unpinned
// releases; a devnet build accepts them), no canary, no reports.
import fs from 'node:fs';
import path from 'node:path';
import { ROLLOUT_SCHEMA_VERSION } from '../../host/src/federation/rollout/rolloutManifest';

const ROOT = path.resolve(__dirname, '../..');

interface RemoteEntry {
  readonly folder: string;
  readonly portOffset: number;
}

/** The remotes of the registry of apps (apps.json: container name → folder, port offset). */
export const REMOTE_TABLE: Readonly<Record<string, RemoteEntry>> = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8')) as { remotes: Record<string, RemoteEntry> }
).remotes;

/** A workspace package's version (its package.json). */
export function packageVersion(folder: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as { version: string }).version;
}

export function localManifest(basePort: number, hostname = '127.0.0.1') {
  const shared = packageVersion('shared');
  return {
    schemaVersion: ROLLOUT_SCHEMA_VERSION,
    salt: 'local',
    reports: false,
    autoRollback: null,
    remotes: Object.fromEntries(
      Object.entries(REMOTE_TABLE).map(([container, { folder, portOffset }]) => {
        const version = `${packageVersion(folder)}+local`;
        return [
          container,
          {
            stable: version,
            canary: null,
            lastGood: [],
            requires: { host: '*', shared: '*' },
            versions: {
              [version]: {
                url: `http://${hostname}:${basePort + portOffset}/mf-manifest.json`,
                integrity: null,
                shared,
                publishedAt: null,
              },
            },
          },
        ];
      }),
    ),
  };
}

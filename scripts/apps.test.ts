// The registry of apps (apps.json) against what it describes: each app's workspace package, and the
// path prefixes each remote renders as the host's route table mounts them.
import fs from 'node:fs';
import path from 'node:path';
import { remoteForPath } from '../host/src/routes/routeTable';
import apps from '../apps.json';

const ROOT = path.resolve(__dirname, '..');

interface AppEntry {
  readonly folder: string;
  readonly package: string;
  readonly portOffset: number;
  readonly routes: readonly string[];
}

const entries: [string, AppEntry][] = [[apps.host.container, apps.host], ...Object.entries(apps.remotes)];

describe('apps.json, the registry of apps', () => {
  it.each(entries)('%s: its folder is the workspace package it names', (_container, app) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, app.folder, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe(app.package);
    expect(fs.existsSync(path.join(ROOT, app.folder, 'webpack.config.cjs'))).toBe(true);
  });

  it('gives every app a port of its own beside the base port', () => {
    const offsets = entries.map(([, app]) => app.portOffset);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(apps.host.portOffset).toBe(0);
  });

  it.each(Object.entries(apps.remotes))(
    '%s renders the path prefixes it lists (the host route table agrees)',
    (container, app) => {
      for (const prefix of app.routes) {
        // /detail takes an id; the others are pages themselves.
        expect(remoteForPath(prefix === '/detail' ? '/detail/7' : prefix)).toBe(container);
      }
    },
  );

  it("lists the host's own pages as the host's (no remote mounts them)", () => {
    for (const prefix of apps.host.routes) expect(remoteForPath(prefix)).toBeNull();
  });
});

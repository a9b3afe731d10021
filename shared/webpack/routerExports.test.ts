import fs from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';

// The shared react-router-dom singleton is the subset in routerExports.mjs. A name that app code
// imports from 'react-router-dom' but the subset lacks would be undefined at run time in the page
// (the unit tests use the full package), so this test keeps the two in step.

const ROOT = path.resolve(__dirname, '../..');
const SUBSET_FILE = path.join(__dirname, 'routerExports.mjs');

function subsetNames(): string[] {
  const src = fs.readFileSync(SUBSET_FILE, 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(src);
  if (!block?.[1]) throw new Error("routerExports.mjs has no `export { … } from 'react-router'` block");
  return block[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // The server render (host/src/server) is built with the whole package shared (createConfig's server build).
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'server' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Value (not type-only) names imported from 'react-router-dom' by product code. */
function importedNames(): Map<string, string> {
  const apps = fs.readdirSync(ROOT).filter((d) => d === 'host' || d === 'shared' || d.startsWith('mfe-'));
  const used = new Map<string, string>();
  for (const file of apps.flatMap((d) => sourceFiles(path.join(ROOT, d, 'src')))) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g)) {
      if (m[1]) continue;
      for (const raw of (m[2] ?? '').split(',')) {
        const spec = raw.trim();
        if (!spec || spec.startsWith('type ')) continue;
        used.set(spec.split(/\s+as\s+/)[0]!.trim(), path.relative(ROOT, file));
      }
    }
  }
  return used;
}

describe('shared react-router-dom subset', () => {
  const subset = subsetNames();

  it('lists only names react-router really exports', () => {
    const rr: Record<string, unknown> = reactRouter;
    expect(subset.filter((n) => rr[n] === undefined)).toEqual([]);
  });

  it('covers every name the host, the remotes and shared import from react-router-dom', () => {
    const used = importedNames();
    expect(used.size).toBeGreaterThan(5); // the scan finds the apps' router imports at all
    const missing = [...used].filter(([name]) => !subset.includes(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it('is what createConfig shares under the react-router-dom key', () => {
    const { createConfig } = require('./createConfig.cjs') as {
      createConfig: (
        o: object,
      ) => (
        env: unknown,
        argv: object,
      ) => Array<{ plugins: Array<{ _options?: { shared?: Record<string, { import?: string }> } }> }>;
    };
    const [config] = createConfig({
      name: 'mfe_probe',
      dir: path.join(ROOT, 'mfe-market'),
      port: 0,
      exposes: { './App': './src/App.tsx' },
    })({}, { mode: 'production' });
    const shared = config?.plugins.map((p) => p._options?.shared).find(Boolean);
    expect(shared?.['react-router-dom']?.import).toBe(SUBSET_FILE);
  });

  it("is not the server build's: a remote's Node container shares the whole package, beside the same exposes", () => {
    const { createConfig } = require('./createConfig.cjs') as {
      createConfig: (o: object) => (
        env: unknown,
        argv: object,
      ) => Array<{
        name: string;
        target: string;
        plugins: Array<{
          _options?: { shared?: Record<string, { import?: string }>; exposes?: object; library?: { type: string } };
        }>;
      }>;
    };
    const configs = createConfig({
      name: 'mfe_probe',
      dir: path.join(ROOT, 'mfe-market'),
      port: 0,
      exposes: { './App': './src/App.tsx' },
    })({}, { mode: 'production' });
    expect(configs.map((c) => [c.name, c.target])).toEqual([
      ['browser', 'web'],
      ['server', 'async-node'],
    ]);
    const federation = (i: number) => configs[i]?.plugins.map((p) => p._options).find((o) => o?.shared);
    expect(federation(1)?.shared?.['react-router-dom']).toBeDefined();
    expect(federation(1)?.shared?.['react-router-dom']?.import).toBeUndefined();
    expect(federation(1)?.library?.type).toBe('commonjs-module');
    expect(Object.keys(federation(1)?.exposes ?? {})).toEqual(Object.keys(federation(0)?.exposes ?? {}));
  });
});

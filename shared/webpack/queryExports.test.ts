import fs from 'node:fs';
import path from 'node:path';
import * as reactQuery from '@tanstack/react-query';

// The shared @tanstack/react-query singleton is the subset in queryExports.mjs. A name that product
// code imports from '@tanstack/react-query' but the subset lacks would be undefined at run time in
// the page (the unit tests use the full package), so this test keeps the two in step.

const ROOT = path.resolve(__dirname, '../..');
const SUBSET_FILE = path.join(__dirname, 'queryExports.mjs');

function subsetNames(): string[] {
  const src = fs.readFileSync(SUBSET_FILE, 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from\s*'prds-react-query'/.exec(src);
  if (!block?.[1]) throw new Error("queryExports.mjs has no `export { … } from 'prds-react-query'` block");
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

/** Value (not type-only) names imported or re-exported from '@tanstack/react-query' by product code. */
function usedNames(): Map<string, string> {
  const apps = fs.readdirSync(ROOT).filter((d) => d === 'host' || d === 'shared' || d.startsWith('mfe-'));
  const used = new Map<string, string>();
  for (const file of apps.flatMap((d) => sourceFiles(path.join(ROOT, d, 'src')))) {
    const src = fs.readFileSync(file, 'utf8');
    if (/(import|export)\s*\*\s*(as\s+\w+\s*)?from\s*['"]@tanstack\/react-query['"]/.test(src)) {
      used.set('*', path.relative(ROOT, file));
    }
    for (const m of src.matchAll(/(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@tanstack\/react-query['"]/g)) {
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

describe('shared @tanstack/react-query subset', () => {
  const subset = subsetNames();

  it('lists only names @tanstack/react-query really exports', () => {
    const rq: Record<string, unknown> = reactQuery;
    expect(subset.filter((n) => rq[n] === undefined)).toEqual([]);
  });

  it('covers every name the host, the remotes and shared import from @tanstack/react-query', () => {
    const used = usedNames();
    expect(used.size).toBeGreaterThan(3); // the scan finds the apps' imports at all
    const missing = [...used].filter(([name]) => !subset.includes(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it('is what createConfig shares under the @tanstack/react-query key', () => {
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
    expect(shared?.['@tanstack/react-query']?.import).toBe(SUBSET_FILE);
  });
});

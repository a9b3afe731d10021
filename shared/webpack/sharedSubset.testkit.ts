// What the shared-subset tests (routerExports.test.ts, queryExports.test.ts) read: the names a subset
// module re-exports, and the value names product code takes from a package. A shared module is not
// tree-shaken, so the page shares a subset of such a package; a name product code uses that the
// subset lacks would be undefined in the page (the unit tests use the whole package).
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** The names `subsetFile` re-exports in its `export { … } from '<from>'` block. */
export function subsetNames(subsetFile: string, from: string): string[] {
  const src = fs.readFileSync(subsetFile, 'utf8');
  const escaped = from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const block = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${escaped}'`).exec(src);
  if (!block?.[1]) throw new Error(`${path.basename(subsetFile)} has no \`export { … } from '${from}'\` block`);
  return block[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // The server render (host/src/server) is built with the whole packages shared (createConfig's server
    // build); a testing/ folder is the tests' helpers (ESLint's test files too), never in a page.
    if (e.isDirectory()) return ['node_modules', 'server', 'testing'].includes(e.name) ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * Value (not type-only) names product code (host, shared, the remotes) imports — and, with
 * `reexports`, re-exports — from `pkg`, each with a file that does; `*` for a namespace import.
 */
export function usedNames(pkg: string, { reexports = false } = {}): Map<string, string> {
  const apps = fs.readdirSync(ROOT).filter((d) => d === 'host' || d === 'shared' || d.startsWith('mfe-'));
  const quoted = `['"]${pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`;
  const keyword = reexports ? '(?:import|export)' : 'import';
  const used = new Map<string, string>();
  for (const file of apps.flatMap((d) => sourceFiles(path.join(ROOT, d, 'src')))) {
    const src = fs.readFileSync(file, 'utf8');
    if (new RegExp(`${keyword}\\s*\\*\\s*(as\\s+\\w+\\s*)?from\\s*${quoted}`).test(src)) used.set('*', path.relative(ROOT, file));
    for (const m of src.matchAll(new RegExp(`${keyword}\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))) {
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

/** The `shared` entry createConfig gives a remote's browser build under `key` (mfe-market as the probe). */
export function browserSharedEntry(key: string): { import?: string } | undefined {
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
  return config?.plugins.map((p) => p._options?.shared).find(Boolean)?.[key];
}

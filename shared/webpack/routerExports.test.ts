import path from 'node:path';
import { browserSharedEntry, ROOT, subsetNames as readSubsetNames, usedNames as namesUsed } from './sharedSubset.testkit';
import * as reactRouter from 'react-router';

// The shared react-router-dom singleton is the subset in routerExports.mjs. A name that app code
// imports from 'react-router-dom' but the subset lacks would be undefined at run time in the page
// (the unit tests use the full package), so this test keeps the two in step.

const SUBSET_FILE = path.join(__dirname, 'routerExports.mjs');

const subsetNames = () => readSubsetNames(SUBSET_FILE, 'react-router');
const importedNames = () => namesUsed('react-router-dom');

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
    expect(browserSharedEntry('react-router-dom')?.import).toBe(SUBSET_FILE);
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

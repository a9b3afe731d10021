import fs from 'node:fs';
import path from 'node:path';

// A production remote's container reads the federation runtime core from the host
// (federationRuntimeCore.mjs lends it the names @module-federation/runtime imports from the core).
// A name the container's runtime imports but the host does not lend would be undefined in the page
// (nothing else would notice before a browser), so this test keeps the two in step across updates.

const PROVIDER_FILE = path.join(__dirname, 'federationRuntimeCore.mjs');
const CORE = '@module-federation/runtime-core';

/** The folder of the @module-federation/runtime the container's bundler runtime imports. */
function runtimeDist(): string {
  const from = (request: string, file: string) => require.resolve(request, { paths: [path.dirname(file)] });
  const bundler = from('@module-federation/webpack-bundler-runtime', require.resolve('@module-federation/enhanced'));
  return path.dirname(from('@module-federation/runtime', bundler));
}

function namedImports(src: string, from: string): string[] {
  const quoted = from.replace(/[/.]/g, (c) => `\\${c}`);
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g');
  return [...src.matchAll(pattern)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((s) =>
        s
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );
}

describe("the host's federation runtime core, lent to the remotes' containers", () => {
  const provider = fs.readFileSync(PROVIDER_FILE, 'utf8');
  const lent = namedImports(provider, 'prds-federation-runtime-core');

  it("lends every name the container's runtime imports from the core", () => {
    const dist = runtimeDist();
    const files = fs.readdirSync(dist).filter((f) => /\.js$/.test(f) && f !== 'core.js');
    const needed = new Set(files.flatMap((f) => namedImports(fs.readFileSync(path.join(dist, f), 'utf8'), CORE)));
    expect(needed.size).toBeGreaterThan(5); // the scan finds the runtime's imports at all
    expect([...needed].filter((name) => !lent.includes(name))).toEqual([]);
  });

  it("is on the host's runtime plugins, and the remotes' production containers use it", () => {
    const { createConfig } = require('./createConfig.cjs') as {
      createConfig: (o: object) => (
        env: unknown,
        argv: object,
      ) => Array<{
        plugins: Array<{ _options?: { runtimePlugins?: string[]; experiments?: { externalRuntime?: boolean } } }>;
      }>;
    };
    const ROOT = path.resolve(__dirname, '../..');
    const federation = (options: object, mode: string) =>
      createConfig({ port: 0, ...options })({}, { mode })[0]!.plugins.find((p) => p._options?.runtimePlugins)!._options!;
    const host = federation({ name: 'prds_probe', dir: path.join(ROOT, 'host'), isHost: true }, 'production');
    expect(host.runtimePlugins).toContain(PROVIDER_FILE);
    const remote = { name: 'mfe_probe', dir: path.join(ROOT, 'mfe-market'), exposes: { './App': './src/App.tsx' } };
    expect(federation(remote, 'production').experiments?.externalRuntime).toBe(true);
    // The dev server's standalone harness page has no host: its container keeps its own core.
    expect(federation(remote, 'development').experiments?.externalRuntime).toBeFalsy();
  });
});

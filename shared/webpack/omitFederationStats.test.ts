import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { OmitFederationStatsPlugin } from './omitFederationStats.cjs';

// A real Module Federation build of a one-module remote that shares a local file (as every remote
// shares routerExports.mjs): the manifest plugin writes that file's absolute path into mf-stats.json.

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prds-omit-stats-'));
  fs.writeFileSync(path.join(dir, 'App.js'), "import { name } from 'local-shared';\nexport default name;\n");
  fs.writeFileSync(path.join(dir, 'localShared.js'), "export const name = 'shared';\n");
  fs.writeFileSync(path.join(dir, 'index.js'), '');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build(out: string, plugins: webpack.WebpackPluginInstance[]): Promise<string[]> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, out), publicPath: 'auto' },
    resolve: { alias: { 'local-shared': path.join(dir, 'localShared.js') } },
    plugins: [
      new ModuleFederationPlugin({
        name: 'probe',
        filename: 'remoteEntry.js',
        exposes: { './App': './App.js' },
        shared: { 'local-shared': { import: path.join(dir, 'localShared.js'), requiredVersion: false, singleton: true } },
        manifest: true,
        dts: false,
      }),
      ...plugins,
    ],
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(fs.readdirSync(path.join(dir, out)));
    });
  });
}

/** Reads mf-stats.json as the manifest plugin wrote it, before the plugin under test runs. */
class StatsProbe {
  written: string | null = null;
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('StatsProbe', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StatsProbe', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => {
        this.written = compilation.getAsset('mf-stats.json')?.source.source().toString() ?? null;
      });
    });
  }
}

test("the build ships no mf-stats.json (which names the machine's paths), and mf-manifest.json names none", async () => {
  const probe = new StatsProbe();
  const files = await build('dist', [probe, new OmitFederationStatsPlugin()]);
  // The federation wrote it, with the shared file's absolute path…
  expect(probe.written).toContain(path.join(dir, 'localShared.js'));
  // …and it is not shipped.
  expect(files).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
  expect(files).not.toContain('mf-stats.json');
  expect(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8')).not.toContain(dir);
});

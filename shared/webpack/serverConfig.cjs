// @ts-check
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * The server build beside the browser one (issue 26, the first screen from the server), in
 * dist/server/: for a remote, its Node container — the same exposes and shared modules as the
 * browser's, `target: 'async-node'` (its chunks read from its own folder), the container as
 * `module.exports` (`commonjs-module`), so the web server requires the file of the release it
 * renders; for the host, its render entry (`serverEntry`, a commonjs module) with the federation's
 * share scope the remote containers are initialised with. Same loaders, aliases and build-time
 * constants as the browser build, so both render the same markup.
 * @param {{
 *   browser: import('webpack').Configuration,
 *   name: string,
 *   outDir: string,
 *   isHost: boolean,
 *   serverEntry: string | undefined,
 *   remoteApp: string | null,
 *   release: { version: string } | null,
 *   shared: ReturnType<typeof import('./sharedModules.cjs').sharedConfig>,
 *   exposed: Record<string, string> | undefined,
 * }} options
 * @returns {import('webpack').Configuration | null}
 */
function serverConfig({ browser, name, outDir, isHost, serverEntry, remoteApp, release, shared, exposed }) {
  if (isHost ? !serverEntry : remoteApp === null) return null;
  const define = browser.plugins?.find((plugin) => plugin instanceof webpack.DefinePlugin);
  // The server shares whole packages, not the page's subsets (routerExports.mjs, queryExports.mjs):
  // its render uses MemoryRouter and dehydrate, size does not matter there, and every container
  // gets these from the share scope.
  const serverShared = Object.fromEntries(Object.entries(shared).map(([key, { import: _subset, ...config }]) => [key, config]));
  return {
    ...browser,
    name: 'server',
    entry: isHost && serverEntry ? { render: { import: serverEntry, library: { type: 'commonjs2' } } } : {},
    target: 'async-node',
    devtool: false,
    output: {
      path: path.join(outDir, 'server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: /** @type {any} */ (browser.output).assetModuleFilename,
      // Assets (images) are named as in the browser build, which serves them.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: `${name}_server${release ? `_${release.version.replace(/\W/g, '_')}` : ''}`,
      clean: true,
    },
    plugins: [
      ...(define ? [define] : []),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        ...(exposed ? { exposes: exposed } : {}),
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        shared: serverShared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
      }),
    ],
    // ws (ethers' websocket provider) tries these optional native speed-ups in a try/catch.
    externals: { bufferutil: 'commonjs bufferutil', 'utf-8-validate': 'commonjs utf-8-validate' },
    optimization: { minimize: false },
    devServer: undefined,
  };
}

module.exports = { serverConfig };

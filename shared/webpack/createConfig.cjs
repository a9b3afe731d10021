// @ts-check
/**
 * One webpack 5 + Module Federation 2 config for the host and every remote, so the shared-singleton
 * list, loaders and output rules cannot drift between apps (see TOOLCHAIN-NOTES "Module Federation gotchas").
 *
 * A remote's whole webpack.config.cjs (mfe-market shown; its name is its container's, and its dev
 * server's port the registry's, apps.json: base port + its offset):
 *
 *   const { createConfig } = require('@prds/shared/webpack');
 *
 *   module.exports = createConfig({
 *     name: 'mfe_market',
 *     dir: __dirname,
 *     exposes: { './App': './src/App.tsx' },
 *   });
 *
 * The remote writes src/App.tsx (its <Routes> on the spec's full paths); the container exposes it
 * wrapped with the remote's own messages (remoteApp.tsx), and every app's locale chunks carry only
 * the keys its sources name, precompiled (messagesLoader.cjs). Every remote also gets a
 * standalone dev harness (harness.tsx: ./App inside <AppProviders><BrowserRouter>, behind the async
 * boundary in harnessEntry.js that non-eager shared modules require): `pnpm --filter
 * @prds/mfe-market run dev` serves it on the remote's own port. The production build emits
 * remoteEntry.js + mf-manifest.json in dist/ (not the federation's mf-stats.json, which names the
 * building machine's paths: omitFederationStats.cjs) and no harness: its container uses the host's
 * federation runtime core (federationRuntimeCore.mjs), which a page of its own would not have.
 */
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const { ChunkIntegrityPlugin } = require('./chunkIntegrity.cjs');
const { OmitFederationStatsPlugin } = require('./omitFederationStats.cjs');
const { RemoteTypesPlugin } = require('./remoteTypes.cjs');
const { icuParserWithoutParse, installedEsmEntry, runtimeCoreEntry } = require('./packageResolution.cjs');
const { sharedConfig } = require('./sharedModules.cjs');
const { serverConfig } = require('./serverConfig.cjs');
const { registryPort, contractsRegistryAlias, releaseOf } = require('./buildEnvironment.cjs');

/** Spec §9: chunk load time-out, one number for webpack and the host's remote loading (src/federation/chunkLoadTimeout.ts). */
const { chunkLoadTimeoutMs: CHUNK_LOAD_TIMEOUT_MS } = require('../src/federation/chunkLoadTimeout.json');

const HARNESS_ALIAS = 'prds-dev-harness';
/** What a remote exposes as ./App: its App with its own messages (remoteApp.tsx). */
const REMOTE_APP_WITH_MESSAGES = path.join(__dirname, 'remoteApp.tsx');
/** The App remoteApp.tsx wraps: the remote's own, or a release build's ReleasedApp around it. */
const EXPOSED_APP_ALIAS = 'prds-exposed-app';
/** The locale files, which messagesLoader.cjs cuts to each app's keys and precompiles. */
const LOCALES_DIR = path.resolve(__dirname, '../../locales');
const LOCALE_FILES_ALIAS = 'prds-locale-files';
const MESSAGES_LOADER = path.join(__dirname, 'messagesLoader.cjs');
const SHARED_SRC = path.resolve(__dirname, '../src');
const ETHERS_ADDRESS_SHIM = path.join(__dirname, 'ethersAddressShim.mjs');
const REMOTE_APP_ALIAS = 'prds-remote-app';
/** A release build's ./App: the remote's own App beside a mark naming the release (releasedApp.tsx). */
const RELEASED_APP = path.join(__dirname, 'releasedApp.tsx');

/** React Refresh in development builds: one runtime per page (reactRefreshRuntime.cjs), hooked in first (reactRefreshHook.cjs). */
const REACT_REFRESH_RUNTIME = path.join(__dirname, 'reactRefreshRuntime.cjs');
const REACT_REFRESH_HOOK = path.join(__dirname, 'reactRefreshHook.cjs');

/** The host's runtime plugin that lends its federation runtime core to the remotes' containers. */
const RUNTIME_CORE_PROVIDER = path.join(__dirname, 'federationRuntimeCore.mjs');
/** The federation runtime core the host's own runtime uses (the same module, so one core per page). */
const RUNTIME_CORE_ENTRY = runtimeCoreEntry();

/**
 * @param {{
 *   name: string,
 *   dir: string,
 *   port?: number,
 *   exposes?: Record<string, string>,
 *   isHost?: boolean,
 *   runtimePlugins?: string[],
 *   title?: string,
 *   serverEntry?: string,
 * }} options
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' | 'none' }) => import('webpack').Configuration[]}
 */
function createConfig({
  name,
  dir,
  port = registryPort(name),
  exposes,
  isHost = false,
  runtimePlugins = [],
  title = 'PRDS',
  serverEntry,
}) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`createConfig: name "${name}" must be a JS identifier like mfe_market (it is the container's global)`);
  }
  const remoteApp = exposes?.['./App'] ? path.resolve(dir, exposes['./App']) : null;
  const template = path.join(dir, 'public/index.html');

  const config = (/** @type {unknown} */ _env, /** @type {{ mode?: 'production' | 'development' | 'none' }} */ argv) => {
    const mode = argv.mode ?? 'production';
    const production = mode === 'production';
    // `webpack serve` in development (a team's dev loop, scripts/dev.mjs): hot updates with React
    // Refresh, so an edit re-renders the changed components in place and keeps their state.
    const refresh = Boolean(process.env.WEBPACK_SERVE) && !production;
    // scripts/dev.mjs runs each named remote's dev server on a port of its own (PRDS_DEV_SERVER_PORT).
    const devServerPort = Number(process.env.PRDS_DEV_SERVER_PORT) || port;
    // A production container uses the host's federation runtime core (externalRuntime below), which
    // a page of its own would not have: the standalone harness is the dev server's only.
    const hasHarness = !isHost && remoteApp !== null && !production;
    // `pnpm release` (scripts/release) builds a remote with its release version. Such a build is
    // loaded beside other releases of the same remote over a page's life (a canary that failed, then
    // stable), so its chunk-loading global is its own, and every chunk its runtime loads carries a
    // sha384 integrity the browser checks (the host pins the entry's own hash from the rollout manifest).
    const release = !isHost && remoteApp !== null ? releaseOf(process.env) : null;
    const noParser = icuParserWithoutParse(dir);
    const reactQuery = installedEsmEntry(dir, '@tanstack/react-query');
    const shared = sharedConfig(dir);
    // `pnpm release` builds into its staging folder (PRDS_OUTPUT_DIR); the server build goes to server/ in it.
    const outDir = process.env.PRDS_OUTPUT_DIR?.trim()
      ? path.resolve(process.env.PRDS_OUTPUT_DIR.trim())
      : path.join(dir, 'dist');
    const exposed = exposes ? (remoteApp ? { ...exposes, './App': REMOTE_APP_WITH_MESSAGES } : exposes) : undefined;

    /** @type {import('webpack').EntryObject} */
    const entry = {};
    // A development page hooks React Refresh in before react-dom loads (reactRefreshHook.cjs), so a
    // remote on a dev server refreshes in place inside it; a production build has no such module.
    const page = (/** @type {string} */ file) => (production ? file : [REACT_REFRESH_HOOK, file]);
    if (isHost) entry.main = page('./src/index.ts');
    else if (hasHarness) entry.main = page(path.join(__dirname, 'harnessEntry.js'));

    /** @type {import('webpack').Configuration} */
    const browser = {
      name: 'browser',
      mode,
      context: dir,
      entry,
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // The MF runtime rejects [contenthash] in entry filenames (remoteEntry.js must be stable).
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        // Host: deep links like /detail/7 must still load /main.js. Remotes: wherever they are served from.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        // The server build (serverConfig below) writes dist/server/ beside it.
        clean: { keep: /^server[\\/]/ },
        ...(release
          ? {
              chunkLoadingGlobal: `webpackChunk_${name}_${release.version.replace(/\W/g, '_')}`,
              crossOriginLoading: /** @type {const} */ ('anonymous'),
            }
          : {}),
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...(remoteApp
            ? {
                [`${HARNESS_ALIAS}$`]: path.join(__dirname, 'harness.tsx'),
                [`${REMOTE_APP_ALIAS}$`]: remoteApp,
                [`${EXPOSED_APP_ALIAS}$`]: release ? RELEASED_APP : remoteApp,
              }
            : {}),
          [LOCALE_FILES_ALIAS]: LOCALES_DIR,
          // Messages are precompiled (messagesLoader.cjs): react-intl's formatter gets the parser's
          // build without `parse`.
          ...(noParser ? { '@formatjs/icu-messageformat-parser$': noParser } : {}),
          // A network's build (scripts/build-network.mjs) reads the contract registry generated with its
          // deployment (contracts/scripts/generate.ts --out DIR), not the committed one.
          ...contractsRegistryAlias(process.env.PRDS_CONTRACTS_GENERATED_DIR),
          // web3-react's store checksums addresses with ethers v5's getAddress; the page ships one
          // ethers (v6), so that import gets v6's getAddress instead of @ethersproject/* (and bn.js).
          '@ethersproject/address$': ETHERS_ADDRESS_SHIM,
          // WalletConnect's ethereum-provider imports Reown's modal only for `showQrModal`; the connect
          // dialog draws its own QR code and wallet list, so the modal (and its wallet-list fetches) is left out.
          '@reown/appkit/core$': false,
          'prds-federation-runtime-core$': RUNTIME_CORE_ENTRY,
          ...(production
            ? {}
            : {
                'react-refresh/runtime$': REACT_REFRESH_RUNTIME,
                'prds-react-refresh-runtime$': require.resolve('react-refresh/runtime'),
              }),
          ...(reactQuery ? { 'prds-react-query$': reactQuery } : {}),
        },
        // The harness lives here in shared/webpack: its react, router and @prds/shared imports must
        // resolve from the app's own node_modules to be the modules the app shares.
        modules: ['node_modules', path.join(dir, 'node_modules')],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: {
                    react: {
                      runtime: 'automatic',
                      importSource: '@emotion/react',
                      development: !production,
                      refresh,
                    },
                  },
                  target: 'es2022',
                },
              },
            },
          },
          {
            // A locale file: only the keys this app's sources name, as ICU ASTs (messagesLoader.cjs).
            test: /[\\/][a-z]{2}\.json$/,
            include: LOCALES_DIR,
            use: [{ loader: MESSAGES_LOADER, options: { appDir: dir, sharedSrc: SHARED_SRC, isHost } }],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/i, type: 'asset' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.PRDS_ENV': JSON.stringify(process.env.PRDS_ENV ?? 'devnet'),
          'process.env.PRDS_API_URL': JSON.stringify(process.env.PRDS_API_URL ?? 'http://127.0.0.1:8787'),
          'process.env.PRDS_DEVNET_RPC_URL': JSON.stringify(process.env.PRDS_DEVNET_RPC_URL ?? 'http://127.0.0.1:8545'),
          // BSC's RPC URLs (comma-separated) and explorer; unset, the chain registry's public ones (shared/src/chains).
          'process.env.PRDS_BSC_RPC_URL': JSON.stringify(process.env.PRDS_BSC_RPC_URL ?? ''),
          'process.env.PRDS_BSC_EXPLORER_URL': JSON.stringify(process.env.PRDS_BSC_EXPLORER_URL ?? ''),
          'process.env.PRDS_BSC_TESTNET_RPC_URL': JSON.stringify(process.env.PRDS_BSC_TESTNET_RPC_URL ?? ''),
          'process.env.PRDS_BSC_TESTNET_EXPLORER_URL': JSON.stringify(process.env.PRDS_BSC_TESTNET_EXPLORER_URL ?? ''),
          // WalletConnect (README "WalletConnect"): without a project id the connect dialog does not offer it.
          'process.env.PRDS_WALLETCONNECT_PROJECT_ID': JSON.stringify(process.env.PRDS_WALLETCONNECT_PROJECT_ID ?? ''),
          'process.env.PRDS_WALLETCONNECT_RELAY_URL': JSON.stringify(process.env.PRDS_WALLETCONNECT_RELAY_URL ?? ''),
          // The scope a remote's own messages register under (remoteApp.tsx): its container's name.
          ...(remoteApp ? { 'process.env.PRDS_REMOTE_NAME': JSON.stringify(name) } : {}),
          ...(release
            ? {
                'process.env.PRDS_RELEASE_VERSION': JSON.stringify(release.version),
                'process.env.PRDS_RELEASE_NOTE': JSON.stringify(release.note),
              }
            : {}),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(exposed ? { exposes: exposed } : {}),
          shared,
          // version-first fetches every remote's manifest at start-up and blanks the page if one is down.
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          // Not MF's type plugin: our declaration emit (RemoteTypesPlugin below; remoteTypes.cjs says why).
          dts: false,
          runtimePlugins: isHost ? [RUNTIME_CORE_PROVIDER, ...runtimePlugins] : runtimePlugins,
          experiments: {
            // A remote never loads other remotes, so its container can leave out the runtime's
            // remote-loading and manifest-snapshot code (about a third of remoteEntry.js).
            optimization: isHost ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true },
            // One copy of the federation runtime's core per page: the host's (federationRuntimeCore.mjs),
            // which a production container uses (the host has initialised before it loads any remote)
            // instead of bundling its own, ~11 KiB gzip of each remoteEntry.js.
            ...(!isHost && production ? { externalRuntime: true } : {}),
          },
        }),
        ...(isHost || hasHarness
          ? [
              new HtmlWebpackPlugin({
                chunks: ['main'],
                title,
                ...(fs.existsSync(template)
                  ? { template }
                  : {
                      templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><div id="root"></div></body></html>`,
                    }),
              }),
            ]
          : []),
        ...(release ? [new ChunkIntegrityPlugin()] : []),
        // Its own overlay is off: webpack-dev-server's shows build errors already.
        // Not the refresh runtime's own modules: wrapped like a component module, the runtime would
        // require itself before it has its exports.
        ...(refresh
          ? [
              new ReactRefreshWebpackPlugin({
                overlay: false,
                exclude: [/node_modules/, REACT_REFRESH_RUNTIME, REACT_REFRESH_HOOK],
              }),
            ]
          : []),
        // mf-stats.json names the building machine's paths and nothing reads it.
        ...(isHost ? [] : [new OmitFederationStatsPlugin()]),
        // The exposed modules' declarations in dist/@mf-types (a release carries them; remoteTypes.cjs).
        ...(!isHost && exposes && production ? [new RemoteTypesPlugin({ dir, exposes })] : []),
      ],
      optimization: {
        minimize: production,
        splitChunks: {
          cacheGroups: {
            // Each shared module is a chunk of its own with what it imports that is not shared: the
            // emotion packages' serializer, hash and utils were in three of them. One chunk instead.
            sharedDependencies: {
              test: /[\\/]node_modules[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 5000,
              priority: -5,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        host: '127.0.0.1',
        port: devServerPort,
        historyApiFallback: true,
        // Hot updates with React Refresh; an edit no component boundary accepts reloads the page.
        hot: true,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: {
          overlay: { warnings: false, errors: true },
          // The container runs inside the site's page (another origin): its client talks to this server.
          webSocketURL: `ws://127.0.0.1:${devServerPort}/ws`,
        },
      },
    };
    // A development build (`webpack serve`, scripts/dev.mjs's host) is the browser build only: the dev
    // loop serves pages without the server render.
    if (!production) return [browser];
    const server = serverConfig({ browser, name, outDir, isHost, serverEntry, remoteApp, release, shared, exposed });
    return server ? [browser, server] : [browser];
  };
  // What the declaration emit of the host's typecheck reads (remoteTypes.cjs federationOf).
  return Object.assign(config, { prdsFederation: { name, exposes: exposes ?? {} } });
}

module.exports = { createConfig };

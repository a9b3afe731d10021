const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig } = require('@prds/shared/webpack');

/** The site's base port (apps.json, the registry of apps): the host's dev server. */
const PORT = require('../apps.json').basePort;
/** `pnpm dev host` (scripts/dev.mjs) serves the host on the site's base port. */
const DEV_PORT = Number(process.env.PRDS_DEV_SERVER_PORT) || PORT;

const base = createConfig({
  name: 'prds_host',
  dir: __dirname,
  isHost: true,
  // Registered at build time so it is active before the first remote is requested.
  runtimePlugins: [path.join(__dirname, 'src/federation/remoteFallbackPlugin.ts')],
  title: 'PRDS · Prediction markets',
  // The server render (dist/server/render.js) the web server answers pages with (scripts/serve.mjs).
  serverEntry: './src/server/entry.ts',
});

/**
 * The theme-before-paint script (public/themeBeforePaint.js) as a file of its own, named by its
 * content hash (cached for a year) and loaded first in <head>, blocking: the site's CSP runs no
 * inline script, and the page must know day or night before it paints.
 */
class ThemeBeforePaintPlugin {
  apply(compiler) {
    const source = fs.readFileSync(path.join(__dirname, 'public/themeBeforePaint.js'));
    const file = `theme.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
    compiler.hooks.thisCompilation.tap('ThemeBeforePaintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ThemeBeforePaintPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(file, new compiler.webpack.sources.RawSource(source)),
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('ThemeBeforePaintPlugin', (groups) => {
        groups.headTags.unshift({
          tagName: 'script',
          voidTag: false,
          meta: { plugin: 'ThemeBeforePaintPlugin' },
          attributes: { src: `/${file}` },
        });
        return groups;
      });
    });
  }
}

/**
 * Token icons (public/token-icons/) at fixed paths, as files: `wallet_watchAsset` (EIP-747) hands the
 * wallet an image URL it fetches itself, and @prds/shared's TOKEN_ICON_PATHS names them. Not a webpack
 * asset, which would inline a small SVG as a data: URI that wallets refuse.
 */
class TokenIconsPlugin {
  apply(compiler) {
    const dir = path.join(__dirname, 'public/token-icons');
    compiler.hooks.thisCompilation.tap('TokenIconsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'TokenIconsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of fs.readdirSync(dir)) {
            compilation.fileDependencies.add(path.join(dir, name));
            compilation.emitAsset(
              `token-icons/${name}`,
              new compiler.webpack.sources.RawSource(fs.readFileSync(path.join(dir, name))),
            );
          }
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  const [config, ...server] = base(env, argv);
  config.plugins = [...(config.plugins ?? []), new ThemeBeforePaintPlugin(), new TokenIconsPlugin()];
  config.devServer = {
    ...config.devServer,
    setupMiddlewares: (middlewares, devServer) => {
      // The rollout manifest scripts/serve.mjs answers without releases: each remote on its port
      // beside the host's (scripts/dev.mjs serves the remotes there, or a dev override replaces one).
      require('../contracts/scripts/swc-register.cjs');
      /** @type {typeof import('../scripts/site/localManifest')} */
      const { localManifest } = require('../scripts/site/localManifest.ts');
      const manifest = localManifest(DEV_PORT);
      devServer.app.get('/remotes.json', (_req, res) => {
        res.set('Cache-Control', 'no-store').json(manifest);
      });
      return middlewares;
    },
  };
  return [config, ...server];
};

const path = require('node:path');
const { createConfig } = require('@prds/shared/webpack');
const REMOTES = require('./src/federation/remotes.json');

const PORT = 3000;

const base = createConfig({
  name: 'prds_host',
  dir: __dirname,
  port: PORT,
  isHost: true,
  // Registered at build time so it is active before the first remote is requested.
  runtimePlugins: [path.join(__dirname, 'src/federation/remoteFallbackPlugin.ts')],
  title: 'PRDS · Prediction markets',
});

/** In `webpack serve`, answer /remotes.json the way scripts/serve.mjs does for the production build. */
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.devServer = {
    ...config.devServer,
    setupMiddlewares: (middlewares, devServer) => {
      devServer.app.get('/remotes.json', (_req, res) => {
        const manifest = Object.fromEntries(
          Object.entries(REMOTES).map(([name, { portOffset }]) => [
            name,
            `http://127.0.0.1:${PORT + portOffset}/mf-manifest.json`,
          ]),
        );
        res.set('Cache-Control', 'no-store').json(manifest);
      });
      return middlewares;
    },
  };
  return config;
};

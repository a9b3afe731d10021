const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_market',
  dir: __dirname,
  exposes: {
    './App': './src/App.tsx',
    // The route prefetch the shell calls at boot for /market and /detail/:id (src/prefetch.ts).
    './prefetch': './src/prefetch.ts',
  },
  title: 'PRDS · market',
});

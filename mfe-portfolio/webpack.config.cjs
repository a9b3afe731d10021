const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_portfolio',
  dir: __dirname,
  port: 3004,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · portfolio',
});

const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_market',
  dir: __dirname,
  port: 3001,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · market',
});

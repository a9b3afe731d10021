const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_claim',
  dir: __dirname,
  port: 3005,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · claim',
});

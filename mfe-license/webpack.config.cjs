const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_license',
  dir: __dirname,
  port: 3003,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · license',
});

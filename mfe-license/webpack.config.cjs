const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_license',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · license',
});

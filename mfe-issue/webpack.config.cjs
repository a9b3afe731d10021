const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_issue',
  dir: __dirname,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · issue',
});

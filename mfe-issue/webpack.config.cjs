const { createConfig } = require('@prds/shared/webpack');

module.exports = createConfig({
  name: 'mfe_issue',
  dir: __dirname,
  port: 3002,
  exposes: { './App': './src/App.tsx' },
  title: 'PRDS · issue',
});

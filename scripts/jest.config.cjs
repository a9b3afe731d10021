// The workspace's own tools (the site server's request rules, the lint and format ignore lists), run
// with the front-end units (root jest.config.cjs), on the browser packages' one swc transform.
module.exports = require('../shared/jest/createJestConfig.cjs').createJestConfig({
  testEnvironment: 'node',
  roots: ['<rootDir>'],
});

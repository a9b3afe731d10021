module.exports = require('./jest/createJestConfig.cjs').createJestConfig({
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/webpack'],
});

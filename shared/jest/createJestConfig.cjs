// @ts-check
/**
 * One jest config for every browser package (host, remotes, shared), so the swc transform and the
 * ESM allow-list cannot drift between them. A package's jest.config.cjs:
 *
 *   module.exports = require('@prds/shared/jest').createJestConfig();
 */

// react-intl and its @formatjs dependencies ship ESM only, so swc must compile them too.
const ESM_PACKAGES = ['react-intl', '@formatjs', 'intl-messageformat'];

/**
 * @param {{ testEnvironment?: 'jsdom' | 'node', roots?: string[] }} [options]
 * @returns {import('jest').Config}
 */
function createJestConfig({ testEnvironment = 'jsdom', roots = ['<rootDir>/src'] } = {}) {
  return {
    testEnvironment,
    roots,
    setupFiles: [require.resolve('./setupTextEncoder.cjs')],
    setupFilesAfterEnv: testEnvironment === 'jsdom' ? [require.resolve('./setupAsyncTimeout.cjs')] : [],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${ESM_PACKAGES.join('|')})/)`],
  };
}

module.exports = { createJestConfig };

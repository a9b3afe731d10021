// Front-end unit suites, one jest run over every browser package and the workspace's own tools
// (scripts/). The contracts run their own jest (in-process Hardhat) from contracts/.
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/locales',
    '<rootDir>/host',
    '<rootDir>/mfe-market',
    '<rootDir>/mfe-issue',
    '<rootDir>/mfe-license',
    '<rootDir>/mfe-portfolio',
    '<rootDir>/mfe-claim',
    '<rootDir>/scripts',
  ],
};

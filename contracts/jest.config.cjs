/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  // Compile once per run so each worker's in-process Hardhat finds fresh artifacts without racing.
  globalSetup: "<rootDir>/test/helpers/globalSetup.cjs",
  // A worker is a whole in-process chain; more than two starve a 2-core machine.
  maxWorkers: 2,
  testTimeout: 180_000,
};

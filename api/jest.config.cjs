/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  // Compiles the contracts once per run (fast when nothing changed) so each suite can deploy them.
  globalSetup: "<rootDir>/../contracts/test/helpers/globalSetup.cjs",
  // Each suite runs its own devnet (a hardhat node on its own port) and database.
  maxWorkers: 2,
  testTimeout: 120_000,
};

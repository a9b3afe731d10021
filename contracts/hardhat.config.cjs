// Hardhat 2 with the solc-js compiler from the `solc` npm package: nothing is downloaded.
const { subtask } = require("hardhat/config");
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require("hardhat/builtin-tasks/task-names");
require("@nomicfoundation/hardhat-ethers");

const solc = require("solc");
const SOLC_VERSION = require("solc/package.json").version;

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper();
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: solc.version(),
  };
});

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  solidity: {
    version: SOLC_VERSION,
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      viaIR: true,
    },
  },
  networks: {
    hardhat: {
      // The devnet is 31337. The BSC rehearsal (README "Deploying to BSC") starts a node as chain 56 or 97:
      // PRDS_HARDHAT_CHAIN_ID=56 pnpm exec hardhat node …; nothing else reads it.
      chainId: Number(process.env.PRDS_HARDHAT_CHAIN_ID || 31337),
      // The rehearsal node also mines a block a second by itself (as BSC does every ~3 s), so the api's
      // confirmations come without anyone sending transactions; the devnet mines on demand.
      ...(process.env.PRDS_HARDHAT_CHAIN_ID ? { mining: { auto: true, interval: 1000 } } : {}),
      hardfork: "cancun",
      initialDate: process.env.DEVNET_INITIAL_DATE || undefined,
      accounts: { count: 20 },
    },
    localhost: { url: process.env.DEVNET_RPC_URL || "http://127.0.0.1:8545", chainId: 31337 },
  },
  paths: { sources: "./contracts", tests: "./test", cache: "./cache", artifacts: "./artifacts" },
};

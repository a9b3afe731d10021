// The benchmark's devnet: the same chain as contracts/hardhat.config.cjs (31337, cancun, 20
// accounts), but pointing at an empty artifacts folder. Hardhat then loads no build info, so the
// node keeps no Solidity stack-trace data: with it, a node retains ~1 MB per mined transaction
// (measured), which a 50k-transaction benchmark cannot afford.
const path = require("node:path");
const os = require("node:os");

const scratch = process.env.PRDS_BENCH_HARDHAT_DIR || path.join(os.tmpdir(), "prds-bench-hardhat");

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      hardfork: "cancun",
      accounts: { count: 20 },
      loggingEnabled: false,
    },
  },
  paths: {
    root: scratch,
    sources: path.join(scratch, "contracts"),
    artifacts: path.join(scratch, "artifacts"),
    cache: path.join(scratch, "cache"),
  },
};

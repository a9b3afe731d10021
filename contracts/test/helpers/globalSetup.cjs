const { execFileSync } = require("node:child_process");
const path = require("node:path");

module.exports = async function globalSetup() {
  const root = path.resolve(__dirname, "../..");
  execFileSync(process.execPath, [require.resolve("hardhat/internal/cli/bootstrap", { paths: [root] }), "compile", "--quiet"], {
    cwd: root,
    stdio: "inherit",
  });
};

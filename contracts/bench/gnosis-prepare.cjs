// Fetches the Gnosis Conditional Tokens + Fixed Product Market Maker sources and compiles them with the
// solc 0.5 they were published with. Everything lives in bench/.gnosis (gitignored, outside the pnpm
// workspace install): the market-makers package pulls truffle's wallet provider and native builds at
// install time, so only its tarball is unpacked, and solc 0.5 cannot go through Hardhat's single compiler.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const WORK = path.join(__dirname, ".gnosis");
const PKGS = path.join(WORK, "pkgs");
const SOLC_DIR = path.join(WORK, "solc05");
const ARTIFACTS = path.join(WORK, "artifacts.json");

// Versions as published together: market-makers 1.8.1 was built with solc 0.5.10 (optimizer on, 200 runs)
// against these dependency versions (its package.json ranges; util-contracts 3.0.1 dropped
// ConstructedCloneFactory, which the factory imports).
const SOLC_VERSION = "0.5.10";
const PACKAGES = {
  "@gnosis.pm/conditional-tokens-contracts": "1.0.3",
  "@gnosis.pm/conditional-tokens-market-makers": "1.8.1",
  "@gnosis.pm/util-contracts": "3.0.0-alpha.3",
  "openzeppelin-solidity": "2.3.0",
};

// A plain mintable ERC-20 as collateral, built on the same OpenZeppelin 2.3 ERC20 the Gnosis code uses,
// so the collateral's transfer cost is comparable to our OpenZeppelin 5 DevUSDT.
const BENCH_TOKEN = `pragma solidity ^0.5.1;
import { ERC20 } from "openzeppelin-solidity/contracts/token/ERC20/ERC20.sol";
contract BenchCollateral is ERC20 {
    function mint(address to, uint256 amount) external { _mint(to, amount); }
}
`;

function npm(args, cwd) {
  execFileSync("npm", args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

function packageDir(name) {
  return path.join(PKGS, name.replace("/", "__"));
}

function fetchPackages() {
  fs.mkdirSync(PKGS, { recursive: true });
  for (const [name, version] of Object.entries(PACKAGES)) {
    const dir = packageDir(name);
    if (fs.existsSync(path.join(dir, "package.json"))) continue;
    const tgz = `${name.replace("@", "").replace("/", "-")}-${version}.tgz`;
    if (!fs.existsSync(path.join(PKGS, tgz))) npm(["pack", "--silent", `${name}@${version}`], PKGS);
    fs.mkdirSync(dir, { recursive: true });
    execFileSync("tar", ["xzf", path.join(PKGS, tgz), "-C", dir, "--strip-components=1"]);
  }
}

function loadSolc() {
  const pkg = path.join(SOLC_DIR, "node_modules", "solc", "package.json");
  if (!fs.existsSync(pkg) || JSON.parse(fs.readFileSync(pkg, "utf8")).version !== SOLC_VERSION) {
    fs.mkdirSync(SOLC_DIR, { recursive: true });
    if (!fs.existsSync(path.join(SOLC_DIR, "package.json"))) {
      fs.writeFileSync(path.join(SOLC_DIR, "package.json"), '{ "name": "gnosis-bench-solc", "private": true }\n');
    }
    npm(
      ["install", "--prefix", SOLC_DIR, "--no-audit", "--no-fund", "--ignore-scripts", "--save-exact", `solc@${SOLC_VERSION}`],
      SOLC_DIR,
    );
  }
  return require(path.join(SOLC_DIR, "node_modules", "solc"));
}

function resolveImport(importPath) {
  for (const name of Object.keys(PACKAGES)) {
    if (importPath.startsWith(`${name}/`)) return path.join(packageDir(name), importPath.slice(name.length + 1));
  }
  return null;
}

function compile() {
  const solc = loadSolc();
  const ct = "@gnosis.pm/conditional-tokens-contracts/contracts/ConditionalTokens.sol";
  const factory = "@gnosis.pm/conditional-tokens-market-makers/contracts/FixedProductMarketMakerFactory.sol";
  const sources = {
    [ct]: { content: fs.readFileSync(resolveImport(ct), "utf8") },
    [factory]: { content: fs.readFileSync(resolveImport(factory), "utf8") },
    "bench/BenchCollateral.sol": { content: BENCH_TOKEN },
  };
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const findImports = (p) => {
    const file = resolveImport(p);
    if (file && fs.existsSync(file)) return { contents: fs.readFileSync(file, "utf8") };
    return { error: `not found: ${p}` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), findImports));
  const errors = (output.errors || []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const pick = (file, name) => {
    const c = output.contracts[file][name];
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  };
  const fpmmFile = "@gnosis.pm/conditional-tokens-market-makers/contracts/FixedProductMarketMaker.sol";
  return {
    solcVersion: solc.version(),
    packages: PACKAGES,
    ConditionalTokens: pick(ct, "ConditionalTokens"),
    FixedProductMarketMakerFactory: pick(factory, "FixedProductMarketMakerFactory"),
    FixedProductMarketMaker: pick(fpmmFile, "FixedProductMarketMaker"),
    BenchCollateral: pick("bench/BenchCollateral.sol", "BenchCollateral"),
  };
}

/** Returns the compiled Gnosis artifacts, fetching and compiling them only when missing. */
function prepareGnosis() {
  if (fs.existsSync(ARTIFACTS)) {
    const cached = JSON.parse(fs.readFileSync(ARTIFACTS, "utf8"));
    if (JSON.stringify(cached.packages) === JSON.stringify(PACKAGES)) return cached;
  }
  fetchPackages();
  const artifacts = compile();
  fs.writeFileSync(ARTIFACTS, JSON.stringify(artifacts));
  return artifacts;
}

module.exports = { prepareGnosis };

if (require.main === module) {
  const a = prepareGnosis();
  console.log(`Gnosis artifacts ready (${a.solcVersion}): ${ARTIFACTS}`);
}

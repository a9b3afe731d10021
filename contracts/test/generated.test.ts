import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import hre from "hardhat";
import { BrowserProvider } from "ethers";
import ts from "typescript";
import { createProvider } from "hardhat/internal/core/providers/construction";
import { deployProtocol } from "../scripts/deploy";
import {
  abiOf,
  DEPLOYMENTS_DIR,
  GENERATED_FILE,
  parseDeployment,
  readDeployments,
  renderChainsModule,
  renderDeployment,
  renderGeneratedModule,
  type DeploymentFile,
} from "../scripts/generate";
import { ROLES } from "../scripts/roles";

const STALE = "stale: run `pnpm --filter @prds/contracts run compile` to regenerate";

/** A chain like BSC's (issue 21): every required role, the pay token Tether's USDT, no devnet-only faucet. */
const BSC: DeploymentFile = {
  chainId: 56,
  deploymentBlock: 40_000_000,
  contracts: {
    payToken: { address: "0x55d398326f99059fF775485246999027B3197955" },
    platformToken: { address: "0x0000000000000000000000000000000000000a02" },
    license: { address: "0x0000000000000000000000000000000000000A03" },
    licenseMarketplace: { address: "0x0000000000000000000000000000000000000a04" },
    markets: { address: "0x0000000000000000000000000000000000000a05" },
    claim: { address: "0x0000000000000000000000000000000000000a06" },
  },
};

describe("generated module and deployments (the registry checked against reality)", () => {
  it(`deployments/31337.json holds what a fresh devnet deployment gives (${STALE})`, async () => {
    // A fresh chain, like the devnet's: Hardhat's fixed accounts and nonces make the addresses the same.
    const fresh = await createProvider(hre.config, "hardhat");
    const provider = new BrowserProvider(fresh);
    const deployer = await provider.getSigner(0);
    const { roles, deploymentBlock, addresses } = await deployProtocol(deployer);
    const expected = renderDeployment(31337, deploymentBlock, roles);
    const actual = readFileSync(path.join(DEPLOYMENTS_DIR, "31337.json"), "utf8");
    // Compared as a boolean: a diff of two files would bury the hint in the title.
    expect(actual === expected).toBe(true);
    // Every role is a contract on that chain; the pay token and its faucet are the one DevUSDT.
    for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) {
      expect([role, (await provider.getCode(roles[role])).length > 2]).toEqual([role, true]);
    }
    expect(roles.payToken).toBe(addresses.DevUSDT);
    expect(roles.payTokenFaucet).toBe(roles.payToken);
    expect(roles.platformToken).toBe(addresses.PRDS);
  });

  it(`generated/index.ts matches the compiled ABIs, enums and deployments (${STALE})`, () => {
    expect(readFileSync(GENERATED_FILE, "utf8") === renderGeneratedModule()).toBe(true);
  });

  it("refuses a deployment file without a required role, with an unknown role or a bad address", () => {
    const { platformToken, ...withoutPlatformToken } = BSC.contracts;
    expect(platformToken).toBeDefined();
    expect(() => parseDeployment({ ...BSC, contracts: withoutPlatformToken }, "56.json")).toThrow(
      "56.json: no address for the required role(s) platformToken",
    );
    expect(() =>
      parseDeployment(
        { ...BSC, contracts: { ...BSC.contracts, DevUSDT: { address: BSC.contracts.payToken?.address } } },
        "56.json",
      ),
    ).toThrow("56.json: unknown role 'DevUSDT'");
    expect(() => parseDeployment({ ...BSC, contracts: { ...BSC.contracts, markets: { address: "0x12" } } }, "56.json")).toThrow(
      "56.json: markets.address is not an address",
    );
    // Addresses come back checksummed; a chain without the devnet-only faucet is valid.
    const lowercase = {
      ...BSC,
      contracts: { ...BSC.contracts, payToken: { address: "0x55d398326f99059ff775485246999027b3197955" } },
    };
    expect(parseDeployment(lowercase, "56.json").contracts.payToken?.address).toBe("0x55d398326f99059fF775485246999027B3197955");
  });

  it("a chain without a devnet-only contract compiles, and reading its faucet without a check does not", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prds-generated-"));
    try {
      const deployments = [...readDeployments(), BSC];
      writeFileSync(path.join(dir, "index.ts"), renderGeneratedModule(deployments));
      writeFileSync(path.join(dir, "chains.ts"), renderChainsModule(deployments));
      expect(renderChainsModule(deployments)).toContain("56: [],");
      writeFileSync(
        path.join(dir, "consumer.ts"),
        [
          'import { deploymentOf, deployments, type Address } from "./index";',
          "const usdt: Address = deployments[56].contracts.payToken.address;",
          "// @ts-expect-error BSC has no devnet-only faucet",
          "const missing = deployments[56].contracts.payTokenFaucet;",
          "// Read as any chain: possibly absent, so it must be checked before use.",
          "const faucet = deploymentOf(56)?.contracts.payTokenFaucet;",
          "// @ts-expect-error the faucet may be absent",
          "const unchecked: Address = deploymentOf(31337)?.contracts.payTokenFaucet.address;",
          "const checked: Address | null = faucet ? faucet.address : null;",
          "// @ts-expect-error the pay token is typed with the ERC-20 ABI: it has no mint",
          'const mints = deployments[56].contracts.payToken.abi.some((item) => item.name === "mint");',
          "export { usdt, missing, unchecked, checked, mints };",
          "",
        ].join("\n"),
      );
      const program = ts.createProgram([path.join(dir, "consumer.ts")], {
        strict: true,
        noUncheckedIndexedAccess: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ["lib.es2022.d.ts"],
        types: [],
        noEmit: true,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a folder of extra deployments (a rehearsal's) adds its chains without touching the committed ones, and a stale ABI is refused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prds-extra-"));
    try {
      const abi = abiOf("Markets");
      const record = {
        ...BSC,
        network: "bsc",
        contracts: { ...BSC.contracts, markets: { address: BSC.contracts.markets?.address, abi } },
      };
      writeFileSync(path.join(dir, "56.json"), JSON.stringify(record));
      writeFileSync(path.join(dir, "56.journal.json"), "{}");
      expect(readDeployments([dir]).map((d) => d.chainId)).toEqual([56, 31337]);
      expect(readDeployments().map((d) => d.chainId)).toEqual([31337]);

      // The record's ABI is the one its contracts were deployed with: a changed contract must not build against it.
      const stale = {
        ...record,
        contracts: { ...record.contracts, markets: { ...record.contracts.markets, abi: abi.slice(1) } },
      };
      writeFileSync(path.join(dir, "56.json"), JSON.stringify(stale));
      expect(() => readDeployments([dir])).toThrow(
        `${dir}/56.json: the markets ABI recorded at deployment differs from the compiled contracts'`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import hre from "hardhat";
import { BrowserProvider } from "ethers";
import { createProvider } from "hardhat/internal/core/providers/construction";
import { deployProtocol } from "../scripts/deploy";
import { DEPLOYMENTS_DIR, GENERATED_FILE, renderDeployment, renderGeneratedModule } from "../scripts/generate";

const STALE = "stale: run `pnpm --filter @prds/contracts run compile` to regenerate";

describe("generated module and deployments (the registry checked against reality)", () => {
  it(`deployments/31337.json holds what a fresh devnet deployment gives, with the current ABIs (${STALE})`, async () => {
    // A fresh chain, like the devnet's: Hardhat's fixed accounts and nonces make the addresses the same.
    const fresh = await createProvider(hre.config, "hardhat");
    const deployer = await new BrowserProvider(fresh).getSigner(0);
    const { addresses, deploymentBlock } = await deployProtocol(deployer);
    const expected = renderDeployment(31337, deploymentBlock, addresses);
    const actual = readFileSync(path.join(DEPLOYMENTS_DIR, "31337.json"), "utf8");
    // Compared as a boolean: a diff of two ABI files would bury the hint in the title.
    expect(actual === expected).toBe(true);
  });

  it(`generated/index.ts matches the compiled ABIs, enums and deployments (${STALE})`, () => {
    expect(readFileSync(GENERATED_FILE, "utf8") === renderGeneratedModule()).toBe(true);
  });
});

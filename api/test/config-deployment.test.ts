import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, readDeploymentFile } from "../src/config";

// PRDS_DEPLOYMENT_FILE: the api of a network's deployment (the BSC rehearsal's 56.json) reads its
// addresses and start block from the record deploy:network wrote; a bad record stops the start.

const ADDRESS = (n: number): string => `0x${n.toString(16).padStart(40, "0")}`;

function record(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const roles = ["payToken", "platformToken", "license", "licenseMarketplace", "markets", "claim"];
  return {
    chainId: 56,
    deploymentBlock: 1234,
    contracts: Object.fromEntries(roles.map((role, i) => [role, { address: ADDRESS(i + 1), abi: [] }])),
    ...overrides,
  };
}

describe("the api's deployment file (PRDS_DEPLOYMENT_FILE)", () => {
  let dir: string;
  const write = (json: unknown, name = "56.json"): string => {
    const file = path.join(dir, name);
    writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
    return file;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "prds-deployment-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a network's record: every role's checksummed address and the block the indexer starts at", () => {
    const file = write(
      record({ contracts: { ...(record().contracts as object), markets: { address: ADDRESS(0xabc).toLowerCase() } } }),
    );
    const config = loadConfig({ PRDS_CHAIN_ID: "56", PRDS_DEPLOYMENT_FILE: file });
    expect(config.chainId).toBe(56);
    expect(config.confirmations).toBe(15);
    expect(config.deployment).toEqual({
      addresses: {
        payToken: ADDRESS(1),
        platformToken: ADDRESS(2),
        license: ADDRESS(3),
        licenseMarketplace: ADDRESS(4),
        markets: "0x0000000000000000000000000000000000000aBc",
        claim: ADDRESS(6),
      },
      deploymentBlock: 1234,
    });
    expect(config.deployment?.addresses).not.toHaveProperty("payTokenFaucet");
  });

  it("serves only a chain the app knows (56, the testnet's 97, the devnet's 31337)", () => {
    expect(loadConfig({ PRDS_CHAIN_ID: "97" }).chainId).toBe(97);
    expect(() => loadConfig({ PRDS_CHAIN_ID: "5" })).toThrow(
      "PRDS_CHAIN_ID must be one of the chains the app knows: 56, 97, 31337 (got 5)",
    );
  });

  it("is unused when unset: the deployment built into @prds/contracts", () => {
    expect(loadConfig({}).deployment).toBeNull();
  });

  it("refuses a bad record, naming the file and the field", () => {
    const refusal = (json: unknown): string => {
      const file = write(json);
      try {
        readDeploymentFile(file, 56);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("accepted a bad record");
    };
    const file = path.join(dir, "56.json");
    expect(refusal("{ not json")).toMatch(new RegExp(`^PRDS_DEPLOYMENT_FILE ${file}: is not JSON`));
    expect(refusal(record({ chainId: 97 }))).toBe(
      `PRDS_DEPLOYMENT_FILE ${file}: is for chain 97, the api runs on 56 (PRDS_CHAIN_ID)`,
    );
    expect(refusal(record({ deploymentBlock: -1 }))).toBe(`PRDS_DEPLOYMENT_FILE ${file}: deploymentBlock is not a block number`);
    expect(refusal(record({ deploymentBlock: "12" }))).toBe(
      `PRDS_DEPLOYMENT_FILE ${file}: deploymentBlock is not a block number`,
    );
    const contracts = record().contracts as Record<string, unknown>;
    expect(refusal(record({ contracts: { ...contracts, claim: { address: "0x1234" } } }))).toBe(
      `PRDS_DEPLOYMENT_FILE ${file}: contracts.claim.address is not an address`,
    );
    const { license: _license, ...withoutLicense } = contracts;
    expect(refusal(record({ contracts: withoutLicense }))).toBe(
      `PRDS_DEPLOYMENT_FILE ${file}: contracts.license.address is not an address`,
    );
    expect(() => loadConfig({ PRDS_CHAIN_ID: "56", PRDS_DEPLOYMENT_FILE: path.join(dir, "missing.json") })).toThrow(
      /^PRDS_DEPLOYMENT_FILE .*missing\.json: cannot be read \(ENOENT: no such file/,
    );
  });
});

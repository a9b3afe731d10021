import { ArtifactsMissing, cliMessage, COMPILE_FIRST, loadArtifact } from "../scripts/artifacts";

// An operator who runs the BSC rehearsal or a deployment before compiling gets one line saying what to run,
// not a stack trace for a file that could not be opened (README "Deploying to BSC").

describe("compiled artifacts (scripts/artifacts.ts)", () => {
  it("reads a compiled contract", () => {
    expect(loadArtifact("StandardERC20", "contracts/test/StandardERC20.sol").abi).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "transfer" })]),
    );
  });

  it("names the missing file and the command to run when a contract is not compiled", () => {
    let thrown: unknown;
    try {
      loadArtifact("NotCompiled");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ArtifactsMissing);
    const line = cliMessage(thrown);
    expect(line).toBe(
      `the contracts are not compiled (artifacts/contracts/NotCompiled.sol/NotCompiled.json is missing): run ${COMPILE_FIRST}`,
    );
    expect(line).not.toContain("\n");
    expect(COMPILE_FIRST).toBe("pnpm install && pnpm --filter @prds/contracts run compile");
  });

  it("leaves any other failure to be printed whole", () => {
    expect(cliMessage(new Error("ENOENT somewhere else"))).toBeNull();
  });
});

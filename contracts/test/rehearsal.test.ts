import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import hre from "hardhat";
import { createProvider } from "hardhat/internal/core/providers/construction";
import { BrowserProvider, Contract, parseUnits } from "ethers";
import { networkParamsFile, parseNetworkParams, readNetworkParams } from "../scripts/networkParams";
import { prepareRehearsal, REHEARSAL_BALANCE, rehearsalAccount, RehearsalRefused } from "../scripts/rehearsal";

// The rehearsal node is a local Hardhat node started as BSC: prepareRehearsal puts "USDT" where BSC's
// is and writes the parameters file a person would complete before a real deployment.

const BSC_USDT = "0x55d398326f99059fF775485246999027B3197955";
const ERC20 = [
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address,uint256) returns (bool)",
];

async function freshChain(chainId: number): Promise<BrowserProvider> {
  const config = { ...hre.config, networks: { ...hre.config.networks, hardhat: { ...hre.config.networks.hardhat, chainId } } };
  return new BrowserProvider(await createProvider(config, "hardhat"), undefined, { cacheTimeout: -1 });
}

describe("the BSC rehearsal's node (scripts/rehearsal.ts)", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "prds-rehearsal-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("places USDT at BSC's address with balances for the test accounts and writes a complete parameters file; run again, it leaves the token alone", async () => {
    const provider = await freshChain(56);
    const lines: string[] = [];
    const setup = await prepareRehearsal(provider, { network: "bsc", outDir: dir, log: (line) => lines.push(line) });
    expect(setup).toMatchObject({ chainId: 56, payToken: BSC_USDT, tokenPlaced: true });

    const usdt = new Contract(BSC_USDT, ERC20, provider);
    expect(await usdt.getFunction("symbol")()).toBe("USDT");
    expect(await usdt.getFunction("name")()).toBe("Tether USD");
    expect(await usdt.getFunction("decimals")()).toBe(18n);
    expect(await usdt.getFunction("balanceOf")(rehearsalAccount(5).address)).toBe(REHEARSAL_BALANCE);
    // It behaves as a token: a holder sends some.
    const holder = await provider.getSigner(rehearsalAccount(5).address);
    await (
      await (usdt.connect(holder) as Contract).getFunction("transfer")(rehearsalAccount(6).address, parseUnits("1", 18))
    ).wait();
    expect(await usdt.getFunction("balanceOf")(rehearsalAccount(6).address)).toBe(REHEARSAL_BALANCE + parseUnits("1", 18));

    // The committed file with only owner, treasury and confirmations filled in: the deployment command reads it as is.
    const params = readNetworkParams(setup.paramsFile);
    const committed = JSON.parse(readFileSync(networkParamsFile("bsc"), "utf8")) as Record<string, unknown>;
    const completed = {
      ...committed,
      owner: rehearsalAccount(1).address,
      treasury: rehearsalAccount(2).address,
      confirmations: 1,
    };
    expect(params).toEqual(parseNetworkParams(completed, "bsc.json"));

    const again = await prepareRehearsal(provider, { network: "bsc", outDir: dir, log: (line) => lines.push(line) });
    expect(again.tokenPlaced).toBe(false);
    expect(await usdt.getFunction("balanceOf")(rehearsalAccount(6).address)).toBe(REHEARSAL_BALANCE + parseUnits("1", 18));
    expect(lines.join("\n")).toContain(`USDT is at ${BSC_USDT} already`);
  });

  it("refuses a node that is not the network's chain, before writing anything", async () => {
    const provider = await freshChain(31337);
    await expect(prepareRehearsal(provider, { network: "bsc", outDir: dir, log: () => undefined })).rejects.toThrow(
      new RehearsalRefused("the node is chain 31337, not bsc's 56: start it with PRDS_HARDHAT_CHAIN_ID=56"),
    );
    expect(await provider.getCode(BSC_USDT)).toBe("0x");
    expect(() => readFileSync(path.join(dir, "bsc.params.json"))).toThrow(/ENOENT/);
  });
});

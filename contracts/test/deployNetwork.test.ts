import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import hre from "hardhat";
import { createProvider } from "hardhat/internal/core/providers/construction";
import { BrowserProvider, Contract, ContractFactory, HDNodeWallet, parseUnits, Wallet, ZeroAddress } from "ethers";
import solc from "solc";
import { loadArtifact } from "../scripts/artifacts";
import { deployProtocol } from "../scripts/deploy";
import {
  deployNetwork,
  DeployRefused,
  journalFile,
  recordFile,
  STEP_NAMES,
  type Journal,
  type StepName,
} from "../scripts/deployNetwork";
import { parseDeployment } from "../scripts/generate";
import { revertData } from "./helpers/assertions";
import { networkParamsFile, parseNetworkParams, type NetworkParams } from "../scripts/networkParams";
import { placeStandardToken } from "../scripts/rehearsalToken";
import { standardJsonInputOf, type VerificationManifest } from "../scripts/verification";

const BSC_USDT = "0x55d398326f99059fF775485246999027B3197955";
const PHRASE = "test test test test test test test test test test test junk";
const account = (i: number) => HDNodeWallet.fromPhrase(PHRASE, undefined, `m/44'/60'/0'/0/${i}`);
const DEPLOYER = account(0);
const OWNER = account(1).address;
const TREASURY = account(2).address;
const BUYER = account(3);
const usdt = (amount: string) => parseUnits(amount, 18);

/** A fresh in-process Hardhat chain with `chainId` (BSC's 56 by default), as a BSC rehearsal node is. */
async function freshChain(chainId = 56): Promise<BrowserProvider> {
  const config = {
    ...hre.config,
    networks: { ...hre.config.networks, hardhat: { ...hre.config.networks.hardhat, chainId } },
  };
  const provider = new BrowserProvider(await createProvider(config, "hardhat"), undefined, { cacheTimeout: -1 });
  provider.pollingInterval = 20;
  return provider;
}

/** Tether's USDT at its BSC address (or the testnet's), as standard ERC-20 code and storage (what the rehearsal node shows). */
async function placeUsdt(provider: BrowserProvider, balances: Record<string, bigint> = {}, address = BSC_USDT): Promise<void> {
  await placeStandardToken((method, params) => provider.send(method, params), {
    address,
    name: "Tether USD",
    symbol: "USDT",
    balances,
  });
}

/** contracts/networks/<network>.json with the rehearsal's owner and treasury and one confirmation (the chain mines on demand). */
function bscParams(network: "bsc" | "bsc-testnet" = "bsc"): NetworkParams {
  const json = JSON.parse(readFileSync(networkParamsFile(network), "utf8")) as Record<string, unknown>;
  return parseNetworkParams({ ...json, owner: OWNER, treasury: TREASURY, confirmations: 1 }, `${network}.json (test)`);
}

class Interrupted extends Error {}

describe("deploying to a real network (scripts/deployNetwork.ts) on a chain with id 56 (or the testnet's 97)", () => {
  const dirs: string[] = [];
  const outDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prds-deploy-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const run = (provider: BrowserProvider, dir: string, extra: Partial<Parameters<typeof deployNetwork>[1]> = {}) =>
    deployNetwork(DEPLOYER.connect(provider), {
      params: bscParams(),
      paramsFile: networkParamsFile("bsc"),
      outDir: dir,
      commit: { hash: "0123456789abcdef0123456789abcdef01234567", dirty: false },
      log: () => undefined,
      ...extra,
    });

  it("deploys with BSC USDT at its address, hands the admin role and the PRDS over, records it all, and a second run is a no-op", async () => {
    const provider = await freshChain();
    await placeUsdt(provider, { [BUYER.address]: usdt("1000") });
    const dir = outDir();
    const record = await run(provider, dir);

    // The record: every required role, the pay token Tether's, no devnet-only faucet; generate.ts accepts it.
    expect(record.contracts.payToken?.address).toBe(BSC_USDT);
    expect(record.contracts.payTokenFaucet).toBeUndefined();
    expect(Object.keys(record.deployed).sort()).toEqual([
      "Claim",
      "License",
      "LicenseMarketplace",
      "Markets",
      "MarketsDisputes",
      "PRDS",
    ]);
    expect(parseDeployment(JSON.parse(readFileSync(recordFile(dir, 56), "utf8")), "56.json").contracts.markets?.address).toBe(
      record.contracts.markets?.address,
    );
    expect(record.contracts.markets?.abi).toEqual(loadArtifact("IMarkets", "contracts/interfaces/IMarkets.sol").abi);
    expect(record.deploymentBlock).toBe(record.deployed.PRDS.block - 1);
    expect(record).toMatchObject({ network: "bsc", owner: OWNER, treasury: TREASURY, deployer: DEPLOYER.address });
    expect(record.commit).toEqual({ hash: "0123456789abcdef0123456789abcdef01234567", dirty: false });
    expect(record.parameters).toMatchObject({ chainId: 56, markets: { feeBps: 200, challengeStake: usdt("1000").toString() } });

    // Ownership and PRDS: the owner holds License's admin role, the deployer holds nothing.
    const license = new Contract(record.deployed.License.address, loadArtifact("License").abi, provider);
    const prds = new Contract(record.deployed.PRDS.address, loadArtifact("PRDS").abi, provider);
    expect(await license.getFunction("owner")()).toBe(OWNER);
    expect(await prds.getFunction("balanceOf")(DEPLOYER.address)).toBe(0n);
    expect(await prds.getFunction("balanceOf")(record.deployed.Claim.address)).toBe(usdt("1000000"));
    expect(await prds.getFunction("balanceOf")(TREASURY)).toBe(usdt("99000000"));

    // The 'real' USDT works with the protocol: a License bought with it pays the treasury.
    const buyer = BUYER.connect(provider);
    const token = new Contract(BSC_USDT, loadArtifact("StandardERC20", "contracts/test/StandardERC20.sol").abi, buyer);
    await (await token.getFunction("approve")(record.deployed.License.address, usdt("100"))).wait();
    await (await (license.connect(buyer) as Contract).getFunction("buy")(0)).wait();
    expect(await token.getFunction("balanceOf")(TREASURY)).toBe(usdt("100"));
    expect(await token.getFunction("balanceOf")(BUYER.address)).toBe(usdt("900"));

    // Verification data beside the record: one standard JSON input per contract and its constructor arguments.
    const manifest = JSON.parse(readFileSync(path.join(dir, "56.verify", "verify.json"), "utf8")) as VerificationManifest;
    expect(manifest.explorer).toBe("https://bscscan.com");
    expect(manifest.contracts.map((c) => c.contract).sort()).toEqual([
      "contracts/Claim.sol:Claim",
      "contracts/License.sol:License",
      "contracts/LicenseMarketplace.sol:LicenseMarketplace",
      "contracts/Markets.sol:Markets",
      "contracts/MarketsDisputes.sol:MarketsDisputes",
      "contracts/PRDS.sol:PRDS",
    ]);
    const claimEntry = manifest.contracts.find((c) => c.name === "Claim");
    expect(claimEntry).toMatchObject({ compilerVersion: "v0.8.30+commit.73712a01", evmVersion: "cancun", viaIR: true });
    const claimFactory = new ContractFactory(loadArtifact("Claim").abi, "0x");
    expect(`0x${claimEntry?.constructorArguments}`).toBe(
      claimFactory.interface.encodeDeploy([record.deployed.PRDS.address, record.deployed.Markets.address, usdt("100")]),
    );
    expect(existsSync(path.join(dir, "56.verify", "Markets.input.json"))).toBe(true);

    // A second run checks the chain and sends nothing.
    const nonce = await provider.getTransactionCount(DEPLOYER.address);
    const lines: string[] = [];
    const again = await run(provider, dir, { log: (line) => lines.push(line) });
    expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(nonce);
    expect(again.deployed).toEqual(record.deployed);
    expect(lines.join("\n")).toContain("nothing to do");
  });

  it("deploys to BSC testnet (97) with the testnet's USDT, its parameters and its explorer", async () => {
    const testnetUsdt = "0x337610d27c682E347C9cD60BD4b3b107C9d34dDd";
    const provider = await freshChain(97);
    await placeUsdt(provider, { [BUYER.address]: usdt("1000") }, testnetUsdt);
    const dir = outDir();
    const record = await run(provider, dir, { params: bscParams("bsc-testnet"), paramsFile: networkParamsFile("bsc-testnet") });

    expect(record).toMatchObject({ network: "bsc-testnet", owner: OWNER, treasury: TREASURY, parameters: { chainId: 97 } });
    expect(record.contracts.payToken?.address).toBe(testnetUsdt);
    expect(record.contracts.payTokenFaucet).toBeUndefined();
    expect(parseDeployment(JSON.parse(readFileSync(recordFile(dir, 97), "utf8")), "97.json").contracts.markets?.address).toBe(
      record.contracts.markets?.address,
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, "97.verify", "verify.json"), "utf8")) as VerificationManifest;
    expect(manifest.explorer).toBe("https://testnet.bscscan.com");

    // A License bought with the testnet's USDT pays the treasury; the owner holds License.
    const license = new Contract(record.deployed.License.address, loadArtifact("License").abi, BUYER.connect(provider));
    const token = new Contract(
      testnetUsdt,
      loadArtifact("StandardERC20", "contracts/test/StandardERC20.sol").abi,
      BUYER.connect(provider),
    );
    await (await token.getFunction("approve")(record.deployed.License.address, usdt("100"))).wait();
    await (await license.getFunction("buy")(0)).wait();
    expect(await token.getFunction("balanceOf")(TREASURY)).toBe(usdt("100"));
    expect(await license.getFunction("owner")()).toBe(OWNER);

    // The chain-56 parameters are refused on chain 97 before anything is sent.
    const fresh = await freshChain(97);
    await expect(run(fresh, outDir())).rejects.toThrow(DeployRefused);
    expect(await fresh.getTransactionCount(DEPLOYER.address)).toBe(0);
  });

  it("finishes a run interrupted after two contracts, or after a broadcast, without deploying a second copy of anything", async () => {
    const provider = await freshChain();
    await placeUsdt(provider);
    const dir = outDir();
    const stopAfter = (name: StepName) => ({
      afterStep: (step: StepName) => {
        if (step === name) throw new Interrupted(`stopped after ${step}`);
      },
    });

    await expect(run(provider, dir, { hooks: stopAfter("License") })).rejects.toThrow(Interrupted);
    const journal = JSON.parse(readFileSync(journalFile(dir, 56), "utf8")) as Journal;
    expect(STEP_NAMES.filter((name) => journal.steps[name]?.status === "done")).toEqual(["PRDS", "License"]);
    expect(existsSync(recordFile(dir, 56))).toBe(false);
    expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(2);

    // Killed after broadcasting MarketsDisputes, before its receipt was recorded.
    await expect(
      run(provider, dir, {
        hooks: {
          afterBroadcast: (step) => {
            if (step === "MarketsDisputes") throw new Interrupted("killed after broadcasting");
          },
        },
      }),
    ).rejects.toThrow(Interrupted);
    const midway = JSON.parse(readFileSync(journalFile(dir, 56), "utf8")) as Journal;
    expect(midway.steps.MarketsDisputes?.status).toBe("sent");

    const lines: string[] = [];
    const record = await run(provider, dir, { log: (line) => lines.push(line) });
    expect(lines[0]).toContain("resuming the deployment on chain 56: 4 of 11 steps done");
    expect(record.deployed.PRDS.address).toBe(journal.steps.PRDS?.address);
    expect(record.deployed.License.address).toBe(journal.steps.License?.address);
    expect(record.deployed.MarketsDisputes.address).toBe(midway.steps.MarketsDisputes?.address);
    // One transaction per step, each sent once: 6 deployments, 2 wirings, 2 PRDS transfers, 1 hand-over.
    expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(STEP_NAMES.length);
    const license = new Contract(record.deployed.License.address, loadArtifact("License").abi, provider);
    expect(await license.getFunction("owner")()).toBe(OWNER);
    expect(await license.getFunction("markets")()).toBe(record.deployed.Markets.address);
  });

  it("refuses to resume with other parameters or another deployer", async () => {
    const provider = await freshChain();
    await placeUsdt(provider);
    const dir = outDir();
    await expect(
      run(provider, dir, {
        hooks: {
          afterStep: () => {
            throw new Interrupted("stop");
          },
        },
      }),
    ).rejects.toThrow(Interrupted);
    const changed = { ...bscParams(), claimAmount: usdt("50") };
    await expect(run(provider, dir, { params: changed })).rejects.toThrow("is an unfinished deployment with other parameters");
    await expect(
      deployNetwork(account(5).connect(provider), {
        params: bscParams(),
        paramsFile: "bsc.json",
        outDir: dir,
        log: () => undefined,
      }),
    ).rejects.toThrow(`belongs to deployer ${DEPLOYER.address} on chain 56`);
    expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(1);
    expect(await provider.getTransactionCount(account(5).address)).toBe(0);
  });

  it("refuses DevUSDT on chain 56: the devnet's deployment stops before sending, and DevUSDT's constructor reverts", async () => {
    const provider = await freshChain();
    const deployer = DEPLOYER.connect(provider);
    await expect(deployProtocol(deployer)).rejects.toThrow(
      "deployProtocol deploys DevUSDT and is for the devnet (chain 31337) only, not chain 56",
    );
    expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(0);

    const devUsdt = loadArtifact("DevUSDT");
    const factory = new ContractFactory(devUsdt.abi, devUsdt.bytecode, deployer);
    const error: unknown = await factory.deploy().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const data = revertData(error);
    expect(data && factory.interface.parseError(data)?.name).toBe("DevnetOnly");
    expect(data && [...(factory.interface.parseError(data)?.args ?? [])]).toEqual([56n]);
  });

  it("refuses a chain that is not the parameters' or whose pay token is not USDT, before sending anything", async () => {
    const testnet = await freshChain(97);
    await expect(run(testnet, outDir())).rejects.toThrow(
      new DeployRefused("the RPC serves chain 97, but the parameters are for bsc (chain 56)"),
    );

    const bare = await freshChain();
    await expect(run(bare, outDir())).rejects.toThrow(`payToken ${BSC_USDT} has no code on chain 56`);

    const wrong = await freshChain();
    await placeStandardToken((method, params) => wrong.send(method, params), {
      address: BSC_USDT,
      name: "Binance USD",
      symbol: "BUSD",
      balances: {},
    });
    await expect(run(wrong, outDir())).rejects.toThrow(
      `payToken ${BSC_USDT} is BUSD with 18 decimals on chain 56, not USDT with 18`,
    );
    for (const provider of [testnet, bare, wrong]) expect(await provider.getTransactionCount(DEPLOYER.address)).toBe(0);
  });

  it("writes a standard JSON input that compiles to the deployed bytecode (Claim, with the solc of the build)", () => {
    const { input, compilerVersion } = standardJsonInputOf("Claim");
    expect(compilerVersion).toBe(`v${(solc as { version(): string }).version().replace(/\.Emscripten\.clang$/, "")}`);
    expect(Object.keys(input.sources)).toContain("contracts/Claim.sol");
    expect(Object.keys(input.sources)).not.toContain("contracts/Markets.sol");
    const output = JSON.parse((solc as { compile(input: string): string }).compile(JSON.stringify(input))) as {
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
      errors?: { severity: string; message: string }[];
    };
    expect((output.errors ?? []).filter((e) => e.severity === "error")).toEqual([]);
    expect(`0x${output.contracts["contracts/Claim.sol"]?.Claim?.evm.bytecode.object}`).toBe(loadArtifact("Claim").bytecode);
  });

  it("places the token with its name, symbol, balances and supply in storage", async () => {
    const provider = await freshChain();
    await placeUsdt(provider, { [BUYER.address]: usdt("12.5"), [OWNER]: usdt("1") });
    const token = new Contract(BSC_USDT, loadArtifact("StandardERC20", "contracts/test/StandardERC20.sol").abi, provider);
    expect(await token.getFunction("name")()).toBe("Tether USD");
    expect(await token.getFunction("symbol")()).toBe("USDT");
    expect(await token.getFunction("decimals")()).toBe(18n);
    expect(await token.getFunction("balanceOf")(BUYER.address)).toBe(usdt("12.5"));
    expect(await token.getFunction("totalSupply")()).toBe(usdt("13.5"));
    expect(await token.getFunction("balanceOf")(ZeroAddress)).toBe(0n);
    expect(new Wallet(BUYER.privateKey).address).toBe(BUYER.address);
  });
});

import hre from "hardhat";
import { BrowserProvider, Signature } from "ethers";
import { createProvider } from "hardhat/internal/core/providers/construction";
import { deployArtifact } from "../scripts/artifacts";
import { expectRevert } from "./helpers/assertions";
import { by, deployFixture, prds, usdt, type Fixture } from "./helpers/fixture";
import { isolateEach, now } from "./helpers/chain";

describe("PRDS", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await deployFixture();
  });
  isolateEach();

  it("has its name, symbol, 18 decimals and mints the supply to the holder", async () => {
    expect(await f.prds.symbol()).toBe("PRDS");
    expect(await f.prds.decimals()).toBe(18n);
    expect(await f.prds.totalSupply()).toBe(prds(100_000_000));
    expect(await f.prds.balanceOf(f.deployer.address)).toBe(prds(100_000_000) - prds(1_000_000));
    expect(await f.prds.balanceOf(await f.claim.getAddress())).toBe(prds(1_000_000));
  });

  it("self-delegates the holder at mint, so the supply is voting power at once", async () => {
    expect(await f.prds.delegates(f.deployer.address)).toBe(f.deployer.address);
    expect(await f.prds.getVotes(f.deployer.address)).toBe(await f.prds.balanceOf(f.deployer.address));
  });

  it("self-delegates a new holder on first receipt", async () => {
    expect(await f.prds.delegates(f.alice.address)).toBe(hre.ethers.ZeroAddress);
    await (await f.prds.transfer(f.alice.address, prds(250))).wait();
    expect(await f.prds.delegates(f.alice.address)).toBe(f.alice.address);
    expect(await f.prds.getVotes(f.alice.address)).toBe(prds(250));
  });

  it("keeps a delegate the holder chose before receiving", async () => {
    await (await by(f.prds, f.alice).delegate(f.bob.address)).wait();
    await (await f.prds.transfer(f.alice.address, prds(40))).wait();
    expect(await f.prds.delegates(f.alice.address)).toBe(f.bob.address);
    expect(await f.prds.getVotes(f.alice.address)).toBe(0n);
    expect(await f.prds.getVotes(f.bob.address)).toBe(prds(40));
  });

  it("moves votes with transfers and keeps checkpoints of past voting power", async () => {
    await (await f.prds.transfer(f.alice.address, prds(100))).wait();
    const before = await hre.ethers.provider.getBlockNumber();
    await (await by(f.prds, f.alice).transfer(f.bob.address, prds(30))).wait();
    await hre.network.provider.send("evm_mine", []);
    expect(await f.prds.getVotes(f.alice.address)).toBe(prds(70));
    expect(await f.prds.getVotes(f.bob.address)).toBe(prds(30));
    expect(await f.prds.getPastVotes(f.alice.address, before)).toBe(prds(100));
    expect(await f.prds.getPastVotes(f.bob.address, before)).toBe(0n);
    expect(await f.prds.numCheckpoints(f.alice.address)).toBe(2n);
    expect(await f.prds.getPastTotalSupply(before)).toBe(prds(100_000_000));
  });

  it("uses the block-number clock for past votes", async () => {
    expect(await f.prds.CLOCK_MODE()).toBe("mode=blocknumber&from=default");
    expect(await f.prds.clock()).toBe(BigInt(await hre.ethers.provider.getBlockNumber()));
  });

  it("rejects a lookup of votes at the current or a future block (ERC5805FutureLookup)", async () => {
    const block = BigInt(await hre.ethers.provider.getBlockNumber());
    await expect(f.prds.getPastVotes(f.deployer.address, block + 10n)).rejects.toThrow(/ERC5805FutureLookup/);
  });

  it("accepts an EIP-2612 permit signed by the holder", async () => {
    await (await f.prds.transfer(f.alice.address, prds(10))).wait();
    const deadline = BigInt(await now()) + 3600n;
    const { chainId } = await hre.ethers.provider.getNetwork();
    const domain = { name: await f.prds.name(), version: "1", chainId, verifyingContract: await f.prds.getAddress() };
    const types = {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    };
    const value = { owner: f.alice.address, spender: f.bob.address, value: prds(5), nonce: 0n, deadline };
    const sig = Signature.from(await f.alice.signTypedData(domain, types, value));
    await (await by(f.prds, f.carol).permit(f.alice.address, f.bob.address, prds(5), deadline, sig.v, sig.r, sig.s)).wait();
    expect(await f.prds.allowance(f.alice.address, f.bob.address)).toBe(prds(5));
    expect(await f.prds.nonces(f.alice.address)).toBe(1n);
  });
});

describe("DevUSDT", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await deployFixture();
  });
  isolateEach();

  it("is an 18-decimal USDT stand-in that any account can mint on the devnet", async () => {
    expect(await f.usdt.symbol()).toBe("USDT");
    expect(await f.usdt.decimals()).toBe(18n);
    await (await by(f.usdt, f.alice).mint(f.bob.address, usdt(1234.5))).wait();
    expect(await f.usdt.balanceOf(f.bob.address)).toBe(usdt(1234.5));
    expect(await f.usdt.totalSupply()).toBe(usdt(1234.5));
  });

  it("refuses to be deployed on any chain but the devnet's 31337 (DevnetOnly)", async () => {
    const hardhatNetwork = hre.config.networks.hardhat;
    const bscLike = await createProvider(
      { ...hre.config, networks: { ...hre.config.networks, hardhat: { ...hardhatNetwork, chainId: 56 } } },
      "hardhat",
    );
    const deployer = await new BrowserProvider(bscLike).getSigner(0);
    await expectRevert(deployArtifact("DevUSDT", deployer), f.usdt, "DevnetOnly", [56n]);
  });
});

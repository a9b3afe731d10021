import hre from "hardhat";
import type { Contract } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { by, deployFixture, prds, type Fixture } from "./helpers/fixture";
import { eventsOf, expectRevert } from "./helpers/assertions";
import { DAY, isolateEach, now } from "./helpers/chain";
import { buyLicense, buyPosition, issueMarket, LicenseType } from "../scripts/actions";

const Eligibility = { Eligible: 0n, AlreadyClaimed: 1n, NoPositionBought: 2n, InsufficientContractBalance: 3n } as const;

describe("Claim", () => {
  let f: Fixture;
  let registry: Contract;
  let claim: Contract;
  beforeAll(async () => {
    f = await deployFixture();
    registry = await deployArtifact("CorePositionRegistry", f.deployer, [], "contracts/test/CorePositionRegistry.sol");
    claim = await deployArtifact("Claim", f.deployer, [await f.prds.getAddress(), await registry.getAddress(), prds(100)]);
    await (await f.prds.transfer(await claim.getAddress(), prds(250))).wait();
  });
  isolateEach();

  it("exposes its parameters", async () => {
    expect(await claim.prds()).toBe(await f.prds.getAddress());
    expect(await claim.markets()).toBe(await registry.getAddress());
    expect(await claim.claimAmount()).toBe(prds(100));
  });

  it("rejects zero addresses (ZeroAddress) and a zero amount (InvalidClaimAmount)", async () => {
    const token = await f.prds.getAddress();
    const markets = await registry.getAddress();
    await expectRevert(deployArtifact("Claim", f.deployer, [hre.ethers.ZeroAddress, markets, 1]), claim, "ZeroAddress");
    await expectRevert(deployArtifact("Claim", f.deployer, [token, hre.ethers.ZeroAddress, 1]), claim, "ZeroAddress");
    await expectRevert(deployArtifact("Claim", f.deployer, [token, markets, 0]), claim, "InvalidClaimAmount");
  });

  it("refuses a wallet that has bought no position (NoPositionBought) and says so", async () => {
    expect(await claim.eligibility(f.alice.address)).toBe(Eligibility.NoPositionBought);
    await expectRevert(by(claim, f.alice).claim(), claim, "NoPositionBought", [f.alice.address]);
  });

  it("pays the fixed amount once to an eligible wallet (Claimed)", async () => {
    await (await registry.markBought(f.alice.address)).wait();
    expect(await claim.eligibility(f.alice.address)).toBe(Eligibility.Eligible);
    const receipt = await (await by(claim, f.alice).claim()).wait();
    expect(await f.prds.balanceOf(f.alice.address)).toBe(prds(100));
    expect(await f.prds.getVotes(f.alice.address)).toBe(prds(100));
    expect(await claim.claimed(f.alice.address)).toBe(true);
    expect(await claim.totalClaimed()).toBe(prds(100));
    const [event] = await eventsOf(receipt, claim, "Claimed");
    expect([...(event?.args ?? [])]).toEqual([f.alice.address, prds(100)]);
  });

  it("refuses a second claim: 'Each user can only claim once' (AlreadyClaimed)", async () => {
    await (await registry.markBought(f.alice.address)).wait();
    await (await by(claim, f.alice).claim()).wait();
    expect(await claim.eligibility(f.alice.address)).toBe(Eligibility.AlreadyClaimed);
    await expectRevert(by(claim, f.alice).claim(), claim, "AlreadyClaimed", [f.alice.address]);
  });

  it("refuses when the contract holds less than the amount: 'Insufficient balance in contract' (InsufficientContractBalance)", async () => {
    for (const account of [f.alice, f.bob, f.carol]) await (await registry.markBought(account.address)).wait();
    await (await by(claim, f.alice).claim()).wait();
    await (await by(claim, f.bob).claim()).wait();
    expect(await claim.eligibility(f.carol.address)).toBe(Eligibility.InsufficientContractBalance);
    await expectRevert(by(claim, f.carol).claim(), claim, "InsufficientContractBalance", [prds(50), prds(100)]);
    await (await f.prds.transfer(await claim.getAddress(), prds(50))).wait();
    await (await by(claim, f.carol).claim()).wait();
    expect(await f.prds.balanceOf(await claim.getAddress())).toBe(0n);
  });

  describe("deployed with Markets", () => {
    it("is funded, wired to Markets, and pays a wallet once it has bought a position", async () => {
      expect(await f.claim.markets()).toBe(await f.markets.getAddress());
      expect(await f.claim.claimAmount()).toBe(prds(100));
      expect(await f.prds.balanceOf(await f.claim.getAddress())).toBe(prds(1_000_000));
      expect(await f.claim.eligibility(f.bob.address)).toBe(Eligibility.NoPositionBought);

      const licenseId = await buyLicense(f.license, f.usdt, f.alice, LicenseType.Common);
      const t = await now();
      const { id } = await issueMarket(f.markets, f.usdt, f.license, f.alice, {
        licenseId,
        event: "Will it rain in Taipei tomorrow?",
        category: "science",
        options: ["Yes", "No"],
        lastTradingTime: t + DAY,
        expirationTime: t + 2 * DAY,
        liquidity: prds(100),
        margin: prds(100),
      });
      expect(await f.claim.eligibility(f.alice.address)).toBe(Eligibility.NoPositionBought);
      await buyPosition(f.markets, f.usdt, f.bob, id, 0, prds(10));
      expect(await f.markets.hasBought(f.bob.address)).toBe(true);
      expect(await f.claim.eligibility(f.bob.address)).toBe(Eligibility.Eligible);
      await (await by(f.claim, f.bob).claim()).wait();
      expect(await f.prds.balanceOf(f.bob.address)).toBe(prds(100));
      await expectRevert(by(f.claim, f.bob).claim(), f.claim, "AlreadyClaimed", [f.bob.address]);
    });
  });
});

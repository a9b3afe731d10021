import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Contract } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS, type LicenseTypeConfig } from "../scripts/deploy";
import { by, deployFixture, mintUsdt, usdt, type Fixture } from "./helpers/fixture";
import { eventsOf, expectRevert } from "./helpers/assertions";
import { DAY, isolateEach, increaseTime, now } from "./helpers/chain";

const COMMON = 0;
const SCARCITY = 1;
const ATTRIBUTIVE = 2;

type Types = readonly [LicenseTypeConfig, LicenseTypeConfig, LicenseTypeConfig];

/**
 * A License whose Markets and marketplace roles are plain accounts, so the rules those contracts
 * rely on can be exercised directly.
 */
async function deployStandaloneLicense(
  f: Fixture,
  roles: { markets: HardhatEthersSigner; marketplace: HardhatEthersSigner },
  types: Types = DEFAULT_PROTOCOL_OPTIONS.licenseTypes,
): Promise<Contract> {
  const license = await deployArtifact("License", f.deployer, [
    await f.usdt.getAddress(),
    f.deployer.address,
    10,
    types.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    [],
  ]);
  await (await license.setMarkets(roles.markets.address)).wait();
  await (await license.setMarketplace(roles.marketplace.address)).wait();
  return license;
}

async function buyLicense(license: Contract, usdtToken: Contract, buyer: HardhatEthersSigner, type = COMMON): Promise<bigint> {
  const price = (await license.typePrice(type)) as bigint;
  await mintUsdt(usdtToken, buyer, price, await license.getAddress());
  const tokenId = (await by(license, buyer).buy.staticCall(type)) as bigint;
  await (await by(license, buyer).buy(type)).wait();
  return tokenId;
}

describe("License", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await deployFixture();
  });
  isolateEach();

  describe("parameters", () => {
    it("exposes the deployment parameters", async () => {
      expect(await f.license.name()).toBe("PRDS License");
      expect(await f.license.payToken()).toBe(await f.usdt.getAddress());
      expect(await f.license.treasury()).toBe(f.deployer.address);
      expect(await f.license.issuesPerLicense()).toBe(10n);
      expect(await f.license.marketplace()).toBe(await f.marketplace.getAddress());
      expect(await f.license.typePrice(COMMON)).toBe(usdt(100));
      expect(await f.license.typePrice(SCARCITY)).toBe(usdt(500));
      expect(await f.license.typePrice(ATTRIBUTIVE)).toBe(usdt(1000));
      const scarcity = await f.license.typeConfig(SCARCITY);
      expect(scarcity.maxSupply).toBe(1000n);
      expect(await f.license.packetCount()).toBe(3n);
      const packet = await f.license.packet(1);
      expect([...packet.counts]).toEqual([3n, 1n, 0n]);
      expect(packet.price).toBe(usdt(700));
    });

    it("supports ERC-721 and ERC-4907 interface ids", async () => {
      expect(await f.license.supportsInterface("0x80ac58cd")).toBe(true);
      expect(await f.license.supportsInterface("0xad092b5c")).toBe(true);
      expect(await f.license.supportsInterface("0xffffffff")).toBe(false);
    });

    it("rejects a zero pay token or treasury (ZeroAddress)", async () => {
      const types = DEFAULT_PROTOCOL_OPTIONS.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]);
      await expectRevert(
        deployArtifact("License", f.deployer, [hre.ethers.ZeroAddress, f.deployer.address, 10, types, []]),
        f.license,
        "ZeroAddress",
      );
      await expectRevert(
        deployArtifact("License", f.deployer, [await f.usdt.getAddress(), hre.ethers.ZeroAddress, 10, types, []]),
        f.license,
        "ZeroAddress",
      );
    });

    it("rejects Licenses that could issue no market (InvalidIssuesPerLicense)", async () => {
      const types = DEFAULT_PROTOCOL_OPTIONS.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]);
      await expectRevert(
        deployArtifact("License", f.deployer, [await f.usdt.getAddress(), f.deployer.address, 0, types, []]),
        f.license,
        "InvalidIssuesPerLicense",
      );
    });

    it("rejects an empty packet (EmptyPacket) and one above the maximum size (PacketTooLarge)", async () => {
      const types = DEFAULT_PROTOCOL_OPTIONS.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]);
      const pay = await f.usdt.getAddress();
      await expectRevert(
        deployArtifact("License", f.deployer, [pay, f.deployer.address, 10, types, [[[0, 0, 0], usdt(1)]]]),
        f.license,
        "EmptyPacket",
      );
      await expectRevert(
        deployArtifact("License", f.deployer, [pay, f.deployer.address, 10, types, [[[30, 20, 1], usdt(1)]]]),
        f.license,
        "PacketTooLarge",
        [51n, 50n],
      );
    });
  });

  describe("wiring", () => {
    it("sets Markets and the marketplace once, owner only", async () => {
      const license = await deployArtifact("License", f.deployer, [
        await f.usdt.getAddress(),
        f.deployer.address,
        10,
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
        [],
      ]);
      await expectRevert(by(license, f.alice).setMarkets(f.alice.address), license, "OwnableUnauthorizedAccount", [
        f.alice.address,
      ]);
      await expectRevert(by(license, f.alice).setMarketplace(f.alice.address), license, "OwnableUnauthorizedAccount", [
        f.alice.address,
      ]);
      await expectRevert(license.setMarkets(hre.ethers.ZeroAddress), license, "ZeroAddress");
      await expectRevert(license.setMarketplace(hre.ethers.ZeroAddress), license, "ZeroAddress");
      await expect(license.setMarkets(f.bob.address)).resolves.toBeDefined();
      await expect(license.setMarketplace(f.carol.address)).resolves.toBeDefined();
      expect(await license.markets()).toBe(f.bob.address);
      expect(await license.marketplace()).toBe(f.carol.address);
      await expectRevert(license.setMarkets(f.alice.address), license, "AlreadySet", [f.bob.address]);
      await expectRevert(license.setMarketplace(f.alice.address), license, "AlreadySet", [f.carol.address]);
    });
  });

  describe("primary sale", () => {
    it("sells one License at its type price, paid to the treasury, with number and 10 available times", async () => {
      const treasuryBefore = (await f.usdt.balanceOf(f.deployer.address)) as bigint;
      await mintUsdt(f.usdt, f.alice, usdt(500), await f.license.getAddress());
      const tx = await by(f.license, f.alice).buy(SCARCITY);
      const receipt = await tx.wait();
      expect(await f.usdt.balanceOf(f.deployer.address)).toBe(treasuryBefore + usdt(500));
      expect(await f.usdt.balanceOf(f.alice.address)).toBe(0n);
      expect(await f.license.ownerOf(1)).toBe(f.alice.address);
      const info = await f.license.info(1);
      expect(info.licenseType).toBe(BigInt(SCARCITY));
      expect(info.number).toBe(1n);
      expect(info.availableTimes).toBe(10n);
      expect([info.tradable, info.rentable, info.usable]).toEqual([true, true, true]);
      const [minted] = await eventsOf(receipt, f.license, "LicenseMinted");
      if (!minted) throw new Error("no LicenseMinted");
      expect(minted.args.tokenId).toBe(1n);
      expect(minted.args.buyer).toBe(f.alice.address);
      expect(minted.args.licenseType).toBe(BigInt(SCARCITY));
      expect(minted.args.number).toBe(1n);
      expect(minted.args.availableTimes).toBe(10n);
      expect(minted.args.price).toBe(usdt(500));
    });

    it("numbers each type separately", async () => {
      await buyLicense(f.license, f.usdt, f.alice, COMMON);
      await buyLicense(f.license, f.usdt, f.alice, SCARCITY);
      const third = await buyLicense(f.license, f.usdt, f.bob, COMMON);
      expect(third).toBe(3n);
      expect((await f.license.info(3)).number).toBe(2n);
      expect((await f.license.info(2)).number).toBe(1n);
      expect(await f.license.mintedOfType(COMMON)).toBe(2n);
      expect(await f.license.totalMinted()).toBe(3n);
    });

    it("fails without payment (ERC20InsufficientAllowance)", async () => {
      await expectRevert(by(f.license, f.alice).buy(COMMON), f.usdt, "ERC20InsufficientAllowance");
    });

    it("stops selling a type at its maximum supply (SoldOut)", async () => {
      const types: Types = [
        { price: usdt(1), maxSupply: 1, tradable: true, rentable: true, usable: true },
        { price: usdt(1), maxSupply: 0, tradable: true, rentable: true, usable: true },
        { price: usdt(1), maxSupply: 5, tradable: true, rentable: true, usable: true },
      ];
      const license = await deployStandaloneLicense(f, { markets: f.dave, marketplace: f.carol }, types);
      await buyLicense(license, f.usdt, f.alice, COMMON);
      await mintUsdt(f.usdt, f.alice, usdt(10), await license.getAddress());
      await expectRevert(by(license, f.alice).buy(COMMON), license, "SoldOut", [0n, 1n]);
      await expectRevert(by(license, f.alice).buy(SCARCITY), license, "SoldOut", [1n, 0n]);
    });

    it("sells a packet at the packet price with consecutive token ids", async () => {
      const treasuryBefore = (await f.usdt.balanceOf(f.deployer.address)) as bigint;
      await mintUsdt(f.usdt, f.bob, usdt(1500), await f.license.getAddress());
      const receipt = await (await by(f.license, f.bob).buyPacket(2)).wait();
      expect(await f.usdt.balanceOf(f.deployer.address)).toBe(treasuryBefore + usdt(1500));
      expect(await f.license.balanceOf(f.bob.address)).toBe(4n);
      const types = await Promise.all([1, 2, 3, 4].map(async (id) => (await f.license.info(id)).licenseType));
      expect(types).toEqual([0n, 0n, 1n, 2n]);
      const minted = await eventsOf(receipt, f.license, "LicenseMinted");
      expect(minted.map((e) => e.args.tokenId)).toEqual([1n, 2n, 3n, 4n]);
      expect(minted.reduce((sum, e) => sum + (e.args.price as bigint), 0n)).toBe(usdt(1500));
      const [sold] = await eventsOf(receipt, f.license, "PacketSold");
      if (!sold) throw new Error("no PacketSold");
      expect([sold.args.packetId, sold.args.buyer, sold.args.price, sold.args.firstTokenId, sold.args.count]).toEqual([
        2n,
        f.bob.address,
        usdt(1500),
        1n,
        4n,
      ]);
    });

    it("rejects an unknown packet (InvalidPacket)", async () => {
      await expectRevert(by(f.license, f.bob).buyPacket(3), f.license, "InvalidPacket", [3n]);
      await expectRevert(f.license.packet(7), f.license, "InvalidPacket", [7n]);
    });

    it("rejects reading an unminted License (NonexistentLicense)", async () => {
      await expectRevert(f.license.info(99), f.license, "NonexistentLicense", [99n]);
    });
  });

  describe("ERC-4907 user, marketplace only", () => {
    let license: Contract;
    let tokenId: bigint;
    beforeEach(async () => {
      license = await deployStandaloneLicense(f, { markets: f.dave, marketplace: f.carol });
      tokenId = await buyLicense(license, f.usdt, f.alice);
    });

    it("refuses setUser and setUserWithAllowance from anyone but the marketplace (NotMarketplace)", async () => {
      const expires = (await now()) + DAY;
      await expectRevert(by(license, f.alice).setUser(tokenId, f.bob.address, expires), license, "NotMarketplace", [
        f.alice.address,
      ]);
      await expectRevert(by(license, f.bob).setUserWithAllowance(tokenId, f.bob.address, expires, 2), license, "NotMarketplace", [
        f.bob.address,
      ]);
    });

    it("lets the marketplace set a user until expiry, then userOf is empty", async () => {
      const expires = (await now()) + DAY;
      await (await by(license, f.carol).setUserWithAllowance(tokenId, f.bob.address, expires, 3)).wait();
      expect(await license.userOf(tokenId)).toBe(f.bob.address);
      expect(await license.userExpires(tokenId)).toBe(BigInt(expires));
      const rental = await license.rentalOf(tokenId);
      expect([rental.user, rental.maxIssues, rental.issuesUsed]).toEqual([f.bob.address, 3n, 0n]);
      await increaseTime(DAY + 1);
      expect(await license.userOf(tokenId)).toBe(hre.ethers.ZeroAddress);
    });

    it("gives a user set through plain setUser the License's whole allowance", async () => {
      const expires = (await now()) + DAY;
      await (await by(license, f.carol).setUser(tokenId, f.bob.address, expires)).wait();
      expect((await license.rentalOf(tokenId)).maxIssues).toBe(10n);
    });

    it("rejects a rental without user, in the past or with no issues (InvalidRental)", async () => {
      const t = await now();
      await expectRevert(
        by(license, f.carol).setUserWithAllowance(tokenId, hre.ethers.ZeroAddress, t + DAY, 1),
        license,
        "InvalidRental",
      );
      await expectRevert(by(license, f.carol).setUserWithAllowance(tokenId, f.bob.address, t, 1), license, "InvalidRental");
      await expectRevert(by(license, f.carol).setUserWithAllowance(tokenId, f.bob.address, t + DAY, 0), license, "InvalidRental");
      await expectRevert(
        by(license, f.carol).setUserWithAllowance(999, f.bob.address, t + DAY, 1),
        license,
        "NonexistentLicense",
        [999n],
      );
    });

    it("clears the user on transfer, so a seller cannot keep a hidden renter", async () => {
      const expires = (await now()) + 10 * DAY;
      await (await by(license, f.carol).setUserWithAllowance(tokenId, f.bob.address, expires, 3)).wait();
      const receipt = await (await by(license, f.alice).transferFrom(f.alice.address, f.dave.address, tokenId)).wait();
      expect(await license.userOf(tokenId)).toBe(hre.ethers.ZeroAddress);
      expect(await license.userExpires(tokenId)).toBe(0n);
      const cleared = await eventsOf(receipt, license, "UpdateUser");
      expect(cleared.map((e) => [e.args.tokenId, e.args.user, e.args.expires])).toEqual([[tokenId, hre.ethers.ZeroAddress, 0n]]);
    });
  });

  describe("useForIssue / recycleUse, Markets only", () => {
    let license: Contract;
    let tokenId: bigint;
    const markets = (): HardhatEthersSigner => f.dave;
    const marketplace = (): HardhatEthersSigner => f.carol;
    beforeEach(async () => {
      license = await deployStandaloneLicense(f, { markets: markets(), marketplace: marketplace() });
      tokenId = await buyLicense(license, f.usdt, f.alice);
    });

    it("refuses calls from anyone but Markets (NotMarkets)", async () => {
      await expectRevert(by(license, f.alice).useForIssue(tokenId, f.alice.address, 0), license, "NotMarkets", [f.alice.address]);
      await expectRevert(by(license, f.alice).recycleUse(tokenId), license, "NotMarkets", [f.alice.address]);
    });

    it("lets the owner issue 10 markets, counting availableTimes down from 10 to 0 (NoIssuesLeft after)", async () => {
      const expiration = (await now()) + 30 * DAY;
      for (let i = 9; i >= 0; i -= 1) {
        const rentalEnd = await by(license, markets()).useForIssue.staticCall(tokenId, f.alice.address, expiration);
        expect(rentalEnd).toBe(0n);
        await (await by(license, markets()).useForIssue(tokenId, f.alice.address, expiration)).wait();
        expect((await license.info(tokenId)).availableTimes).toBe(BigInt(i));
      }
      await expectRevert(by(license, markets()).useForIssue(tokenId, f.alice.address, expiration), license, "NoIssuesLeft", [
        tokenId,
      ]);
    });

    it("refuses an issuer who is neither the owner nor the user (NotLicenseUser)", async () => {
      await expectRevert(
        by(license, markets()).useForIssue(tokenId, f.bob.address, (await now()) + DAY),
        license,
        "NotLicenseUser",
        [tokenId, f.bob.address, f.alice.address],
      );
    });

    it("refuses a License that does not exist (NonexistentLicense)", async () => {
      await expectRevert(by(license, markets()).useForIssue(42, f.alice.address, 0), license, "NonexistentLicense", [42n]);
    });

    it("refuses a License that is not usable (LicenseNotUsable)", async () => {
      const types: Types = [
        { price: usdt(1), maxSupply: 5, tradable: true, rentable: true, usable: false },
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[1],
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[2],
      ];
      const unusable = await deployStandaloneLicense(f, { markets: markets(), marketplace: marketplace() }, types);
      const id = await buyLicense(unusable, f.usdt, f.alice, COMMON);
      await expectRevert(by(unusable, markets()).useForIssue(id, f.alice.address, 0), unusable, "LicenseNotUsable", [id]);
    });

    describe("during a rental", () => {
      let rentalEnd: number;
      beforeEach(async () => {
        rentalEnd = (await now()) + 7 * DAY;
        await (await by(license, marketplace()).setUserWithAllowance(tokenId, f.bob.address, rentalEnd, 2)).wait();
      });

      it("lets the renter issue a market expiring before the rental's end and returns that end", async () => {
        const expiration = rentalEnd - DAY;
        expect(await by(license, markets()).useForIssue.staticCall(tokenId, f.bob.address, expiration)).toBe(BigInt(rentalEnd));
        const receipt = await (await by(license, markets()).useForIssue(tokenId, f.bob.address, expiration)).wait();
        const [used] = await eventsOf(receipt, license, "LicenseUsed");
        if (!used) throw new Error("no LicenseUsed");
        expect([used.name, used.args.issuer, used.args.availableTimes, used.args.rentalEnd, used.args.rentalIssuesUsed]).toEqual([
          "LicenseUsed",
          f.bob.address,
          9n,
          BigInt(rentalEnd),
          1n,
        ]);
      });

      it("refuses a market expiring at or after the rental's end (ExpirationAfterRentalEnd)", async () => {
        await expectRevert(
          by(license, markets()).useForIssue(tokenId, f.bob.address, rentalEnd),
          license,
          "ExpirationAfterRentalEnd",
          [tokenId, BigInt(rentalEnd), BigInt(rentalEnd)],
        );
      });

      it("refuses more markets than the rental allows (RentalIssueAllowanceUsed)", async () => {
        const expiration = rentalEnd - DAY;
        await (await by(license, markets()).useForIssue(tokenId, f.bob.address, expiration)).wait();
        await (await by(license, markets()).useForIssue(tokenId, f.bob.address, expiration)).wait();
        await expectRevert(
          by(license, markets()).useForIssue(tokenId, f.bob.address, expiration),
          license,
          "RentalIssueAllowanceUsed",
          [tokenId, 2n],
        );
        expect((await license.info(tokenId)).availableTimes).toBe(8n);
      });

      it("refuses the owner while the License is rented (NotLicenseUser)", async () => {
        await expectRevert(
          by(license, markets()).useForIssue(tokenId, f.alice.address, rentalEnd - DAY),
          license,
          "NotLicenseUser",
          [tokenId, f.alice.address, f.bob.address],
        );
      });

      it("returns the use to the owner once the rental has ended", async () => {
        await increaseTime(7 * DAY + 1);
        await expectRevert(
          by(license, markets()).useForIssue(tokenId, f.bob.address, (await now()) + DAY),
          license,
          "NotLicenseUser",
          [tokenId, f.bob.address, f.alice.address],
        );
        expect(await by(license, markets()).useForIssue.staticCall(tokenId, f.alice.address, (await now()) + 100 * DAY)).toBe(0n);
      });
    });

    it("recycles a use, never beyond the initial 10 (NothingToRecycle)", async () => {
      await expectRevert(by(license, markets()).recycleUse(tokenId), license, "NothingToRecycle", [tokenId]);
      await (await by(license, markets()).useForIssue(tokenId, f.alice.address, (await now()) + DAY)).wait();
      expect((await license.info(tokenId)).availableTimes).toBe(9n);
      await (await by(license, markets()).recycleUse(tokenId)).wait();
      expect((await license.info(tokenId)).availableTimes).toBe(10n);
      await expectRevert(by(license, markets()).recycleUse(77), license, "NonexistentLicense", [77n]);
    });
  });

  describe("non-tradable type", () => {
    it("refuses transfers between holders but allows the protocol's escrows (LicenseNotTradable)", async () => {
      const types: Types = [
        { price: usdt(1), maxSupply: 5, tradable: false, rentable: true, usable: true },
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[1],
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[2],
      ];
      const license = await deployStandaloneLicense(f, { markets: f.dave, marketplace: f.carol }, types);
      const id = await buyLicense(license, f.usdt, f.alice, COMMON);
      await expectRevert(by(license, f.alice).transferFrom(f.alice.address, f.bob.address, id), license, "LicenseNotTradable", [
        id,
      ]);
      await (await by(license, f.alice).transferFrom(f.alice.address, f.carol.address, id)).wait();
      await (await by(license, f.carol).transferFrom(f.carol.address, f.alice.address, id)).wait();
      await (await by(license, f.alice).transferFrom(f.alice.address, f.dave.address, id)).wait();
      expect(await license.ownerOf(id)).toBe(f.dave.address);
    });
  });
});

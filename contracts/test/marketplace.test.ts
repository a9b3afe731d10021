import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Contract } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS, type LicenseTypeConfig } from "../scripts/deploy";
import { by, deployFixture, mintUsdt, usdt, type Fixture } from "./helpers/fixture";
import { eventsOf, expectRevert } from "./helpers/assertions";
import { DAY, increaseTime, isolateEach, now } from "./helpers/chain";

const COMMON = 0;
const SCARCITY = 1;
const State = { Unsold: 0n, OnSale: 1n, ListedForRent: 2n, Rented: 3n } as const;

type Types = readonly [LicenseTypeConfig, LicenseTypeConfig, LicenseTypeConfig];

interface Market {
  license: Contract;
  marketplace: Contract;
}

/** A License with its own marketplace whose Markets role is a plain account (to spend uses directly). */
async function deployStandaloneMarket(f: Fixture, markets: HardhatEthersSigner, types: Types): Promise<Market> {
  const license = await deployArtifact("License", f.deployer, [
    await f.usdt.getAddress(),
    f.deployer.address,
    10,
    types.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    [],
  ]);
  const marketplace = await deployArtifact("LicenseMarketplace", f.deployer, [await license.getAddress(), 90]);
  await (await license.setMarkets(markets.address)).wait();
  await (await license.setMarketplace(await marketplace.getAddress())).wait();
  return { license, marketplace };
}

async function buyLicense(m: Market, usdtToken: Contract, buyer: HardhatEthersSigner, type = COMMON): Promise<bigint> {
  const price = (await m.license.typePrice(type)) as bigint;
  await mintUsdt(usdtToken, buyer, price, await m.license.getAddress());
  const tokenId = (await by(m.license, buyer).buy.staticCall(type)) as bigint;
  await (await by(m.license, buyer).buy(type)).wait();
  // Listing escrows the License, so the owner approves the marketplace once.
  await (await by(m.license, buyer).setApprovalForAll(await m.marketplace.getAddress(), true)).wait();
  return tokenId;
}

describe("LicenseMarketplace", () => {
  let f: Fixture;
  let m: Market;
  let mp: string;
  let tokenId: bigint;
  beforeAll(async () => {
    f = await deployFixture();
    m = { license: f.license, marketplace: f.marketplace };
    mp = await f.marketplace.getAddress();
    tokenId = await buyLicense(m, f.usdt, f.alice, SCARCITY);
  });
  isolateEach();

  it("exposes its parameters", async () => {
    expect(await f.marketplace.license()).toBe(await f.license.getAddress());
    expect(await f.marketplace.payToken()).toBe(await f.usdt.getAddress());
    expect(await f.marketplace.maxRentalDays()).toBe(90n);
  });

  it("rejects a zero License (ZeroAddress) or zero maximum rental days (InvalidMaxRentalDays)", async () => {
    await expectRevert(
      deployArtifact("LicenseMarketplace", f.deployer, [hre.ethers.ZeroAddress, 90]),
      f.marketplace,
      "ZeroAddress",
    );
    await expectRevert(
      deployArtifact("LicenseMarketplace", f.deployer, [await f.license.getAddress(), 0]),
      f.marketplace,
      "InvalidMaxRentalDays",
    );
  });

  it("reports a held License as unsold with its holder as real owner", async () => {
    expect(await f.marketplace.stateOf(tokenId)).toBe(State.Unsold);
    expect(await f.marketplace.realOwnerOf(tokenId)).toBe(f.alice.address);
    await expect(f.marketplace.stateOf(999)).rejects.toThrow();
  });

  describe("sale", () => {
    it("escrows a listed License, remembers the seller and emits ListedForSale", async () => {
      const receipt = await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(mp);
      expect(await f.marketplace.realOwnerOf(tokenId)).toBe(f.alice.address);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.OnSale);
      const listing = await f.marketplace.saleListing(tokenId);
      expect([listing.seller, listing.price]).toEqual([f.alice.address, usdt(800)]);
      const [event] = await eventsOf(receipt, f.marketplace, "ListedForSale");
      expect([...(event?.args ?? [])]).toEqual([tokenId, f.alice.address, usdt(800)]);
    });

    it("refuses a listing by someone other than the owner (NotLicenseOwner)", async () => {
      await expectRevert(by(f.marketplace, f.bob).listForSale(tokenId, usdt(1)), f.marketplace, "NotLicenseOwner", [
        tokenId,
        f.bob.address,
      ]);
    });

    it("refuses a zero price (InvalidPrice)", async () => {
      await expectRevert(by(f.marketplace, f.alice).listForSale(tokenId, 0), f.marketplace, "InvalidPrice");
    });

    it("needs the owner's approval to escrow (ERC721InsufficientApproval)", async () => {
      await (await by(f.license, f.alice).setApprovalForAll(mp, false)).wait();
      await expectRevert(by(f.marketplace, f.alice).listForSale(tokenId, usdt(1)), f.license, "ERC721InsufficientApproval", [
        mp,
        tokenId,
      ]);
    });

    it("refuses a non-tradable License (LicenseNotTradable)", async () => {
      const types: Types = [
        { price: usdt(1), maxSupply: 5, tradable: false, rentable: true, usable: true },
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[1],
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[2],
      ];
      const other = await deployStandaloneMarket(f, f.dave, types);
      const id = await buyLicense(other, f.usdt, f.alice, COMMON);
      await expectRevert(by(other.marketplace, f.alice).listForSale(id, usdt(5)), other.marketplace, "LicenseNotTradable", [id]);
    });

    it("lets the seller cancel and get the License back (SaleCancelled)", async () => {
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      const receipt = await (await by(f.marketplace, f.alice).cancelSale(tokenId)).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(f.alice.address);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.Unsold);
      expect((await f.marketplace.saleListing(tokenId)).seller).toBe(hre.ethers.ZeroAddress);
      expect((await eventsOf(receipt, f.marketplace, "SaleCancelled")).length).toBe(1);
    });

    it("refuses to cancel a License that is not listed (NotListedForSale) or someone else's (NotSeller)", async () => {
      await expectRevert(by(f.marketplace, f.alice).cancelSale(tokenId), f.marketplace, "NotListedForSale", [tokenId]);
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      await expectRevert(by(f.marketplace, f.bob).cancelSale(tokenId), f.marketplace, "NotSeller", [tokenId, f.bob.address]);
    });

    it("sells: the buyer pays the seller and receives the License (Sold)", async () => {
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      await mintUsdt(f.usdt, f.bob, usdt(800), mp);
      const receipt = await (await by(f.marketplace, f.bob).buy(tokenId, usdt(800))).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(f.bob.address);
      expect(await f.usdt.balanceOf(f.alice.address)).toBe(usdt(800));
      expect(await f.usdt.balanceOf(f.bob.address)).toBe(0n);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.Unsold);
      const [sold] = await eventsOf(receipt, f.marketplace, "Sold");
      expect([...(sold?.args ?? [])]).toEqual([tokenId, f.alice.address, f.bob.address, usdt(800)]);
      await expectRevert(by(f.marketplace, f.carol).buy(tokenId, usdt(800)), f.marketplace, "NotListedForSale", [tokenId]);
    });

    it("refuses buying one's own listing (CannotBuyOwnListing)", async () => {
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      await expectRevert(by(f.marketplace, f.alice).buy(tokenId, usdt(800)), f.marketplace, "CannotBuyOwnListing", [tokenId]);
    });

    it("refuses a buy at a price other than the listing's (PriceChanged)", async () => {
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      await mintUsdt(f.usdt, f.bob, usdt(900), mp);
      await expectRevert(by(f.marketplace, f.bob).buy(tokenId, usdt(700)), f.marketplace, "PriceChanged", [
        tokenId,
        usdt(700),
        usdt(800),
      ]);
    });

    it("refuses a buyer who has not approved the price (ERC20InsufficientAllowance)", async () => {
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      await expectRevert(by(f.marketplace, f.bob).buy(tokenId, usdt(800)), f.usdt, "ERC20InsufficientAllowance");
    });
  });

  describe("rent", () => {
    const listForRent = async (pricePerDay = usdt(10), maxDays = 30, maxIssues = 3): Promise<void> => {
      await (await by(f.marketplace, f.alice).listForRent(tokenId, pricePerDay, maxDays, maxIssues)).wait();
    };

    it("escrows a License listed for rent with price per day, max days and max issues (ListedForRent)", async () => {
      const receipt = await (await by(f.marketplace, f.alice).listForRent(tokenId, usdt(10), 30, 3)).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(mp);
      expect(await f.marketplace.realOwnerOf(tokenId)).toBe(f.alice.address);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.ListedForRent);
      const listing = await f.marketplace.rentListing(tokenId);
      expect([listing.owner, listing.pricePerDay, listing.maxDays, listing.maxIssues]).toEqual([
        f.alice.address,
        usdt(10),
        30n,
        3n,
      ]);
      const [event] = await eventsOf(receipt, f.marketplace, "ListedForRent");
      expect([...(event?.args ?? [])]).toEqual([tokenId, f.alice.address, usdt(10), 30n, 3n]);
    });

    it("validates a rent listing (NotLicenseOwner, InvalidPrice, InvalidMaxDays, InvalidMaxIssues)", async () => {
      await expectRevert(by(f.marketplace, f.bob).listForRent(tokenId, usdt(10), 30, 3), f.marketplace, "NotLicenseOwner", [
        tokenId,
        f.bob.address,
      ]);
      await expectRevert(by(f.marketplace, f.alice).listForRent(tokenId, 0, 30, 3), f.marketplace, "InvalidPrice");
      await expectRevert(by(f.marketplace, f.alice).listForRent(tokenId, usdt(1), 0, 3), f.marketplace, "InvalidMaxDays", [
        0n,
        90n,
      ]);
      await expectRevert(by(f.marketplace, f.alice).listForRent(tokenId, usdt(1), 91, 3), f.marketplace, "InvalidMaxDays", [
        91n,
        90n,
      ]);
      await expectRevert(by(f.marketplace, f.alice).listForRent(tokenId, usdt(1), 30, 0), f.marketplace, "InvalidMaxIssues", [
        0n,
        10n,
      ]);
      await expectRevert(by(f.marketplace, f.alice).listForRent(tokenId, usdt(1), 30, 11), f.marketplace, "InvalidMaxIssues", [
        11n,
        10n,
      ]);
    });

    it("refuses a License whose type is not rentable (LicenseNotRentable) or not usable (LicenseNotUsable)", async () => {
      const types: Types = [
        { price: usdt(1), maxSupply: 5, tradable: true, rentable: false, usable: true },
        { price: usdt(1), maxSupply: 5, tradable: true, rentable: true, usable: false },
        DEFAULT_PROTOCOL_OPTIONS.licenseTypes[2],
      ];
      const other = await deployStandaloneMarket(f, f.dave, types);
      const notRentable = await buyLicense(other, f.usdt, f.alice, COMMON);
      const notUsable = await buyLicense(other, f.usdt, f.alice, SCARCITY);
      await expectRevert(
        by(other.marketplace, f.alice).listForRent(notRentable, usdt(1), 5, 1),
        other.marketplace,
        "LicenseNotRentable",
        [notRentable],
      );
      await expectRevert(
        by(other.marketplace, f.alice).listForRent(notUsable, usdt(1), 5, 1),
        other.marketplace,
        "LicenseNotUsable",
        [notUsable],
      );
    });

    it("refuses a License listed for rent from being listed for sale until the rent listing is cancelled (LicenseListedForRent)", async () => {
      await listForRent();
      await expectRevert(by(f.marketplace, f.alice).listForSale(tokenId, usdt(800)), f.marketplace, "LicenseListedForRent", [
        tokenId,
      ]);
      await (await by(f.marketplace, f.alice).cancelRentListing(tokenId)).wait();
      await (await by(f.marketplace, f.alice).listForSale(tokenId, usdt(800))).wait();
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.OnSale);
    });

    it("rents: the renter pays price per day × days to the owner up front and becomes the user until expiry (Rented)", async () => {
      await listForRent(usdt(10), 30, 3);
      await mintUsdt(f.usdt, f.bob, usdt(70), mp);
      const receipt = await (await by(f.marketplace, f.bob).rent(tokenId, 7, usdt(10))).wait();
      const t = await now();
      expect(await f.usdt.balanceOf(f.alice.address)).toBe(usdt(70));
      expect(await f.usdt.balanceOf(f.bob.address)).toBe(0n);
      expect(await f.license.userOf(tokenId)).toBe(f.bob.address);
      expect(await f.license.userExpires(tokenId)).toBe(BigInt(t + 7 * DAY));
      expect((await f.license.rentalOf(tokenId)).maxIssues).toBe(3n);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.Rented);
      const [rented] = await eventsOf(receipt, f.marketplace, "Rented");
      expect([...(rented?.args ?? [])]).toEqual([
        tokenId,
        f.alice.address,
        f.bob.address,
        7n,
        usdt(10),
        usdt(70),
        BigInt(t + 7 * DAY),
        3n,
      ]);
      const [granted] = await eventsOf(receipt, f.license, "UpdateUser");
      expect([...(granted?.args ?? [])]).toEqual([tokenId, f.bob.address, BigInt(t + 7 * DAY)]);
    });

    it("validates a rental (NotListedForRent, CannotRentOwnLicense, PriceChanged, InvalidRentalDays)", async () => {
      await expectRevert(by(f.marketplace, f.bob).rent(tokenId, 1, usdt(10)), f.marketplace, "NotListedForRent", [tokenId]);
      await listForRent(usdt(10), 30, 3);
      await expectRevert(by(f.marketplace, f.alice).rent(tokenId, 1, usdt(10)), f.marketplace, "CannotRentOwnLicense", [tokenId]);
      await expectRevert(by(f.marketplace, f.bob).rent(tokenId, 1, usdt(9)), f.marketplace, "PriceChanged", [
        tokenId,
        usdt(9),
        usdt(10),
      ]);
      await expectRevert(by(f.marketplace, f.bob).rent(tokenId, 0, usdt(10)), f.marketplace, "InvalidRentalDays", [0n, 30n]);
      await expectRevert(by(f.marketplace, f.bob).rent(tokenId, 31, usdt(10)), f.marketplace, "InvalidRentalDays", [31n, 30n]);
      await expectRevert(by(f.marketplace, f.bob).rent(tokenId, 2, usdt(10)), f.usdt, "ERC20InsufficientAllowance");
    });

    it("refuses a second renter during a rental (AlreadyRented) and accepts one after it ends", async () => {
      await listForRent(usdt(10), 30, 3);
      await mintUsdt(f.usdt, f.bob, usdt(20), mp);
      await (await by(f.marketplace, f.bob).rent(tokenId, 2, usdt(10))).wait();
      const until = (await f.license.userExpires(tokenId)) as bigint;
      await mintUsdt(f.usdt, f.carol, usdt(50), mp);
      await expectRevert(by(f.marketplace, f.carol).rent(tokenId, 1, usdt(10)), f.marketplace, "AlreadyRented", [tokenId, until]);
      await increaseTime(2 * DAY + 1);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.ListedForRent);
      await (await by(f.marketplace, f.carol).rent(tokenId, 5, usdt(10))).wait();
      expect(await f.license.userOf(tokenId)).toBe(f.carol.address);
    });

    it("runs a paid rental to its end: the owner cannot cancel before (RentalActive), and gets the License back after", async () => {
      await listForRent(usdt(10), 30, 3);
      await mintUsdt(f.usdt, f.bob, usdt(30), mp);
      await (await by(f.marketplace, f.bob).rent(tokenId, 3, usdt(10))).wait();
      const until = (await f.license.userExpires(tokenId)) as bigint;
      await expectRevert(by(f.marketplace, f.alice).cancelRentListing(tokenId), f.marketplace, "RentalActive", [tokenId, until]);
      await expectRevert(by(f.marketplace, f.alice).listForSale(tokenId, usdt(1)), f.marketplace, "LicenseListedForRent", [
        tokenId,
      ]);
      await increaseTime(3 * DAY + 1);
      const receipt = await (await by(f.marketplace, f.alice).cancelRentListing(tokenId)).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(f.alice.address);
      expect(await f.license.userOf(tokenId)).toBe(hre.ethers.ZeroAddress);
      expect(await f.license.userExpires(tokenId)).toBe(0n);
      expect(await f.marketplace.stateOf(tokenId)).toBe(State.Unsold);
      expect((await eventsOf(receipt, f.marketplace, "RentListingCancelled")).length).toBe(1);
    });

    it("refuses cancelling a rent listing that does not exist (NotListedForRent) or is someone else's (NotRentListingOwner)", async () => {
      await expectRevert(by(f.marketplace, f.alice).cancelRentListing(tokenId), f.marketplace, "NotListedForRent", [tokenId]);
      await listForRent();
      await expectRevert(by(f.marketplace, f.bob).cancelRentListing(tokenId), f.marketplace, "NotRentListingOwner", [
        tokenId,
        f.bob.address,
      ]);
    });

    it("lets the owner cancel an unrented rent listing at once", async () => {
      await listForRent();
      await (await by(f.marketplace, f.alice).cancelRentListing(tokenId)).wait();
      expect(await f.license.ownerOf(tokenId)).toBe(f.alice.address);
      expect((await f.marketplace.rentListing(tokenId)).owner).toBe(hre.ethers.ZeroAddress);
    });

    describe("with uses spent", () => {
      let other: Market;
      let id: bigint;
      beforeEach(async () => {
        other = await deployStandaloneMarket(f, f.dave, DEFAULT_PROTOCOL_OPTIONS.licenseTypes);
        id = await buyLicense(other, f.usdt, f.alice, COMMON);
      });

      const spend = async (issuer: HardhatEthersSigner, times: number, expiration: number): Promise<void> => {
        for (let i = 0; i < times; i += 1) {
          await (await by(other.license, f.dave).useForIssue(id, issuer.address, expiration)).wait();
        }
      };

      it("limits a listing's max issues to the uses left, and refuses a spent License (NoIssuesLeft)", async () => {
        await spend(f.alice, 8, (await now()) + DAY);
        await expectRevert(by(other.marketplace, f.alice).listForRent(id, usdt(1), 5, 3), other.marketplace, "InvalidMaxIssues", [
          3n,
          2n,
        ]);
        await spend(f.alice, 2, (await now()) + DAY);
        await expectRevert(by(other.marketplace, f.alice).listForRent(id, usdt(1), 5, 1), other.marketplace, "NoIssuesLeft", [
          id,
        ]);
      });

      it("grants a renter at most the uses left, and refuses renting a spent License (NoIssuesLeft)", async () => {
        await (await by(other.marketplace, f.alice).listForRent(id, usdt(1), 30, 10)).wait();
        await mintUsdt(f.usdt, f.bob, usdt(10), await other.marketplace.getAddress());
        await (await by(other.marketplace, f.bob).rent(id, 2, usdt(1))).wait();
        const rentalEnd = Number(await other.license.userExpires(id));
        await spend(f.bob, 7, rentalEnd - 60);
        await increaseTime(2 * DAY + 1);
        await mintUsdt(f.usdt, f.carol, usdt(10), await other.marketplace.getAddress());
        await (await by(other.marketplace, f.carol).rent(id, 1, usdt(1))).wait();
        expect((await other.license.rentalOf(id)).maxIssues).toBe(3n);
        await spend(f.carol, 3, (await now()) + 3600);
        await increaseTime(DAY + 1);
        await expectRevert(by(other.marketplace, f.bob).rent(id, 1, usdt(1)), other.marketplace, "NoIssuesLeft", [id]);
      });

      it("lets the renter issue within the rental's allowance and end, and the owner again after it", async () => {
        await (await by(other.marketplace, f.alice).listForRent(id, usdt(1), 30, 2)).wait();
        await mintUsdt(f.usdt, f.bob, usdt(10), await other.marketplace.getAddress());
        await (await by(other.marketplace, f.bob).rent(id, 10, usdt(1))).wait();
        const rentalEnd = Number(await other.license.userExpires(id));
        await expectRevert(
          by(other.license, f.dave).useForIssue(id, f.bob.address, rentalEnd + 1),
          other.license,
          "ExpirationAfterRentalEnd",
          [id, BigInt(rentalEnd + 1), BigInt(rentalEnd)],
        );
        await spend(f.bob, 2, rentalEnd - 1);
        await expectRevert(
          by(other.license, f.dave).useForIssue(id, f.bob.address, rentalEnd - 1),
          other.license,
          "RentalIssueAllowanceUsed",
          [id, 2n],
        );
        await increaseTime(10 * DAY + 1);
        await (await by(other.marketplace, f.alice).cancelRentListing(id)).wait();
        await spend(f.alice, 1, (await now()) + 100 * DAY);
        expect((await other.license.info(id)).availableTimes).toBe(7n);
      });
    });
  });
});

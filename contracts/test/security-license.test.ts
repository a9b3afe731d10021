import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { Interface, MaxUint256, type Contract } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS } from "../scripts/deploy";
import { by, usdt } from "./helpers/fixture";
import { expectRevert } from "./helpers/assertions";
import { isolateEach } from "./helpers/chain";

// Attacks on the License primary sale and the marketplace through a hostile pay token, a hostile
// ERC-721 receiver, non-standard tokens and extreme numbers.

const COMMON = 0;
const ON_TRANSFER_FROM = 2;
const guardErrors = new Interface(["error ReentrancyGuardReentrantCall()"]);

interface Deployment {
  token: Contract;
  license: Contract;
  marketplace: Contract;
  treasury: string;
}

/** License + marketplace paid in `tokenName`, deployed the way scripts/deploy.ts wires them. */
async function deployWithToken(tokenName: string, deployer: HardhatEthersSigner, treasury: string): Promise<Deployment> {
  const token = await deployArtifact(tokenName, deployer, [], `contracts/test/${tokenName}.sol`);
  const o = DEFAULT_PROTOCOL_OPTIONS;
  const license = await deployArtifact("License", deployer, [
    await token.getAddress(),
    treasury,
    o.issuesPerLicense,
    o.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    o.packets.map((p) => [p.counts, p.price]),
  ]);
  const marketplace = await deployArtifact("LicenseMarketplace", deployer, [await license.getAddress(), o.maxRentalDays]);
  await (await license.getFunction("setMarketplace")(await marketplace.getAddress())).wait();
  // Markets is a plain account here: these tests never issue.
  await (await license.getFunction("setMarkets")(deployer.address)).wait();
  return { token, license, marketplace, treasury };
}

async function fund(token: Contract, who: HardhatEthersSigner, spenders: string[], amount = usdt(1_000_000)): Promise<void> {
  await (await by(token, who).getFunction("mint")(who.address, amount)).wait();
  for (const s of spenders) await (await by(token, who).getFunction("approve")(s, amount)).wait();
}

/** Makes the token contract itself hold, approve and list a License (it is the seller/lister). */
async function tokenOwnsLicense(d: Deployment): Promise<bigint> {
  const tokenAddress = await d.token.getAddress();
  const licenseAddress = await d.license.getAddress();
  const price = (await d.license.getFunction("typePrice")(COMMON)) as bigint;
  await (await d.token.getFunction("mint")(tokenAddress, price)).wait();
  const erc20 = new Interface(["function approve(address,uint256)"]);
  await (await d.token.getFunction("exec")(tokenAddress, erc20.encodeFunctionData("approve", [licenseAddress, price]))).wait();
  await (await d.token.getFunction("exec")(licenseAddress, d.license.interface.encodeFunctionData("buy", [COMMON]))).wait();
  const tokenId = (await d.license.getFunction("totalMinted")()) as bigint;
  await (
    await d.token.getFunction("exec")(
      licenseAddress,
      d.license.interface.encodeFunctionData("setApprovalForAll", [await d.marketplace.getAddress(), true]),
    )
  ).wait();
  return tokenId;
}

describe("security: License and marketplace", () => {
  let signers: HardhatEthersSigner[];
  let deployer: HardhatEthersSigner;
  let alice: HardhatEthersSigner;
  let bob: HardhatEthersSigner;
  let treasury: HardhatEthersSigner;
  beforeAll(async () => {
    signers = await hre.ethers.getSigners();
    [deployer, alice, bob, treasury] = signers as [
      HardhatEthersSigner,
      HardhatEthersSigner,
      HardhatEthersSigner,
      HardhatEthersSigner,
    ];
  });

  describe("re-entrant pay token", () => {
    let d: Deployment;
    beforeAll(async () => {
      d = await deployWithToken("SecReentrantToken", deployer, treasury.address);
      await fund(d.token, alice, [await d.license.getAddress(), await d.marketplace.getAddress()]);
      await fund(d.token, bob, [await d.license.getAddress(), await d.marketplace.getAddress()]);
    });
    isolateEach();

    it("cannot re-enter a primary sale to mint twice for one payment", async () => {
      const licenseAddress = await d.license.getAddress();
      const tokenAddress = await d.token.getAddress();
      const price = (await d.license.getFunction("typePrice")(COMMON)) as bigint;
      await (await d.token.getFunction("mint")(tokenAddress, price * 2n)).wait();
      await (
        await d.token.getFunction("exec")(
          tokenAddress,
          new Interface(["function approve(address,uint256)"]).encodeFunctionData("approve", [licenseAddress, price * 2n]),
        )
      ).wait();
      await (
        await d.token.getFunction("arm")(
          licenseAddress,
          d.license.interface.encodeFunctionData("buy", [COMMON]),
          ON_TRANSFER_FROM,
        )
      ).wait();

      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();

      expect(await d.token.getFunction("attempts")()).toBe(1n);
      expect(await d.token.getFunction("successes")()).toBe(0n);
      expect(guardErrors.parseError((await d.token.getFunction("lastReturn")()) as string)?.name).toBe(
        "ReentrancyGuardReentrantCall",
      );
      expect(await d.license.getFunction("totalMinted")()).toBe(1n);
      expect(await d.license.getFunction("balanceOf")(tokenAddress)).toBe(0n);
      expect(await d.token.getFunction("balanceOf")(treasury.address)).toBe(price);
    });

    it("a seller cannot take its License back while being paid for it", async () => {
      const tokenId = await tokenOwnsLicense(d);
      const marketplaceAddress = await d.marketplace.getAddress();
      const price = usdt(250);
      await (
        await d.token.getFunction("exec")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("listForSale", [tokenId, price]),
        )
      ).wait();
      await (
        await d.token.getFunction("arm")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("cancelSale", [tokenId]),
          ON_TRANSFER_FROM,
        )
      ).wait();
      const tokenBalance = (await d.token.getFunction("balanceOf")(await d.token.getAddress())) as bigint;

      await (await by(d.marketplace, alice).getFunction("buy")(tokenId, price)).wait();

      expect(await d.token.getFunction("successes")()).toBe(0n);
      expect(await d.token.getFunction("attempts")()).toBe(1n);
      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(alice.address);
      expect(await d.token.getFunction("balanceOf")(await d.token.getAddress())).toBe(tokenBalance + price);
      expect((await d.marketplace.getFunction("saleListing")(tokenId)).seller).toBe(hre.ethers.ZeroAddress);
    });

    it("an owner cannot cancel a rent listing from inside the rental payment", async () => {
      const tokenId = await tokenOwnsLicense(d);
      const marketplaceAddress = await d.marketplace.getAddress();
      await (
        await d.token.getFunction("exec")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("listForRent", [tokenId, usdt(5), 30, 3]),
        )
      ).wait();
      await (
        await d.token.getFunction("arm")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("cancelRentListing", [tokenId]),
          ON_TRANSFER_FROM,
        )
      ).wait();

      await (await by(d.marketplace, bob).getFunction("rent")(tokenId, 7, usdt(5))).wait();

      expect(await d.token.getFunction("successes")()).toBe(0n);
      expect(await d.license.getFunction("userOf")(tokenId)).toBe(bob.address);
      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(marketplaceAddress);
      expect(await d.marketplace.getFunction("stateOf")(tokenId)).toBe(3n); // Rented
    });
  });

  describe("hostile ERC-721 receiver", () => {
    let d: Deployment;
    let receiver: Contract;
    beforeAll(async () => {
      d = await deployWithToken("SecReentrantToken", deployer, treasury.address);
      receiver = await deployArtifact("SecReentrantReceiver", deployer, [], "contracts/test/SecReentrantReceiver.sol");
      await fund(d.token, alice, [await d.license.getAddress(), await d.marketplace.getAddress()]);
      const receiverAddress = await receiver.getAddress();
      await (await d.token.getFunction("mint")(receiverAddress, usdt(10_000))).wait();
      await (
        await receiver.getFunction("exec")(
          await d.token.getAddress(),
          d.token.interface.encodeFunctionData("approve", [await d.marketplace.getAddress(), usdt(10_000)]),
        )
      ).wait();
    });
    isolateEach();

    it("gets no callback when it buys a listed License, so it cannot re-enter the sale", async () => {
      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();
      const tokenId = (await d.license.getFunction("totalMinted")()) as bigint;
      const marketplaceAddress = await d.marketplace.getAddress();
      await (await by(d.license, alice).getFunction("setApprovalForAll")(marketplaceAddress, true)).wait();
      await (await by(d.marketplace, alice).getFunction("listForSale")(tokenId, usdt(300))).wait();
      // Re-entry it would try: buying the same listing a second time.
      await (
        await receiver.getFunction("arm")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("buy", [tokenId, usdt(300)]),
        )
      ).wait();

      await (
        await receiver.getFunction("exec")(
          marketplaceAddress,
          d.marketplace.interface.encodeFunctionData("buy", [tokenId, usdt(300)]),
        )
      ).wait();

      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(await receiver.getAddress());
      expect(await receiver.getFunction("received")()).toBe(0n);
      expect(await receiver.getFunction("attempts")()).toBe(0n);
      expect(await d.token.getFunction("balanceOf")(await receiver.getAddress())).toBe(usdt(10_000) - usdt(300));
    });
  });

  describe("non-standard pay tokens", () => {
    it("a fee-on-transfer token never lets a License be minted for less than its price reaching the treasury unnoticed", async () => {
      const d = await deployWithToken("SecFeeOnTransferToken", deployer, treasury.address);
      await fund(d.token, alice, [await d.license.getAddress()]);
      const price = (await d.license.getFunction("typePrice")(COMMON)) as bigint;
      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();
      // The License holds no balances of its own: the token's fee is the treasury's loss, visible on chain.
      expect(await d.token.getFunction("balanceOf")(await d.license.getAddress())).toBe(0n);
      expect(await d.token.getFunction("balanceOf")(treasury.address)).toBe(price - price / 100n);
      expect(await d.token.getFunction("balanceOf")(alice.address)).toBe(usdt(1_000_000) - price);
    });

    it("a token without return values (old USDT style) works through SafeERC20", async () => {
      const d = await deployWithToken("SecNoReturnToken", deployer, treasury.address);
      await fund(d.token, alice, [await d.license.getAddress(), await d.marketplace.getAddress()]);
      await fund(d.token, bob, [await d.license.getAddress(), await d.marketplace.getAddress()]);
      const price = (await d.license.getFunction("typePrice")(COMMON)) as bigint;
      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();
      const tokenId = (await d.license.getFunction("totalMinted")()) as bigint;
      await (await by(d.license, alice).getFunction("setApprovalForAll")(await d.marketplace.getAddress(), true)).wait();
      await (await by(d.marketplace, alice).getFunction("listForSale")(tokenId, usdt(120))).wait();
      await (await by(d.marketplace, bob).getFunction("buy")(tokenId, usdt(120))).wait();
      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(bob.address);
      expect(await d.token.getFunction("balanceOf")(alice.address)).toBe(usdt(1_000_000) - price + usdt(120));
      expect(await d.token.getFunction("balanceOf")(treasury.address)).toBe(price);
    });

    it("a token answering false instead of reverting cannot buy a License or a listing for free", async () => {
      const d = await deployWithToken("SecFalseReturnToken", deployer, treasury.address);
      // Approved but without balance: the token answers false.
      await (await by(d.token, bob).getFunction("approve")(await d.license.getAddress(), MaxUint256)).wait();
      await (await by(d.token, bob).getFunction("approve")(await d.marketplace.getAddress(), MaxUint256)).wait();
      await expectRevert(by(d.license, bob).getFunction("buy")(COMMON), d.license, "SafeERC20FailedOperation", [
        await d.token.getAddress(),
      ]);
      expect(await d.license.getFunction("totalMinted")()).toBe(0n);

      await fund(d.token, alice, [await d.license.getAddress()]);
      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();
      const tokenId = (await d.license.getFunction("totalMinted")()) as bigint;
      await (await by(d.license, alice).getFunction("setApprovalForAll")(await d.marketplace.getAddress(), true)).wait();
      await (await by(d.marketplace, alice).getFunction("listForSale")(tokenId, usdt(120))).wait();
      await expectRevert(
        by(d.marketplace, bob).getFunction("buy")(tokenId, usdt(120)),
        d.marketplace,
        "SafeERC20FailedOperation",
      );
      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(await d.marketplace.getAddress());
      expect((await d.marketplace.getFunction("saleListing")(tokenId)).seller).toBe(alice.address);

      await (await by(d.marketplace, alice).getFunction("cancelSale")(tokenId)).wait();
      await (await by(d.marketplace, alice).getFunction("listForRent")(tokenId, usdt(5), 30, 3)).wait();
      await expectRevert(
        by(d.marketplace, bob).getFunction("rent")(tokenId, 5, usdt(5)),
        d.marketplace,
        "SafeERC20FailedOperation",
      );
      expect(await d.license.getFunction("userOf")(tokenId)).toBe(hre.ethers.ZeroAddress);
    });
  });

  describe("overflow edges", () => {
    let d: Deployment;
    let tokenId: bigint;
    beforeAll(async () => {
      d = await deployWithToken("SecNoReturnToken", deployer, treasury.address);
      await fund(d.token, alice, [await d.license.getAddress(), await d.marketplace.getAddress()]);
      await fund(d.token, bob, [await d.license.getAddress(), await d.marketplace.getAddress()], MaxUint256 / 2n);
      await (await by(d.license, alice).getFunction("buy")(COMMON)).wait();
      tokenId = (await d.license.getFunction("totalMinted")()) as bigint;
      await (await by(d.license, alice).getFunction("setApprovalForAll")(await d.marketplace.getAddress(), true)).wait();
    });
    isolateEach();

    it("a sale at max uint256 is only bought by paying it", async () => {
      await (await by(d.marketplace, alice).getFunction("listForSale")(tokenId, MaxUint256)).wait();
      await (await by(d.token, bob).getFunction("approve")(await d.marketplace.getAddress(), MaxUint256)).wait();
      // The token's own "balance" revert reaches the buyer through SafeERC20.
      await expectRevert(by(d.marketplace, bob).getFunction("buy")(tokenId, MaxUint256), d.marketplace, "Error", ["balance"]);
      expect(await d.license.getFunction("ownerOf")(tokenId)).toBe(await d.marketplace.getAddress());
    });

    it("rent price × days overflowing uint256 reverts instead of wrapping to a cheap rental", async () => {
      // 2^255 per day × 2 days wraps to 0 in unchecked arithmetic.
      const pricePerDay = 2n ** 255n;
      await (await by(d.marketplace, alice).getFunction("listForRent")(tokenId, pricePerDay, 90, 3)).wait();
      await expect(by(d.marketplace, bob).getFunction("rent")(tokenId, 2, pricePerDay)).rejects.toThrow(/overflow|0x11/i);
      expect(await d.license.getFunction("userOf")(tokenId)).toBe(hre.ethers.ZeroAddress);
      expect(await d.token.getFunction("balanceOf")(alice.address)).toBe(
        usdt(1_000_000) - ((await d.license.getFunction("typePrice")(COMMON)) as bigint),
      );
    });

    it("days beyond the limits are refused, also at the uint16 maximum", async () => {
      await expectRevert(
        by(d.marketplace, alice).getFunction("listForRent")(tokenId, usdt(1), 65_535, 3),
        d.marketplace,
        "InvalidMaxDays",
        [65_535n, 90n],
      );
      await (await by(d.marketplace, alice).getFunction("listForRent")(tokenId, usdt(1), 90, 3)).wait();
      await expectRevert(
        by(d.marketplace, bob).getFunction("rent")(tokenId, 65_535, usdt(1)),
        d.marketplace,
        "InvalidRentalDays",
        [65_535n, 90n],
      );
      await expectRevert(by(d.marketplace, bob).getFunction("rent")(tokenId, 0, usdt(1)), d.marketplace, "InvalidRentalDays", [
        0n,
        90n,
      ]);
    });

    it("a maximum rental of the maximum days ends where the days say", async () => {
      await (await by(d.marketplace, alice).getFunction("listForRent")(tokenId, usdt(1), 90, 3)).wait();
      const receipt = await (await by(d.marketplace, bob).getFunction("rent")(tokenId, 90, usdt(1))).wait();
      const block = await hre.ethers.provider.getBlock(receipt!.blockNumber);
      expect(await d.license.getFunction("userExpires")(tokenId)).toBe(BigInt(block!.timestamp + 90 * 86_400));
    });
  });
});

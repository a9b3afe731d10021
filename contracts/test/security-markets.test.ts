import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { Contract, Interface, MaxUint256, ZeroAddress, id as hashText, type ContractTransactionReceipt } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS } from "../scripts/deploy";
import { deployMarkets } from "../scripts/deployMarkets";
import { by, deployFixture, usdt } from "./helpers/fixture";
import { eventsOf, expectRevert } from "./helpers/assertions";
import { DAY, increaseTime, isolateEach, now } from "./helpers/chain";

// Attacks on Markets: a pay token that re-enters, a hostile ERC-721 receiver as issuer, fee-on-transfer
// and non-standard tokens, numbers at the type limits, and voting power acquired after a confirmation.

const ON_TRANSFER = 1;
const ON_TRANSFER_FROM = 2;
const guard = new Interface(["error ReentrancyGuardReentrantCall()"]);
const erc20 = new Interface(["function approve(address,uint256)"]);
const State = { Finished: 11n, Void: 13n } as const;
// SafeERC20's error is raised inside Markets but is not part of the IMarkets ABI.
const safeErc20 = new Contract(ZeroAddress, ["error SafeERC20FailedOperation(address token)"]);

interface Stack {
  token: Contract;
  prds: Contract;
  license: Contract;
  marketplace: Contract;
  markets: Contract;
  treasury: string;
}

/** The protocol as scripts/deploy.ts wires it, but paid in the test token `tokenName`. */
async function deployWithToken(tokenName: string, deployer: HardhatEthersSigner): Promise<Stack> {
  const o = DEFAULT_PROTOCOL_OPTIONS;
  const token = await deployArtifact(tokenName, deployer, [], `contracts/test/${tokenName}.sol`);
  const prds = await deployArtifact("PRDS", deployer, [deployer.address, o.prdsSupply]);
  const license = await deployArtifact("License", deployer, [
    await token.getAddress(),
    deployer.address,
    o.issuesPerLicense,
    o.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    o.packets.map((p) => [p.counts, p.price]),
  ]);
  const marketplace = await deployArtifact("LicenseMarketplace", deployer, [await license.getAddress(), o.maxRentalDays]);
  await (await license.getFunction("setMarketplace")(await marketplace.getAddress())).wait();
  const { markets } = await deployMarkets(deployer, {
    payToken: await token.getAddress(),
    prds: await prds.getAddress(),
    license: await license.getAddress(),
    treasury: deployer.address,
  });
  await (await license.getFunction("setMarkets")(await markets.getAddress())).wait();
  return { token, prds, license, marketplace, markets, treasury: deployer.address };
}

async function fundAll(s: Stack, who: HardhatEthersSigner[], amount = usdt(1_000_000)): Promise<void> {
  for (const w of who) {
    await (await by(s.token, w).getFunction("mint")(w.address, amount)).wait();
    for (const spender of [await s.markets.getAddress(), await s.license.getAddress()]) {
      await (await by(s.token, w).getFunction("approve")(spender, MaxUint256)).wait();
    }
  }
}

async function buyLicense(s: Stack, who: HardhatEthersSigner): Promise<bigint> {
  await (await by(s.license, who).getFunction("buy")(0)).wait();
  return (await s.license.getFunction("totalMinted")()) as bigint;
}

async function issueParams(licenseId: bigint, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const t = await now();
  return {
    licenseId,
    metadataHash: hashText("security market"),
    options: [hashText("occurred"), hashText("not occurred")],
    lastTradingTime: t + DAY,
    expirationTime: t + 2 * DAY,
    liquidity: usdt(100),
    margin: usdt(200),
    stakeLicense: false,
    ...overrides,
  };
}

async function issue(s: Stack, issuer: HardhatEthersSigner, overrides: Record<string, unknown> = {}): Promise<bigint> {
  const licenseId = await buyLicense(s, issuer);
  await (await by(s.markets, issuer).getFunction("issue")(await issueParams(licenseId, overrides))).wait();
  return (await s.markets.getFunction("marketCount")()) as bigint;
}

/** Confirms `option` after expiration and lets the challenge window pass, so the market is final. */
async function finalize(s: Stack, issuer: HardhatEthersSigner, id: bigint, option: number): Promise<void> {
  const m = await s.markets.getFunction("getMarket")(id);
  const wait = Number(m.expirationTime) - (await now()) + 1;
  if (wait > 0) await increaseTime(wait);
  await (await by(s.markets, issuer).getFunction("confirm")(id, option)).wait();
  await increaseTime(8 * DAY);
  await (await s.markets.getFunction("advance")(id)).wait();
  expect(await s.markets.getFunction("marketState")(id)).toBe(State.Finished);
}

async function exec(
  actorContract: Contract,
  target: Contract,
  method: string,
  args: unknown[],
): Promise<ContractTransactionReceipt> {
  const data = target.interface.encodeFunctionData(method, args);
  return (await (await actorContract.getFunction("exec")(await target.getAddress(), data)).wait()) as ContractTransactionReceipt;
}

describe("security: Markets", () => {
  let signers: HardhatEthersSigner[];
  let deployer: HardhatEthersSigner;
  let issuer: HardhatEthersSigner;
  let alice: HardhatEthersSigner;
  let bob: HardhatEthersSigner;
  beforeAll(async () => {
    signers = await hre.ethers.getSigners();
    [deployer, issuer, alice, bob] = signers as [
      HardhatEthersSigner,
      HardhatEthersSigner,
      HardhatEthersSigner,
      HardhatEthersSigner,
    ];
  });

  describe("re-entrant pay token", () => {
    let s: Stack;
    let tokenAddress: string;
    let marketsAddress: string;
    beforeAll(async () => {
      s = await deployWithToken("SecReentrantToken", deployer);
      await fundAll(s, [issuer, alice, bob]);
      tokenAddress = await s.token.getAddress();
      marketsAddress = await s.markets.getAddress();
      // The token contract is itself a trader and an issuer.
      await (await s.token.getFunction("mint")(tokenAddress, usdt(100_000))).wait();
      await (
        await s.token.getFunction("exec")(tokenAddress, erc20.encodeFunctionData("approve", [marketsAddress, MaxUint256]))
      ).wait();
      await (
        await s.token.getFunction("exec")(
          tokenAddress,
          erc20.encodeFunctionData("approve", [await s.license.getAddress(), MaxUint256]),
        )
      ).wait();
    });
    isolateEach();

    it("cannot claim a payout twice from inside the payout transfer", async () => {
      const id = await issue(s, issuer);
      await exec(s.token, s.markets, "buy", [id, 0, usdt(100), 0, ZeroAddress]);
      await (await by(s.markets, alice).getFunction("buy")(id, 1, usdt(100), 0, ZeroAddress)).wait();
      await finalize(s, issuer, id, 0);
      await (
        await s.token.getFunction("arm")(
          marketsAddress,
          s.markets.interface.encodeFunctionData("claim", [id, tokenAddress]),
          ON_TRANSFER,
        )
      ).wait();
      const before = (await s.token.getFunction("balanceOf")(tokenAddress)) as bigint;
      const held = (await s.token.getFunction("balanceOf")(marketsAddress)) as bigint;

      const receipt = await exec(s.token, s.markets, "claim", [id, tokenAddress]);

      const [claimed] = await eventsOf(receipt, s.markets, "Claimed");
      const paid = (claimed!.args.payout as bigint) + (claimed!.args.refund as bigint);
      expect(paid).toBeGreaterThan(usdt(98));
      expect(await s.token.getFunction("attempts")()).toBe(1n);
      expect(await s.token.getFunction("successes")()).toBe(0n);
      expect(guard.parseError((await s.token.getFunction("lastReturn")()) as string)?.name).toBe("ReentrancyGuardReentrantCall");
      expect(await s.token.getFunction("balanceOf")(tokenAddress)).toBe(before + paid);
      expect(await s.token.getFunction("balanceOf")(marketsAddress)).toBe(held - paid);
      await expectRevert(by(s.markets, alice).getFunction("claim")(id, tokenAddress), s.markets, "NothingToClaim");
    });

    it("cannot withdraw its credit twice from inside the withdrawal", async () => {
      // The token contract issues with its own License, so its margin and fee share become credit.
      await exec(s.token, s.license, "buy", [0]);
      const licenseId = (await s.license.getFunction("totalMinted")()) as bigint;
      await exec(s.token, s.markets, "issue", [await issueParams(licenseId)]);
      const id = (await s.markets.getFunction("marketCount")()) as bigint;
      await (await by(s.markets, alice).getFunction("buy")(id, 0, usdt(100), 0, ZeroAddress)).wait();
      const m = await s.markets.getFunction("getMarket")(id);
      await increaseTime(Number(m.expirationTime) - (await now()) + 1);
      await exec(s.token, s.markets, "confirm", [id, 0]);
      await increaseTime(8 * DAY);
      await (await s.markets.getFunction("advance")(id)).wait();
      const credit = (await s.markets.getFunction("creditOf")(tokenAddress)) as bigint;
      expect(credit).toBeGreaterThan(usdt(200));
      const half = credit / 2n;
      await (
        await s.token.getFunction("arm")(marketsAddress, s.markets.interface.encodeFunctionData("withdraw", [half]), ON_TRANSFER)
      ).wait();

      await exec(s.token, s.markets, "withdraw", [half]);

      expect(await s.token.getFunction("successes")()).toBe(0n);
      expect(await s.token.getFunction("attempts")()).toBe(1n);
      expect(await s.markets.getFunction("creditOf")(tokenAddress)).toBe(credit - half);
    });

    it("cannot place a second buy from inside the first one's payment", async () => {
      const id = await issue(s, issuer);
      await (
        await s.token.getFunction("arm")(
          marketsAddress,
          s.markets.interface.encodeFunctionData("buy", [id, 1, usdt(50), 0, ZeroAddress]),
          ON_TRANSFER_FROM,
        )
      ).wait();

      await exec(s.token, s.markets, "buy", [id, 0, usdt(100), 0, ZeroAddress]);

      expect(await s.token.getFunction("successes")()).toBe(0n);
      expect(await s.token.getFunction("attempts")()).toBe(1n);
      expect((await s.markets.getFunction("positionOf")(id, tokenAddress, 0)).stake).toBe(usdt(98));
      expect((await s.markets.getFunction("positionOf")(id, tokenAddress, 1)).stake).toBe(0n);
      expect((await s.markets.getFunction("getMarket")(id)).pool).toBe(usdt(100) + usdt(98));
    });

    it("cannot cancel twice from inside the cancellation refund", async () => {
      await exec(s.token, s.license, "buy", [0]);
      const licenseId = (await s.license.getFunction("totalMinted")()) as bigint;
      await exec(s.token, s.markets, "issue", [await issueParams(licenseId)]);
      const id = (await s.markets.getFunction("marketCount")()) as bigint;
      await (
        await s.token.getFunction("arm")(marketsAddress, s.markets.interface.encodeFunctionData("cancel", [id]), ON_TRANSFER)
      ).wait();
      const before = (await s.token.getFunction("balanceOf")(tokenAddress)) as bigint;

      await exec(s.token, s.markets, "cancel", [id]);

      expect(await s.token.getFunction("successes")()).toBe(0n);
      expect(await s.token.getFunction("balanceOf")(tokenAddress)).toBe(before + usdt(300));
      expect((await s.license.getFunction("info")(licenseId)).availableTimes).toBe(10n);
    });
  });

  describe("hostile ERC-721 receiver as issuer", () => {
    it("gets its staked License back without a callback it could re-enter through", async () => {
      const s = await deployWithToken("SecNoReturnToken", deployer);
      const receiver = await deployArtifact("SecReentrantReceiver", deployer, [], "contracts/test/SecReentrantReceiver.sol");
      const receiverAddress = await receiver.getAddress();
      await (await s.token.getFunction("mint")(receiverAddress, usdt(10_000))).wait();
      await exec(receiver, s.token, "approve", [await s.license.getAddress(), MaxUint256]);
      await exec(receiver, s.token, "approve", [await s.markets.getAddress(), MaxUint256]);
      await exec(receiver, s.license, "buy", [0]);
      const licenseId = (await s.license.getFunction("totalMinted")()) as bigint;
      await exec(receiver, s.license, "setApprovalForAll", [await s.markets.getAddress(), true]);
      await exec(receiver, s.markets, "issue", [await issueParams(licenseId, { stakeLicense: true, margin: 0n })]);
      const id = (await s.markets.getFunction("marketCount")()) as bigint;
      expect(await s.license.getFunction("ownerOf")(licenseId)).toBe(await s.markets.getAddress());
      // If Markets called onERC721Received, the receiver would try to cancel again.
      await (
        await receiver.getFunction("arm")(await s.markets.getAddress(), s.markets.interface.encodeFunctionData("cancel", [id]))
      ).wait();

      await exec(receiver, s.markets, "cancel", [id]);

      expect(await s.license.getFunction("ownerOf")(licenseId)).toBe(receiverAddress);
      expect(await receiver.getFunction("received")()).toBe(0n);
      expect(await receiver.getFunction("attempts")()).toBe(0n);
      expect(await s.token.getFunction("balanceOf")(receiverAddress)).toBe(usdt(10_000) - usdt(100));
    });
  });

  describe("non-standard pay tokens", () => {
    it("refuses a fee-on-transfer token instead of recording stakes it never received", async () => {
      const s = await deployWithToken("SecFeeOnTransferToken", deployer);
      await fundAll(s, [issuer]);
      const licenseId = await buyLicense(s, issuer);
      const amount = usdt(300); // liquidity 100 + margin 200
      await expectRevert(
        by(s.markets, issuer).getFunction("issue")(await issueParams(licenseId)),
        s.markets,
        "FeeOnTransferNotSupported",
        [await s.token.getAddress(), amount, amount - amount / 100n],
      );
      expect(await s.markets.getFunction("marketCount")()).toBe(0n);
      expect(await s.token.getFunction("balanceOf")(await s.markets.getAddress())).toBe(0n);
    });

    it("runs a whole market on a token without return values and keeps only rounding dust", async () => {
      const s = await deployWithToken("SecNoReturnToken", deployer);
      await fundAll(s, [issuer, alice, bob]);
      const id = await issue(s, issuer);
      await (await by(s.markets, alice).getFunction("buy")(id, 0, usdt(70), 0, ZeroAddress)).wait();
      await (await by(s.markets, bob).getFunction("buy")(id, 1, usdt(33), 0, alice.address)).wait();
      await finalize(s, issuer, id, 0);
      for (const who of [issuer, alice, bob]) await (await by(s.markets, who).getFunction("claim")(id, who.address)).wait();
      await (await by(s.markets, alice).getFunction("claimReferral")(id)).wait();
      for (const who of [issuer, deployer]) {
        const credit = (await s.markets.getFunction("creditOf")(who.address)) as bigint;
        await (await by(s.markets, who).getFunction("withdraw")(credit)).wait();
      }
      const dust = (await s.token.getFunction("balanceOf")(await s.markets.getAddress())) as bigint;
      expect(dust).toBeLessThanOrEqual(2n); // one wei per winning claim at most
    });

    it("a token answering false cannot buy a position without paying, and a failed payout can be claimed again", async () => {
      const s = await deployWithToken("SecFalseReturnToken", deployer);
      await fundAll(s, [issuer, alice]);
      const id = await issue(s, issuer);
      await (await by(s.token, bob).getFunction("approve")(await s.markets.getAddress(), MaxUint256)).wait();
      await expectRevert(
        by(s.markets, bob).getFunction("buy")(id, 0, usdt(100), 0, ZeroAddress),
        safeErc20,
        "SafeERC20FailedOperation",
        [await s.token.getAddress()],
      );
      expect((await s.markets.getFunction("positionOf")(id, bob.address, 0)).stake).toBe(0n);
      expect(await s.markets.getFunction("hasBought")(bob.address)).toBe(false);

      await (await by(s.markets, alice).getFunction("buy")(id, 0, usdt(100), 0, ZeroAddress)).wait();
      await finalize(s, issuer, id, 0);
      await (await s.token.getFunction("setFailAll")(true)).wait();
      await expectRevert(by(s.markets, alice).getFunction("claim")(id, alice.address), safeErc20, "SafeERC20FailedOperation");
      await (await s.token.getFunction("setFailAll")(false)).wait();
      const before = (await s.token.getFunction("balanceOf")(alice.address)) as bigint;
      await (await by(s.markets, alice).getFunction("claim")(id, alice.address)).wait();
      expect((await s.token.getFunction("balanceOf")(alice.address)) as bigint).toBeGreaterThan(before + usdt(98));
    });
  });

  describe("numbers at the type limits", () => {
    let s: Stack;
    let id: bigint;
    let whale: HardhatEthersSigner;
    beforeAll(async () => {
      s = await deployWithToken("SecNoReturnToken", deployer);
      whale = signers[5]!;
      await fundAll(s, [issuer, alice]);
      await fundAll(s, [whale], 2n ** 200n);
      id = await issue(s, issuer);
    });
    isolateEach();

    async function unchanged(action: () => Promise<unknown>): Promise<string> {
      const snapshotOf = async (): Promise<string> =>
        JSON.stringify(
          [
            (await s.markets.getFunction("getMarket")(id)).toArray(),
            await s.token.getFunction("balanceOf")(await s.markets.getAddress()),
            await s.markets.getFunction("marketCount")(),
          ],
          (_k, v) => (typeof v === "bigint" ? v.toString() : v),
        );
      const before = await snapshotOf();
      let reason = "";
      try {
        await (await (action() as Promise<{ wait: () => Promise<unknown> }>)).wait();
      } catch (e) {
        reason = String(e);
      }
      expect(reason).not.toBe("");
      expect(await snapshotOf()).toBe(before);
      return reason;
    }

    it("a buy of max uint256 reverts without touching the market", async () => {
      const reason = await unchanged(() => by(s.markets, whale).getFunction("buy")(id, 0, MaxUint256, 0, ZeroAddress));
      expect(reason).toMatch(/overflow|0x11|CapacityExceeded/);
    });

    it("a buy beyond the capacity's storage width is refused as over capacity", async () => {
      await expectRevert(
        by(s.markets, whale).getFunction("buy")(id, 0, 2n ** 120n, 0, ZeroAddress),
        s.markets,
        "CapacityExceeded",
      );
    });

    it("a minimum payout of max uint256 refuses the buy", async () => {
      await expectRevert(
        by(s.markets, alice).getFunction("buy")(id, 0, usdt(10), MaxUint256, ZeroAddress),
        s.markets,
        "PayoutBelowMinimum",
      );
    });

    it("a margin or liquidity that does not fit storage is refused, never truncated", async () => {
      const licenseId = await buyLicense(s, whale);
      await (await by(s.token, whale).getFunction("approve")(await s.markets.getAddress(), MaxUint256)).wait();
      await expectRevert(
        by(s.markets, whale).getFunction("issue")(await issueParams(licenseId, { margin: 2n ** 128n })),
        s.markets,
        "AmountTooLarge",
        [2n ** 128n],
      );
      // Fits 128 bits but its capacity (20 ×) does not fit the 104-bit pool.
      await expectRevert(
        by(s.markets, whale).getFunction("issue")(await issueParams(licenseId, { margin: 2n ** 100n })),
        s.markets,
        "AmountTooLarge",
      );
      const reason = await unchanged(async () =>
        by(s.markets, whale).getFunction("issue")(await issueParams(licenseId, { liquidity: MaxUint256, margin: usdt(200) })),
      );
      expect(reason).toMatch(/CapacityExceeded|overflow|0x11/);
      await expectRevert(by(s.markets, issuer).getFunction("addMargin")(id, 2n ** 104n), s.markets, "AmountTooLarge");
      await unchanged(() => by(s.markets, issuer).getFunction("addMargin")(id, MaxUint256));
    });

    it("a market at the far end of 40-bit time works and an early confirmation cannot claim a future time", async () => {
      const licenseId = await buyLicense(s, alice);
      const far = 2 ** 40 - 1;
      await (
        await by(s.markets, alice).getFunction("issue")(
          await issueParams(licenseId, { lastTradingTime: far - 1, expirationTime: far }),
        )
      ).wait();
      const farId = (await s.markets.getFunction("marketCount")()) as bigint;
      await (await by(s.markets, issuer).getFunction("buy")(farId, 1, usdt(60), 0, ZeroAddress)).wait();
      await expectRevert(by(s.markets, alice).getFunction("confirmEarly")(farId, 0, far), s.markets, "KnownTimeInFuture");
      await expectRevert(by(s.markets, alice).getFunction("confirm")(farId, 0), s.markets, "NotExpired");
      const t = await now();
      await (await by(s.markets, alice).getFunction("confirmEarly")(farId, 0, t)).wait();
      expect((await s.markets.getFunction("getMarket")(farId)).early).toBe(true);
    });
  });

  describe("dispute module", () => {
    it("cannot be called directly, only through Markets' storage", async () => {
      const f = await deployFixture();
      const module = f.marketsDisputes.connect(bob) as Contract;
      const calls: [string, unknown[]][] = [
        ["challenge", [1n, 0, 0, hashText("x")]],
        ["concede", [1n]],
        ["appeal", [1n]],
        ["vote", [1n, 0]],
        ["advance", [1n]],
        ["claimCompensation", [1n, 0n]],
        ["claimVoterReward", [1n]],
      ];
      for (const [method, args] of calls) {
        await expectRevert(module.getFunction(method)(...args), f.markets, "DelegateCallOnly");
      }
    });
  });

  describe("voting power acquired after the confirmation", () => {
    it("has no weight, whether bought, received or claimed; power held before still counts after selling", async () => {
      const f = await deployFixture();
      const [, iss, buyer1, buyer2, late, claimer] = f.signers as HardhatEthersSigner[];
      const marketsAddress = await f.markets.getAddress();
      for (const w of [iss!, buyer1!, buyer2!, late!, claimer!]) {
        await (await by(f.usdt, w).getFunction("mint")(w.address, usdt(100_000))).wait();
        await (await by(f.usdt, w).getFunction("approve")(marketsAddress, MaxUint256)).wait();
        await (await by(f.usdt, w).getFunction("approve")(await f.license.getAddress(), MaxUint256)).wait();
        await (await by(f.prds, w).getFunction("approve")(marketsAddress, MaxUint256)).wait();
      }
      // buyer1 holds 5M PRDS before the result is known.
      await (await by(f.prds, f.deployer).getFunction("transfer")(buyer1!.address, usdt(5_000_000))).wait();
      await (await by(f.prds, f.deployer).getFunction("transfer")(buyer2!.address, usdt(2_000))).wait();
      await (await by(f.license, iss!).getFunction("buy")(0)).wait();
      const licenseId = (await f.license.getFunction("totalMinted")()) as bigint;
      await (await by(f.markets, iss!).getFunction("issue")(await issueParams(licenseId))).wait();
      const id = (await f.markets.getFunction("marketCount")()) as bigint;
      for (const w of [buyer1!, buyer2!, claimer!])
        await (await by(f.markets, w).getFunction("buy")(id, 1, usdt(40), 0, ZeroAddress)).wait();
      const m = await f.markets.getFunction("getMarket")(id);
      await increaseTime(Number(m.expirationTime) - (await now()) + 1);
      const receipt = await (await by(f.markets, iss!).getFunction("confirm")(id, 0)).wait();
      const [confirmed] = await eventsOf(receipt, f.markets, "ResultConfirmed");
      expect(confirmed!.args.snapshotBlock).toBe(BigInt(receipt!.blockNumber - 1));

      // After the confirmation: PRDS bought on the market (a transfer), and PRDS from the Claim contract.
      await (await by(f.prds, f.deployer).getFunction("transfer")(late!.address, usdt(10_000_000))).wait();
      await (await by(f.claim, claimer!).getFunction("claim")()).wait();
      expect(await f.prds.getFunction("balanceOf")(claimer!.address)).toBeGreaterThan(0n);
      // buyer1 sells everything after the snapshot; its vote still weighs what it held.
      await (await by(f.prds, buyer1!).getFunction("transfer")(late!.address, usdt(5_000_000))).wait();

      await (await by(f.markets, buyer2!).getFunction("challenge")(id, 1, 0, hashText("evidence"))).wait();
      await (await by(f.markets, iss!).getFunction("appeal")(id)).wait();

      await expectRevert(by(f.markets, late!).getFunction("vote")(id, 1), f.markets, "NoVotingPower", [id, late!.address]);
      await expectRevert(by(f.markets, claimer!).getFunction("vote")(id, 2), f.markets, "NoVotingPower", [id, claimer!.address]);
      await (await by(f.markets, buyer1!).getFunction("vote")(id, 2)).wait();
      expect((await f.markets.getFunction("ballotOf")(id, buyer1!.address)).weight).toBe(usdt(5_000_000));
      expect(await f.markets.getFunction("tallyOf")(id, 1)).toBe(0n);
      expect(await f.markets.getFunction("tallyOf")(id, 2)).toBe(usdt(5_000_000));
    });
  });
});

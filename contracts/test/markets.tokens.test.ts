import hre from "hardhat";
import { Contract, MaxUint256, ZeroAddress, id as hashText } from "ethers";
import { expectRevert } from "./helpers/assertions";
import { now, DAY } from "./helpers/chain";
import { usdt } from "./helpers/fixture";
import { deployArtifact, loadArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS } from "../scripts/deploy";
import { DEFAULT_MARKETS_PARAMS, deployMarkets, marketsAbi } from "../scripts/deployMarkets";

/** A License + Markets pair on `token`, with the deployer owning License 1 and everything approved. */
async function protocolOn(token: Contract): Promise<{ markets: Contract; licenseId: bigint }> {
  const [deployer] = await hre.ethers.getSigners();
  if (!deployer) throw new Error("no signer");
  const o = DEFAULT_PROTOCOL_OPTIONS;
  const tokenAddress = await token.getAddress();
  const license = await deployArtifact("License", deployer, [
    tokenAddress,
    deployer.address,
    o.issuesPerLicense,
    o.licenseTypes.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
    o.packets.map((p) => [p.counts, p.price]),
  ]);
  const prds = await deployArtifact("PRDS", deployer, [deployer.address, usdt(1_000_000)]);
  const { markets, addresses } = await deployMarkets(deployer, {
    payToken: tokenAddress,
    prds: await prds.getAddress(),
    license: await license.getAddress(),
    treasury: deployer.address,
  });
  await (await license.getFunction("setMarkets")(addresses.Markets)).wait();
  await (await token.getFunction("mint")(deployer.address, usdt(1_000_000))).wait();
  await (await token.getFunction("approve")(await license.getAddress(), MaxUint256)).wait();
  await (await token.getFunction("approve")(addresses.Markets, MaxUint256)).wait();
  const licenseId = (await license.getFunction("buy").staticCall(0)) as bigint;
  await (await license.getFunction("buy")(0)).wait();
  return { markets, licenseId };
}

async function issueArgs(licenseId: bigint): Promise<unknown[]> {
  const t = await now();
  return [licenseId, hashText("e"), [hashText("a"), hashText("b")], t + DAY, t + 2 * DAY, usdt(100), usdt(100), false];
}

describe("Markets: tokens and deployment", () => {
  test("a fee-on-transfer pay token is refused", async () => {
    const [deployer] = await hre.ethers.getSigners();
    const token = await deployArtifact("SecFeeOnTransferToken", deployer!, [], "contracts/test/SecFeeOnTransferToken.sol");
    const { markets, licenseId } = await protocolOn(token);
    await expectRevert(markets.getFunction("issue")(await issueArgs(licenseId)), markets, "FeeOnTransferNotSupported", [
      await token.getAddress(),
      usdt(200),
      usdt(198),
    ]);
  });

  test("a token calling back into Markets during a transfer hits the reentrancy guard", async () => {
    const [deployer] = await hre.ethers.getSigners();
    const token = await deployArtifact("MarketsReentrantToken", deployer!, [], "contracts/test/MarketsReentrantToken.sol");
    const { markets, licenseId } = await protocolOn(token);
    await (await markets.getFunction("issue")(await issueArgs(licenseId))).wait();
    const reenter = markets.interface.encodeFunctionData("withdraw", [1]);
    await (await token.getFunction("arm")(await markets.getAddress(), reenter)).wait();
    const guard = new Contract(await markets.getAddress(), ["error ReentrancyGuardReentrantCall()"]);
    const [, buyer] = await hre.ethers.getSigners();
    await (await token.getFunction("mint")(buyer!.address, usdt(100))).wait();
    await (await (token.connect(buyer!) as Contract).getFunction("approve")(await markets.getAddress(), MaxUint256)).wait();
    await expectRevert(
      (markets.connect(buyer!) as Contract).getFunction("buy")(1, 0, usdt(10), 0, ZeroAddress),
      guard,
      "ReentrancyGuardReentrantCall",
    );
  });

  test("inconsistent parameters are refused at deployment", async () => {
    const [deployer] = await hre.ethers.getSigners();
    const a = deployer!.address;
    const deps = { payToken: a, prds: a, license: a, treasury: a };
    const iface = new Contract(ZeroAddress, marketsAbi());
    await expectRevert(deployMarkets(deployer!, deps, { issuerShareBps: 6000 }), iface, "InvalidParams");
    await expectRevert(deployMarkets(deployer!, deps, { feeBps: 10_000 }), iface, "InvalidParams");
    await expectRevert(deployMarkets(deployer!, { ...deps, treasury: ZeroAddress }), iface, "InvalidParams");
    expect(DEFAULT_MARKETS_PARAMS.feeBps).toBe(200);
    expect(loadArtifact("IMarkets", "contracts/interfaces/IMarkets.sol").abi).toBeDefined();
  });

  test("margin that would overflow the capacity is refused", async () => {
    const [deployer] = await hre.ethers.getSigners();
    const token = await deployArtifact("SecFeeOnTransferToken", deployer!, [], "contracts/test/SecFeeOnTransferToken.sol");
    const { markets, licenseId } = await protocolOn(token);
    const args = await issueArgs(licenseId);
    args[6] = 2n ** 128n;
    await expectRevert(markets.getFunction("issue")(args), markets, "AmountTooLarge", [2n ** 128n]);
  });
});

// Gas of the Gnosis Conditional Tokens + Fixed Product Market Maker flow that corresponds to ours:
// a 2-outcome market with funding, a first and a later buy by one account, redemption after resolution.
"use strict";
const { ContractFactory, Contract, id, parseUnits, ZeroHash } = require("ethers");

const FEE_2_PERCENT = parseUnits("0.02", 18); // FPMM fees are fractions of 1e18; 2% like our default fee

async function deploy(artifact, signer, args = []) {
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, signer);
  const c = await factory.deploy(...args);
  await c.waitForDeployment();
  return new Contract(await c.getAddress(), artifact.abi, signer);
}

async function gasOf(txPromise) {
  const receipt = await (await txPromise).wait();
  return receipt.gasUsed;
}

/**
 * @param {import('hardhat').HardhatRuntimeEnvironment} hre
 * @param {ReturnType<typeof import('./gnosis-prepare.cjs').prepareGnosis>} artifacts
 * @param {{ advance: (seconds: number) => Promise<void>, funding: bigint, buyAmount: bigint, warmAmount: bigint }} opts
 */
async function measureGnosis(hre, artifacts, { advance, funding, buyAmount, warmAmount }) {
  const [deployer, oracle, maker, warm, buyer] = await hre.ethers.getSigners();
  const ct = await deploy(artifacts.ConditionalTokens, deployer);
  const collateral = await deploy(artifacts.BenchCollateral, deployer);
  const factory = await deploy(artifacts.FixedProductMarketMakerFactory, deployer);
  const ctAddress = await ct.getAddress();
  const collateralAddress = await collateral.getAddress();

  const questionId = id("prds-bench: will it happen?");
  const gas = {};
  gas.gnosis_prepare_condition = await gasOf(ct.connect(maker).getFunction("prepareCondition")(oracle.address, questionId, 2));
  const conditionId = await ct.getFunction("getConditionId")(oracle.address, questionId, 2);

  const create = factory.connect(maker).getFunction("createFixedProductMarketMaker");
  const fpmmAddress = await create.staticCall(ctAddress, collateralAddress, [conditionId], FEE_2_PERCENT);
  gas.gnosis_create_fpmm = await gasOf(create(ctAddress, collateralAddress, [conditionId], FEE_2_PERCENT));
  const fpmm = new Contract(fpmmAddress, artifacts.FixedProductMarketMaker.abi, maker);

  for (const s of [maker, warm, buyer]) {
    await (await collateral.connect(s).getFunction("mint")(s.address, funding * 10n)).wait();
    await (await collateral.connect(s).getFunction("approve")(fpmmAddress, funding * 10n)).wait();
  }
  gas.gnosis_add_funding = await gasOf(fpmm.connect(maker).getFunction("addFunding")(funding, []));

  // Another account trades first, so the measured first buy is an account's first, not the market's.
  await gasOf(fpmm.connect(warm).getFunction("buy")(warmAmount, 1, 0));
  await advance(3600);
  gas.gnosis_buy_first = await gasOf(fpmm.connect(buyer).getFunction("buy")(buyAmount, 0, 0));
  await advance(3600);
  gas.gnosis_buy_later = await gasOf(fpmm.connect(buyer).getFunction("buy")(buyAmount, 0, 0));

  gas.gnosis_report_payouts = await gasOf(ct.connect(oracle).getFunction("reportPayouts")(questionId, [1, 0]));
  gas.gnosis_redeem = await gasOf(
    ct.connect(buyer).getFunction("redeemPositions")(collateralAddress, ZeroHash, conditionId, [1, 2]),
  );
  const balance = await collateral.getFunction("balanceOf")(buyer.address);
  if (balance <= funding * 10n - 2n * buyAmount) throw new Error("Gnosis redeem paid nothing: the flow is wrong");
  return gas;
}

module.exports = { measureGnosis };

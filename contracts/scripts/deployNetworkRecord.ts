import path from "node:path";
import { Contract, ContractFactory, getAddress, type Provider } from "ethers";
import { CONTRACTS_ROOT } from "./artifacts";
import { marketsAbi, type MarketsParams } from "./deployMarkets";
import { abiOf, renderDeployment } from "./generate";
import { networkParamsRecord, type NetworkParams } from "./networkParams";
import { ROLES, type Role } from "./roles";
import {
  addressesOf,
  artifactOf,
  planSteps,
  requireAll,
  type DeployedContractName,
  type Journal,
  type NetworkDeploymentRecord,
} from "./deployNetworkPlan";

// The record of a real network's deployment (deployments/<chainId>.json), and its check against the chain.

/** The record of a finished journal: addresses, ABIs, constructor arguments, parameters and commit. */
export function buildRecord(
  journal: Journal,
  params: NetworkParams,
  meta: { deployer: string; paramsHash: string; commit: { hash: string | null; dirty: boolean }; paramsFile: string },
): NetworkDeploymentRecord {
  const addresses = addressesOf(journal);
  const steps = planSteps(params, meta.deployer);
  const deployed = {} as NetworkDeploymentRecord["deployed"];
  const transactions: NetworkDeploymentRecord["transactions"] = {};
  const full = requireAll(addresses, "License.transferOwnership");
  for (const step of steps) {
    const done = journal.steps[step.name];
    if (step.skip) continue;
    if (done?.status !== "done" || done.block === undefined) throw new Error(`step ${step.name} is not done`);
    if (step.kind === "deploy") {
      const artifact = artifactOf(step.name);
      const factory = new ContractFactory(artifact.abi, artifact.bytecode);
      deployed[step.name] = {
        address: full[step.name],
        txHash: done.txHash,
        block: done.block,
        constructorArguments: factory.interface.encodeDeploy(step.args(full)),
      };
    } else {
      transactions[step.name] = { txHash: done.txHash, block: done.block };
    }
  }
  const roleAddresses: Partial<Record<Role, string>> = {
    payToken: params.payToken.address,
    platformToken: full.PRDS,
    license: full.License,
    licenseMarketplace: full.LicenseMarketplace,
    markets: full.Markets,
    claim: full.Claim,
  };
  const contracts: NetworkDeploymentRecord["contracts"] = {};
  for (const [role, address] of Object.entries(roleAddresses) as [Role, string][]) {
    contracts[role] = { address: getAddress(address), abi: abiOf(ROLES[role].abi) };
  }
  // Every protocol log comes after the first deployment's block.
  const deploymentBlock = Math.max(0, deployed.PRDS.block - 1);
  // The same checks generate.ts applies to every deployments/<chainId>.json.
  renderDeployment(params.chainId, deploymentBlock, roleAddresses);
  return {
    chainId: params.chainId,
    network: params.network,
    deploymentBlock,
    contracts,
    deployed,
    transactions,
    deployer: meta.deployer,
    owner: params.owner,
    treasury: params.treasury,
    parametersFile: path.relative(CONTRACTS_ROOT, meta.paramsFile),
    paramsHash: meta.paramsHash,
    parameters: networkParamsRecord(params),
    commit: meta.commit,
    deployedAt: new Date().toISOString(),
    verification: `${params.chainId}.verify/verify.json`,
  };
}

/**
 * Reads the deployed protocol back and compares it with the parameters: who owns it, how it is wired,
 * its constants, where the PRDS went. Throws listing every difference.
 */
export async function checkDeployment(provider: Provider, record: NetworkDeploymentRecord, params: NetworkParams): Promise<void> {
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, wanted: unknown) => {
    const norm = (v: unknown) => (typeof v === "string" && /^0x[0-9a-fA-F]{40}$/.test(v) ? getAddress(v) : String(v));
    if (norm(actual) !== norm(wanted)) problems.push(`${what} is ${norm(actual)}, expected ${norm(wanted)}`);
  };
  const d = record.deployed;
  for (const name of Object.keys(d) as DeployedContractName[]) {
    if ((await provider.getCode(d[name].address)) === "0x") problems.push(`${name} has no code at ${d[name].address}`);
  }
  if (problems.length === 0) {
    const license = new Contract(d.License.address, artifactOf("License").abi, provider);
    const marketplace = new Contract(d.LicenseMarketplace.address, artifactOf("LicenseMarketplace").abi, provider);
    const markets = new Contract(d.Markets.address, marketsAbi(), provider);
    const claim = new Contract(d.Claim.address, artifactOf("Claim").abi, provider);
    const prds = new Contract(d.PRDS.address, artifactOf("PRDS").abi, provider);
    const call = (c: Contract, fn: string, ...args: unknown[]) => c.getFunction(fn)(...args) as Promise<unknown>;
    expect("License.owner()", await call(license, "owner"), params.owner);
    expect("License.marketplace()", await call(license, "marketplace"), d.LicenseMarketplace.address);
    expect("License.markets()", await call(license, "markets"), d.Markets.address);
    expect("License.payToken()", await call(license, "payToken"), params.payToken.address);
    expect("License.treasury()", await call(license, "treasury"), params.treasury);
    expect("License.issuesPerLicense()", await call(license, "issuesPerLicense"), params.issuesPerLicense);
    for (const [index, wanted] of params.licenseTypes.entries()) {
      const t = (await call(license, "typeConfig", index)) as { price: bigint; maxSupply: bigint };
      expect(`License.typeConfig(${index}).price`, t.price, wanted.price);
      expect(`License.typeConfig(${index}).maxSupply`, t.maxSupply, wanted.maxSupply);
    }
    expect("License.packetCount()", await call(license, "packetCount"), params.packets.length);
    expect("LicenseMarketplace.maxRentalDays()", await call(marketplace, "maxRentalDays"), params.maxRentalDays);
    const deps = (await call(markets, "deps")) as { payToken: string; prds: string; license: string; treasury: string };
    expect("Markets.deps().payToken", deps.payToken, params.payToken.address);
    expect("Markets.deps().prds", deps.prds, d.PRDS.address);
    expect("Markets.deps().license", deps.license, d.License.address);
    expect("Markets.deps().treasury", deps.treasury, params.treasury);
    const onChain = (await call(markets, "params")) as Record<keyof MarketsParams, unknown>;
    for (const key of Object.keys(params.markets) as (keyof MarketsParams)[]) {
      expect(`Markets.params().${key}`, onChain[key], params.markets[key]);
    }
    expect("Claim.claimAmount()", await call(claim, "claimAmount"), params.claimAmount);
    expect("Claim.markets()", await call(claim, "markets"), d.Markets.address);
    expect("PRDS.totalSupply()", await call(prds, "totalSupply"), params.platformToken.supply);
    const claimBalance = (await call(prds, "balanceOf", d.Claim.address)) as bigint;
    if (claimBalance < params.claimAmount) problems.push(`Claim holds ${claimBalance} PRDS units, less than one claim`);
    if (params.platformToken.holder !== record.deployer) {
      const kept = (await call(prds, "balanceOf", record.deployer)) as bigint;
      if (kept !== 0n) problems.push(`the deployer still holds ${kept} PRDS units`);
    }
  }
  if (problems.length > 0)
    throw new Error(`the deployment on chain ${record.chainId} differs from its parameters:\n  - ${problems.join("\n  - ")}`);
}

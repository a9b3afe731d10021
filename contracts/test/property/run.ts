import hre from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Contract, ContractTransactionReceipt, Interface, Log } from "ethers";
import type { Fixture } from "../helpers/fixture";
import { revertData } from "../helpers/assertions";
import { GAS_LIMIT, Model, type MMarket, type P } from "./model";
import { N_ACCOUNTS, PropertyFailure, type Expect } from "./actions";

/** What the test's beforeAll set up once: contracts, accounts, parameters, and what it reports at the end. */
export interface World {
  f: Fixture;
  markets: Contract;
  errors: Interface;
  signers: HardhatEthersSigner[];
  addr: string[];
  marketsAddress: string;
  p: P;
  licenseValue: bigint;
  claimAmount: bigint;
  /** Per call: [succeeded, reverted as predicted]; shows the runs reach every path. */
  coverage: Map<string, [number, number]>;
  finals: Map<string, number>;
  stats: { totalActions: number; unauthorised: number };
}

/** One call's outcome: the receipt or the decoded revert, and the block and time it ran at. */
export interface Sent {
  receipt?: ContractTransactionReceipt;
  error?: string;
  block: number;
  time: number;
}

/** One run: the model, the chain's clock as the run moves it, and the calls that check each prediction. */
export interface Run extends World {
  model: Model;
  now: number;
  trace: string[];
  usdtStart: bigint;
  prdsStart: bigint;
  failWith(msg: string): never;
  send(actor: number, contract: Contract, method: string, args: unknown[]): Promise<Sent>;
  events(receipt: ContractTransactionReceipt, name: string): Record<string, unknown>[];
  digest(m?: MMarket): Promise<string>;
  act(
    label: string,
    expect_: Expect,
    actor: number,
    contract: Contract,
    method: string,
    args: unknown[],
    m?: MMarket,
  ): Promise<ContractTransactionReceipt | undefined>;
  marketAt(s: number): MMarket | undefined;
}

/** Starts a run on the chain as it is: the model reads the balances and Licenses there. */
export async function startRun(world: World): Promise<Run> {
  const { f, markets, errors, signers, addr, marketsAddress, p, coverage, stats } = world;
  const model = new Model(p);
  const latest = await hre.ethers.provider.getBlock("latest");
  const startBlock = latest!.number;
  const trace: string[] = [];
  for (let a = 0; a < N_ACCOUNTS; a++) {
    model.prds.set(a, [[startBlock, (await f.prds.getFunction("balanceOf")(addr[a])) as bigint]]);
  }
  const total = (await f.license.getFunction("totalMinted")()) as bigint;
  for (let id = 1n; id <= total; id++) {
    const owner = addr.indexOf((await f.license.getFunction("ownerOf")(id)) as string);
    model.licenses.push({ id, owner, availableTimes: 10, listed: false, listedMaxIssues: 0, staked: false });
  }
  const usdtStart = (await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint;
  const prdsStart = (await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint;

  const failWith = (msg: string): never => {
    throw new PropertyFailure(`${msg}\nlast actions:\n${trace.slice(-25).join("\n")}`);
  };

  /** Sends one call in its own block at run.now+1; returns the receipt or the decoded revert. */
  async function send(
    actor: number,
    contract: Contract,
    method: string,
    args: unknown[],
  ): Promise<{ receipt?: ContractTransactionReceipt; error?: string; block: number; time: number }> {
    const time = run.now + 1;
    await hre.network.provider.send("evm_setNextBlockTimestamp", [time]);
    run.now = time;
    try {
      const tx = await contract.connect(signers[actor]!).getFunction(method)(...args, { gasLimit: GAS_LIMIT });
      const receipt = (await tx.wait()) as ContractTransactionReceipt;
      return { receipt, block: receipt.blockNumber, time };
    } catch (e) {
      const data = revertData(e);
      let name = "unknown";
      if (data) {
        if (data === "0x") name = "empty";
        else name = errors.parseError(data)?.name ?? `raw:${data.slice(0, 10)}`;
      } else {
        name = `noData:${String(e).slice(0, 160)}`;
      }
      const block = await hre.ethers.provider.getBlockNumber();
      return { error: name, block, time };
    }
  }

  function events(receipt: ContractTransactionReceipt, name: string): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const log of receipt.logs as Log[]) {
      if (log.address.toLowerCase() !== marketsAddress.toLowerCase()) continue;
      const parsed = markets.interface.parseLog({ topics: [...log.topics], data: log.data });
      if (parsed?.name === name) out.push(parsed.args.toObject() as Record<string, unknown>);
    }
    return out;
  }

  async function digest(m?: MMarket): Promise<string> {
    const parts: unknown[] = [
      await f.usdt.getFunction("balanceOf")(marketsAddress),
      await f.prds.getFunction("balanceOf")(marketsAddress),
    ];
    if (m)
      parts.push(
        (await markets.getFunction("getMarket")(m.id)).toArray(),
        (await markets.getFunction("disputeOf")(m.id)).toArray(),
      );
    return JSON.stringify(parts, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  }

  /** Sends a call whose outcome the model predicted, checks the prediction, returns the receipt on success. */
  async function act(
    label: string,
    expect_: Expect,
    actor: number,
    contract: Contract,
    method: string,
    args: unknown[],
    m?: MMarket,
  ): Promise<ContractTransactionReceipt | undefined> {
    const before = !expect_.ok && expect_.auth ? await digest(m) : "";
    const r = await send(actor, contract, method, args);
    trace.push(`${label} @${r.time} -> ${r.error ?? "ok"}`);
    const prefix =
      contract === f.claim ? "Claim." : contract === f.marketplace ? "Marketplace." : contract === f.prds ? "PRDS." : "";
    const key = r.error ? `${prefix}${method} ${r.error}` : `${prefix}${method}`;
    const row = coverage.get(key) ?? [0, 0];
    row[r.error ? 1 : 0] += 1;
    coverage.set(key, row);
    if (expect_.ok && r.error) failWith(`${label}: model expected success, got revert ${r.error}`);
    if (!expect_.ok) {
      if (!r.error) failWith(`${label}: model expected a revert (${expect_.errors?.join("|") ?? "any"}), the call succeeded`);
      if (expect_.errors && !expect_.errors.includes(r.error!))
        failWith(`${label}: expected ${expect_.errors.join("|")}, got ${r.error}`);
      if (expect_.auth && (await digest(m)) !== before) failWith(`${label}: an unauthorised call changed state`);
      if (expect_.auth) stats.unauthorised += 1;
    }
    return r.receipt;
  }

  const marketAt = (s: number): MMarket | undefined =>
    model.markets.length ? model.markets[s % model.markets.length] : undefined;

  const run: Run = {
    ...world,
    model,
    now: latest!.timestamp,
    trace,
    usdtStart,
    prdsStart,
    failWith,
    send,
    events,
    digest,
    act,
    marketAt,
  };
  return run;
}

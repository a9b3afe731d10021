import hre from "hardhat";
import fc from "fast-check";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { Interface, MaxUint256, type Contract } from "ethers";
import { deployFixture, usdt, type Fixture } from "./helpers/fixture";
import { snapshot, revert } from "./helpers/chain";
import { PRDS_EACH, type P } from "./property/model";
import { actionArb, ISSUERS, N_ACCOUNTS } from "./property/actions";
import { runSequence } from "./property/sequence";

// Random sequences of protocol calls by several accounts across many markets, with time moves,
// checked after every call against an accounting model kept here in TypeScript: token conservation
// (the contract holds exactly what it owes plus bounded rounding dust), payouts within pools, calls
// by accounts the rules exclude revert without changing state, and every market reaches a final
// state by permitted calls at the end of each run. The model and the run are in ./property/.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 5);
// 5 × 2,100 random actions (plus the final drives and claims) ≥ 10,000 per test run.
const ACTIONS_PER_RUN = Number(process.env.PROPERTY_ACTIONS ?? 2100);
const TIME_LIMIT_MS = 7 * 60_000;
// Above the time cap, so a slow machine ends in fast-check's report rather than a bare jest timeout.
jest.setTimeout(8 * 60_000);

describe("property: markets, disputes and Licenses under random action sequences", () => {
  let f: Fixture;
  let markets: Contract;
  let errors: Interface;
  let signers: HardhatEthersSigner[];
  let addr: string[];
  let marketsAddress: string;
  let base = "";
  let p: P;
  let licenseValue: bigint;
  let claimAmount: bigint;
  /** Calls made, and unauthorised calls refused without a state change. */
  const stats = { totalActions: 0, unauthorised: 0 };
  /** Per call: [succeeded, reverted as predicted]; shows the runs reach every path. */
  const coverage = new Map<string, [number, number]>();
  const finals = new Map<string, number>();

  beforeAll(async () => {
    f = await deployFixture({ treasury: (await hre.ethers.getSigners())[0]!.address });
    if (!f.markets) throw new Error("Markets is not deployed by the fixture");
    markets = f.markets;
    marketsAddress = await markets.getAddress();
    signers = f.signers.slice(0, N_ACCOUNTS);
    addr = signers.map((s) => s.address);
    const frags = [markets, f.license, f.marketplace, f.usdt, f.prds, f.claim].flatMap((c) =>
      c.interface.fragments.filter((x) => x.type === "error"),
    );
    const seen = new Set<string>();
    errors = new Interface(
      frags.filter((x) => {
        const key = x.format("sighash");
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    );
    const raw = await markets.getFunction("params")();
    p = {
      feeBps: BigInt(raw.feeBps),
      issuerShareBps: BigInt(raw.issuerShareBps),
      referrerShareBps: BigInt(raw.referrerShareBps),
      capacityMultiple: BigInt(raw.capacityMultiple),
      challengeStake: raw.challengeStake,
      votingPeriod: Number(raw.votingPeriod),
      quorumBps: BigInt(raw.quorumBps),
      responsePeriod: Number(raw.responsePeriod),
      confirmationPeriod: Number(raw.confirmationPeriod),
      challengeWindow: Number(raw.challengeWindow),
      minLiquidity: raw.minLiquidity,
      minMargin: raw.minMargin,
      minPremium: raw.minPremium,
      minInvest: raw.minInvest,
      marginFeeBps: BigInt(raw.marginFeeBps),
      quorumPenaltyBps: BigInt(raw.quorumPenaltyBps),
      checkpointInterval: Number(raw.checkpointInterval),
    };
    licenseValue = await f.license.getFunction("typePrice")(0);
    claimAmount = await f.claim.getFunction("claimAmount")();
    const targets = [marketsAddress, await f.license.getAddress(), await f.marketplace.getAddress()];
    for (const s of signers) {
      await (await f.usdt.connect(s).getFunction("mint")(s.address, usdt(100_000_000))).wait();
      for (const t of targets) await (await f.usdt.connect(s).getFunction("approve")(t, MaxUint256)).wait();
      await (await f.prds.connect(s).getFunction("approve")(marketsAddress, MaxUint256)).wait();
      await (await f.license.connect(s).getFunction("setApprovalForAll")(targets[2], true)).wait();
      await (await f.license.connect(s).getFunction("setApprovalForAll")(marketsAddress, true)).wait();
    }
    for (let a = 4; a <= 9; a++) await (await f.prds.connect(f.deployer).getFunction("transfer")(addr[a], PRDS_EACH)).wait();
    for (const a of ISSUERS) for (let i = 0; i < 3; i++) await (await f.license.connect(signers[a]).getFunction("buy")(0)).wait();
    base = await snapshot();
  });

  afterAll(() => {
    const rows = [...coverage.entries()]
      .sort()
      .map(([k, [ok, rev]]) => `${k.padEnd(34)} ok ${String(ok).padStart(5)}  reverted ${String(rev).padStart(5)}`);
    console.log(`${rows.join("\n")}\nmarkets ended: ${JSON.stringify(Object.fromEntries(finals))}`);
    console.log(`PROPERTY unauthorised calls refused without a state change: ${stats.unauthorised}`);
    console.log(`PROPERTY actions=${stats.totalActions}`);
  });

  it("keeps the books balanced and every market finishable", async () => {
    const started = Date.now();
    let runs = 0;
    // No shrinking (a replay of thousands of chain calls per step would take far longer than the
    // run): a failure reports at once with its seed and the last calls before it.
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
    const out = await fc.check(
      fc.asyncProperty(fc.array(actionArb, { minLength: ACTIONS_PER_RUN, maxLength: ACTIONS_PER_RUN }), async (actions) => {
        runs += 1;
        await revert(base);
        base = await snapshot();
        await runSequence(
          { f, markets, errors, signers, addr, marketsAddress, p, licenseValue, claimAmount, coverage, finals, stats },
          actions,
        );
      }),
      { seed, numRuns: RUNS, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: true },
    );
    if (out.failed) {
      const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      throw new Error(`property failed in run ${runs} (replay: PROPERTY_SEED=${seed}): ${cause}`);
    }
    console.log(`PROPERTY runs=${runs} seconds=${((Date.now() - started) / 1000).toFixed(1)}`);
    expect(stats.totalActions).toBeGreaterThanOrEqual(RUNS * ACTIONS_PER_RUN);
  });
});

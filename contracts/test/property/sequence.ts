import hre from "hardhat";
import { DAY, TERMINAL } from "./model";
import { N_ACCOUNTS, type Biased } from "./actions";
import { resolver } from "./resolve";
import { startRun, type World } from "./run";
import { stepper } from "./step";
import { transitions } from "./transitions";

/** One run of the property: the actions, then every market driven to a final state and everything claimed. */
export async function runSequence(world: World, actions: Biased[]): Promise<void> {
  const run = await startRun(world);
  const { model, f, markets, marketsAddress, usdtStart, prdsStart, failWith } = run;
  const tr = transitions(run);
  const { checkBooks, advanceMarket, claimFor } = tr;
  const step = stepper(run, tr, resolver(run));

  for (let i = 0; i < actions.length; i++) {
    run.stats.totalActions += 1;
    await step(actions[i]!);
    await checkBooks(`action ${i}`, i % 100 === 99);
  }

  // ---------------------------------------------------------------- drive every market to a final state

  for (let round = 0; round < 8 && model.markets.some((m) => !TERMINAL.includes(m.phase)); round++) {
    run.now += 8 * DAY;
    await hre.network.provider.send("evm_setNextBlockTimestamp", [run.now]);
    await hre.network.provider.send("evm_mine", []);
    for (const m of model.markets) {
      if (TERMINAL.includes(m.phase)) continue;
      await advanceMarket(m, 4 + (Number(m.id) % 6), `drive advance ${m.id}`);
      await checkBooks(`drive ${m.id}`, false);
    }
  }
  for (const m of model.markets) {
    run.finals.set(m.phase, (run.finals.get(m.phase) ?? 0) + 1);
    if (!TERMINAL.includes(m.phase)) failWith(`market ${m.id} did not reach a final state (${m.phase})`);
    const state = Number(await markets.getFunction("marketState")(m.id));
    const expected = { Final: 11, Cancelled: 12, Void: 13, Invalid: 14 }[m.phase as "Final"];
    if (state !== expected) failWith(`market ${m.id}: chain state ${state}, model ${m.phase}`);
  }
  // Everyone takes everything out; what stays is rounding dust only.
  for (const m of model.markets) {
    if (m.phase === "Cancelled") continue;
    const holders = new Set(m.lots.map((l) => l.account));
    for (const a of holders) if (!m.claimed.has(a)) await claimFor(m, 4, a, `final claim ${m.id}/${a}`);
    if (m.phase === "Final")
      for (const ref of [...m.referralOwed.keys()]) await step({ k: "claimReferral", actor: ref, m: model.markets.indexOf(m) });
    for (let i = 0; i < m.challenges.length; i++) {
      if (m.challenges[i]!.compensation > 0n && !m.challenges[i]!.compensationClaimed) {
        await step({ k: "claimCompensation", actor: 5, m: model.markets.indexOf(m), index: i });
      }
    }
    for (const [voter, b] of m.ballots) {
      if (m.rewardPool > 0n && !b.rewarded && b.choice === m.winningChoice) {
        await step({ k: "claimVoterReward", actor: voter, m: model.markets.indexOf(m) });
      }
    }
  }
  for (let a = 0; a < N_ACCOUNTS; a++) if (model.creditOf(a) > 0n) await step({ k: "withdraw", actor: a, all: true });
  await checkBooks("after everyone claimed", true);
  const left = ((await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint) - usdtStart;
  let dustBound = 0n;
  for (const m of model.markets) dustBound += BigInt(m.winnerClaims);
  if (left < 0n || left > dustBound) failWith(`Markets keeps ${left} USDT wei after all claims, bound ${dustBound}`);
  const prdsLeft = ((await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint) - prdsStart;
  const voters = model.markets.reduce((s, m) => s + m.ballots.size, 0);
  if (prdsLeft < 0n || prdsLeft > BigInt(voters)) failWith(`Markets keeps ${prdsLeft} PRDS wei after all claims`);
}

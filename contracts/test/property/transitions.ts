import type { ContractTransactionReceipt } from "ethers";
import { BPS, type MChallenge, type MMarket } from "./model";
import { fail, N_ACCOUNTS, OK, TREASURY, type Expect } from "./actions";
import type { Run } from "./run";

/** The model's deadline transitions (advance, a claim's lazy settlement) and the books it checks after each call. */
export function transitions(run: Run) {
  const { model, p, f, markets, marketsAddress, addr, usdtStart, prdsStart, failWith, events, act } = run;

  // ---------------------------------------------------------------- deadline transitions (advance, lazy claim)

  function applySettlementEvents(m: MMarket, receipt: ContractTransactionReceipt, label: string): void {
    for (const e of events(receipt, "MarketFinalized")) {
      // The chain's result must be one of the claims on the table; the numbers must be ours.
      const result = Number(e.result);
      const legit = m.voteKind === "IssuerAbsent" || result === m.result || m.challenges.some((c) => c.option === result);
      if (!legit) failWith(`${label}: final result ${result} was nobody's claim`);
      if (result !== m.result || Boolean(e.early) !== m.early || Number(e.knownAt) !== m.knownAt) {
        failWith(`${label}: finalized with ${result}/${e.early}/${e.knownAt}, model has ${m.result}/${m.early}/${m.knownAt}`);
      }
      if (m.phase !== "Final") failWith(`${label}: chain finalized, model did not`);
      if (e.netPool !== m.netPool || e.winningStake !== m.winningStake) {
        failWith(`${label}: netPool/winningStake ${e.netPool}/${e.winningStake} vs model ${m.netPool}/${m.winningStake}`);
      }
      const issuerFee = (m.countedFees * p.issuerShareBps) / BPS;
      let referral = 0n;
      for (const v of m.referralOwed.values()) referral += v;
      if (
        e.feeTotal !== m.countedFees ||
        e.issuerFee !== issuerFee ||
        e.referralFees !== referral ||
        e.platformFee !== m.countedFees - issuerFee - referral
      ) {
        failWith(`${label}: fee split ${e.feeTotal}/${e.issuerFee}/${e.platformFee}/${e.referralFees} differs from model`);
      }
    }
    if (events(receipt, "MarketVoided").length && m.phase !== "Void") failWith(`${label}: chain voided, model has ${m.phase}`);
    if (events(receipt, "MarketInvalidated").length && m.phase !== "Invalid")
      failWith(`${label}: chain invalidated, model has ${m.phase}`);
  }

  /** The model's version of advance(): applies the due transition, false when nothing is due. */
  function modelAdvance(m: MMarket, t: number, block: number): boolean {
    if (m.phase === "Trading") {
      if (model.premiumMissed(m, t)) {
        m.phase = "Void";
        model.releaseBond(m);
        return true;
      }
      if (t >= m.expirationTime + p.confirmationPeriod) {
        model.slashBond(m, TREASURY, 0n);
        m.confirmBlock = block;
        startVote(m, "IssuerAbsent", m.optionCount + 1, block - 1, t);
        return true;
      }
      return false;
    }
    if (m.phase === "Confirmed" && t >= m.windowEnd) {
      model.finalize(m, TREASURY);
      return true;
    }
    if (m.phase === "Challenging" && t >= m.responseEnd) {
      const c = m.challenges[m.openA]!;
      c.status = "Settled";
      c.compensation = model.slashBond(m, TREASURY, p.marginFeeBps);
      returnPrds(c.challenger, p.challengeStake, block);
      adopt(m, c, t);
      return true;
    }
    if (m.phase === "Voting" && t >= m.voteEnd) {
      tally(m, t, block);
      return true;
    }
    return false;
  }

  function startVote(m: MMarket, kind: MMarket["voteKind"], candidates: number, snapshotBlock: number, t: number): void {
    m.phase = "Voting";
    m.voteKind = kind;
    m.candidates = candidates;
    m.snapshotBlock = snapshotBlock;
    m.voteEnd = t + p.votingPeriod;
    m.tallies = new Array(candidates).fill(0n);
  }

  function adopt(m: MMarket, c: MChallenge, t: number): void {
    m.result = c.option;
    m.early = c.knownAt !== 0;
    m.knownAt = c.knownAt;
    m.windowEnd = t + p.challengeWindow;
    m.phase = "Confirmed";
    m.openCount = 0;
  }

  function returnPrds(a: number, amount: bigint, block: number): void {
    model.prdsHeld -= amount;
    model.movePrds(a, amount, block);
  }

  function openIndexes(m: MMarket): number[] {
    return m.openCount === 0 ? [] : m.openCount === 1 ? [m.openA] : [m.openA, m.openB];
  }

  function tally(m: MMarket, t: number, block: number): void {
    const quorum = (100_000_000n * 10n ** 18n * p.quorumBps) / BPS;
    const absent = m.voteKind === "IssuerAbsent";
    if (m.totalVotes === 0n || m.totalVotes < quorum) {
      if (!m.extended) {
        m.extended = true;
        m.voteEnd = t + p.votingPeriod;
        return;
      }
      if (absent) {
        m.phase = "Invalid";
        model.releaseBond(m);
      } else {
        for (const i of openIndexes(m)) {
          const c = m.challenges[i]!;
          c.status = "Settled";
          const penalty = (p.challengeStake * p.quorumPenaltyBps) / BPS;
          returnPrds(c.challenger, p.challengeStake - penalty, block);
          model.prdsHeld -= penalty;
          model.movePrds(TREASURY, penalty, block);
        }
        m.openCount = 0;
        model.finalize(m, TREASURY);
      }
      return;
    }
    let winner = 0;
    let top = 0n;
    let tie = false;
    m.tallies.forEach((v, i) => {
      if (v > top) {
        top = v;
        winner = i;
        tie = false;
      } else if (v === top && v !== 0n) tie = true;
    });
    if (tie || winner === 0) {
      if (!absent) {
        for (const i of openIndexes(m)) {
          m.challenges[i]!.status = "Settled";
          returnPrds(m.challenges[i]!.challenger, p.challengeStake, block);
        }
        m.openCount = 0;
      }
      m.phase = "Invalid";
      model.releaseBond(m);
      return;
    }
    m.winningChoice = winner;
    m.winningVotes = top;
    if (absent) {
      m.result = winner - 1;
      m.early = false;
      m.knownAt = 0;
      model.finalize(m, TREASURY);
      return;
    }
    const loseOpen = (winA: number, winB: number): void => {
      for (const i of openIndexes(m)) {
        if (i === winA || i === winB) continue;
        const c = m.challenges[i]!;
        c.status = "Settled";
        const half = p.challengeStake / 2n;
        m.rewardPool += half;
        model.prdsHeld -= p.challengeStake - half;
        model.movePrds(TREASURY, p.challengeStake - half, block);
      }
    };
    if (winner === 1) {
      loseOpen(-1, -1);
      m.openCount = 0;
      model.finalize(m, TREASURY);
      return;
    }
    const winA = winner === 2 ? m.openA : m.openB;
    const winB = m.sharedClaim ? m.openB : -1;
    loseOpen(winA, winB);
    const c = m.challenges[winA]!;
    const compensation = model.slashBond(m, TREASURY, p.marginFeeBps);
    m.result = c.option;
    m.early = c.knownAt !== 0;
    m.knownAt = c.knownAt;
    m.openCount = 0;
    // Challengers proven right together share the compensation.
    const shares =
      winB < 0
        ? [[winA, compensation]]
        : [
            [winA, compensation / 2n],
            [winB, compensation - compensation / 2n],
          ];
    for (const [i, amount] of shares as [number, bigint][]) {
      const w = m.challenges[i]!;
      w.status = "Settled";
      w.compensation = amount;
      returnPrds(w.challenger, p.challengeStake, block);
    }
    model.finalize(m, TREASURY);
  }

  // ---------------------------------------------------------------- invariants

  async function checkBooks(label: string, full: boolean): Promise<void> {
    let owed = usdtStart;
    let dust = 0n;
    for (const m of model.markets) {
      const o = model.owed(m);
      owed += o.owed;
      dust += o.dust;
      if (o.dust < 0n) failWith(`${label}: market ${m.id} owes more than its pool (dust ${o.dust})`);
      if (m.phase === "Final") {
        const winners = new Set(m.lots.filter((l) => l.option === m.result && l.bucket < m.cutoff).map((l) => l.account)).size;
        if (o.dust > BigInt(winners))
          failWith(`${label}: market ${m.id} dust ${o.dust} above one wei per winning claim (${winners})`);
      }
      for (const c of m.challenges) if (!c.compensationClaimed) owed += c.compensation;
    }
    for (const v of model.credit.values()) owed += v;
    const usdtHeld = (await f.usdt.getFunction("balanceOf")(marketsAddress)) as bigint;
    if (usdtHeld !== owed + dust)
      failWith(`${label}: Markets holds ${usdtHeld} USDT, model owes ${owed} + dust ${dust} (diff ${usdtHeld - owed - dust})`);
    const prdsOwed = prdsStart + model.prdsHeld;
    const prdsHeld = (await f.prds.getFunction("balanceOf")(marketsAddress)) as bigint;
    if (prdsHeld !== prdsOwed) failWith(`${label}: Markets holds ${prdsHeld} PRDS, model ${prdsOwed}`);
    if (full) {
      // The License sale and the marketplace pay through at once: they never hold pay tokens.
      for (const c of [f.license, f.marketplace]) {
        const held = (await f.usdt.getFunction("balanceOf")(await c.getAddress())) as bigint;
        if (held !== 0n) failWith(`${label}: ${await c.getAddress()} holds ${held} USDT`);
      }
      for (let a = 0; a < N_ACCOUNTS; a++) {
        const c = (await markets.getFunction("creditOf")(addr[a])) as bigint;
        if (c !== model.creditOf(a)) failWith(`${label}: credit of ${a} is ${c}, model ${model.creditOf(a)}`);
        const bal = (await f.prds.getFunction("balanceOf")(addr[a])) as bigint;
        if (bal !== model.prdsNow(a)) failWith(`${label}: PRDS of ${a} is ${bal}, model ${model.prdsNow(a)}`);
      }
      for (const m of model.markets) {
        const state = (await markets.getFunction("getMarket")(m.id)) as { pool: bigint; feeTotal: bigint; margin: bigint };
        if (state.pool !== m.pool || state.feeTotal !== m.feeTotal || state.margin !== m.margin) {
          failWith(`${label}: market ${m.id} pool/fees/margin differ from the model`);
        }
      }
    }
  }

  async function advanceMarket(m: MMarket, actor: number, label: string): Promise<void> {
    const t = run.now + 1;
    const due =
      (m.phase === "Trading" && (model.premiumMissed(m, t) || t >= m.expirationTime + p.confirmationPeriod)) ||
      (m.phase === "Confirmed" && t >= m.windowEnd) ||
      (m.phase === "Challenging" && t >= m.responseEnd) ||
      (m.phase === "Voting" && t >= m.voteEnd);
    const r = await act(label, due ? OK : fail("NothingToAdvance"), actor, markets, "advance", [m.id], m);
    if (!r) return;
    modelAdvance(m, t, r.blockNumber);
    applySettlementEvents(m, r, label);
  }

  async function claimFor(m: MMarket, actor: number, account: number, label: string): Promise<void> {
    const t = run.now + 1;
    // claim() settles a market whose window closed or whose premium was missed before paying.
    const lazy = (m.phase === "Confirmed" && t >= m.windowEnd) || (m.phase === "Trading" && model.premiumMissed(m, t));
    const phaseAfter = lazy ? (m.phase === "Trading" ? "Void" : "settle") : m.phase;
    let e: Expect = OK;
    if (phaseAfter !== "settle" && !["Final", "Void", "Invalid"].includes(phaseAfter)) e = fail("NotFinal");
    else if (!model.hasLots(m, account)) e = fail("NothingToClaim");
    if (lazy && phaseAfter === "settle" && !model.hasLots(m, account)) e = fail("NothingToClaim");
    const r = await act(label, e, actor, markets, "claim", [m.id, addr[account]], m);
    if (!r) return;
    if (lazy) {
      if (m.phase === "Trading") {
        m.phase = "Void";
        model.releaseBond(m);
      } else model.finalize(m, TREASURY);
      applySettlementEvents(m, r, label);
    }
    const [payout, refund] = model.entitlement(m, account);
    const ev = events(r, "Claimed")[0]!;
    if (ev.payout !== payout || ev.refund !== refund)
      failWith(`${label}: claim paid ${ev.payout}+${ev.refund}, model ${payout}+${refund}`);
    m.claimed.add(account);
    m.paidOut += payout + refund;
    m.winningsPaid += payout;
    if (payout > 0n) m.winnerClaims += 1;
    if (m.phase === "Final" && m.winningsPaid > m.netPool)
      failWith(`${label}: winnings ${m.winningsPaid} exceed the pool ${m.netPool}`);
    if (m.phase !== "Final" && m.paidOut > m.pool + m.feeTotal)
      failWith(`${label}: refunds ${m.paidOut} exceed what was paid in`);
  }

  return { startVote, adopt, returnPrds, checkBooks, advanceMarket, claimFor };
}

export type Transitions = ReturnType<typeof transitions>;

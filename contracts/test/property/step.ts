import hre from "hardhat";
import { id as hashText, ZeroAddress } from "ethers";
import { usdt } from "../helpers/fixture";
import { BPS, DAY, type MMarket } from "./model";
import {
  AGO,
  AMOUNTS,
  denied,
  EXP,
  fail,
  LIQ,
  LTT,
  MARGINS,
  OK,
  TIME_STEPS,
  type Action,
  type Biased,
  type Expect,
} from "./actions";
import type { Run } from "./run";
import type { Transitions } from "./transitions";

/** The run's step(): one action sent to the chain, its outcome predicted by the model and applied to it. */
export function stepper(run: Run, tr: Transitions, resolve: (a0: Biased) => Action): (a0: Action) => Promise<void> {
  const { model, p, f, markets, addr, licenseValue, claimAmount, trace, act, events, failWith, marketAt } = run;
  const { adopt, startVote, returnPrds, advanceMarket, claimFor } = tr;

  async function step(a0: Action): Promise<void> {
    const a = "who" in a0 ? resolve(a0 as Biased) : a0;
    const label = JSON.stringify(a);
    const t = run.now + 1;
    switch (a.k) {
      case "time": {
        run.now += TIME_STEPS[a.idx]!;
        await hre.network.provider.send("evm_setNextBlockTimestamp", [run.now]);
        await hre.network.provider.send("evm_mine", []);
        trace.push(`time +${TIME_STEPS[a.idx]} -> ${run.now}`);
        return;
      }
      case "issue": {
        const pick = model.licenses[a.lic % model.licenses.length]!;
        const ltt = t + LTT[a.lttIdx]!;
        const exp = ltt + EXP[a.expIdx]!;
        const liq = LIQ[a.liqIdx]!;
        const margin = MARGINS[a.marginIdx]!;
        const rental = pick.rental && pick.rental.expires >= t ? pick.rental : undefined;
        const holder = rental ? rental.user : pick.listed ? -1 : pick.owner;
        const stake = a.stake && !rental && holder === a.actor;
        // License.useForIssue's order: uses left, then the active renter's limits, then the owner.
        let e: Expect = OK;
        if (pick.availableTimes === 0) e = fail("NoIssuesLeft");
        else if (pick.staked || holder !== a.actor) e = denied("NotLicenseUser");
        else if (rental && exp >= rental.expires) e = fail("ExpirationAfterRentalEnd");
        else if (rental && rental.used >= rental.maxIssues) e = fail("RentalIssueAllowanceUsed");
        const options = Array.from({ length: a.n }, (_, i) => hashText(`option ${i}`));
        const params = {
          licenseId: pick.id,
          metadataHash: hashText(`market ${model.markets.length}`),
          options,
          lastTradingTime: ltt,
          expirationTime: exp,
          liquidity: liq,
          margin,
          stakeLicense: stake,
        };
        const r = await act(label, e, a.actor, markets, "issue", [params]);
        if (!r) return;
        const ev = events(r, "MarketIssued")[0]!;
        const seed = liq / BigInt(a.n);
        const value = stake ? licenseValue : 0n;
        const m: MMarket = {
          id: ev.id as bigint,
          issuer: a.actor,
          optionCount: a.n,
          createdAt: t,
          lastTradingTime: ltt,
          expirationTime: exp,
          licenseId: pick.id,
          licenseStaked: stake,
          licenseValue: value,
          margin,
          capacity: (margin + value) * p.capacityMultiple,
          liquidity: seed * BigInt(a.n),
          pool: seed * BigInt(a.n),
          feeTotal: 0n,
          referralOwed: new Map(),
          lots: Array.from({ length: a.n }, (_, o) => ({
            account: a.actor,
            option: o,
            bucket: 0,
            stake: seed,
            fee: 0n,
            referrer: -1,
            refFee: 0n,
          })),
          claimed: new Set(),
          phase: "Trading",
          result: 0,
          early: false,
          knownAt: 0,
          confirmedAt: 0,
          windowEnd: 0,
          confirmBlock: 0,
          bondSettled: false,
          cutoff: 0,
          countedFees: 0n,
          netPool: 0n,
          winningStake: 0n,
          paidOut: 0n,
          winningsPaid: 0n,
          winnerClaims: 0,
          challenges: [],
          openA: 0,
          openB: 0,
          openCount: 0,
          sharedClaim: false,
          responseEnd: 0,
          voteKind: "None",
          candidates: 0,
          snapshotBlock: 0,
          voteEnd: 0,
          extended: false,
          ballots: new Map(),
          tallies: [],
          totalVotes: 0n,
          winningChoice: 0,
          winningVotes: 0n,
          rewardPool: 0n,
          rewardPaid: 0n,
        };
        if (ev.liquidity !== m.liquidity || ev.capacity !== m.capacity) failWith(`${label}: issued liquidity/capacity differ`);
        if (BigInt(model.markets.length + 1) !== m.id) failWith(`${label}: market id ${m.id} not sequential`);
        model.markets.push(m);
        pick.availableTimes -= 1;
        if (rental) rental.used += 1;
        if (stake) pick.staked = true;
        return;
      }
      case "buy": {
        const m = marketAt(a.m);
        if (!m) return;
        const amount = AMOUNTS[a.amountIdx]!;
        const referrer = a.ref < 0 ? -1 : a.ref;
        const fee = (amount * p.feeBps) / BPS;
        const stake = amount - fee;
        const bound = model.referrer.get(a.actor);
        let e: Expect = OK;
        if (m.phase !== "Trading") e = fail("MarketNotOpen");
        else if (t >= m.lastTradingTime) e = fail("TradingClosed");
        else if (a.option >= m.optionCount) e = fail("InvalidOption");
        else if (a.actor === m.issuer) e = denied("IssuerCannotBuy");
        else if (m.pool + stake > m.capacity) e = fail("CapacityExceeded");
        else if (bound === undefined && referrer === a.actor) e = fail("SelfReferral");
        const r = await act(
          label,
          e,
          a.actor,
          markets,
          "buy",
          [m.id, a.option, amount, 0, referrer < 0 ? ZeroAddress : addr[referrer]],
          m,
        );
        if (!r) return;
        let ref = bound;
        if (ref === undefined && referrer >= 0) {
          ref = referrer;
          model.referrer.set(a.actor, referrer);
        }
        const ev = events(r, "Bought")[0]!;
        if (ev.stake !== stake || ev.fee !== fee) failWith(`${label}: stake/fee ${ev.stake}/${ev.fee} vs model ${stake}/${fee}`);
        if (ev.referrer !== (ref === undefined ? ZeroAddress : addr[ref])) failWith(`${label}: referrer differs`);
        const refFee = ref === undefined ? 0n : (fee * p.referrerShareBps) / BPS;
        m.lots.push({ account: a.actor, option: a.option, bucket: model.bucket(t), stake, fee, referrer: ref ?? -1, refFee });
        m.pool += stake;
        m.feeTotal += fee;
        model.bought.add(a.actor);
        return;
      }
      case "confirm":
      case "confirmEarly": {
        const m = marketAt(a.m);
        if (!m) return;
        const early = a.k === "confirmEarly";
        const knownAt = early ? Math.max(m.createdAt, t - AGO[a.agoIdx]!) : 0;
        let e: Expect = OK;
        if (a.actor !== m.issuer) e = denied("NotIssuer");
        else if (m.phase !== "Trading") e = fail("MarketNotOpen");
        else if (!early && t < m.expirationTime) e = fail("NotExpired");
        else if (!early && t >= m.expirationTime + p.confirmationPeriod) e = fail("ConfirmationDeadlinePassed");
        else if (early && t >= m.expirationTime) e = fail("EarlyConfirmationTooLate");
        else if (a.option >= m.optionCount) e = fail("InvalidOption");
        else if (model.premiumMissed(m, t)) e = fail("PremiumNotReached");
        const r = early
          ? await act(label, e, a.actor, markets, "confirmEarly", [m.id, a.option, knownAt], m)
          : await act(label, e, a.actor, markets, "confirm", [m.id, a.option], m);
        if (!r) return;
        const ev = events(r, "ResultConfirmed")[0]!;
        if (Number(ev.snapshotBlock) !== r.blockNumber - 1)
          failWith(`${label}: snapshot is not the block before the confirmation`);
        m.phase = "Confirmed";
        m.result = a.option;
        m.early = early;
        m.knownAt = knownAt;
        m.confirmedAt = t;
        m.windowEnd = t + p.challengeWindow;
        m.confirmBlock = r.blockNumber;
        return;
      }
      case "challenge": {
        const m = marketAt(a.m);
        if (!m) return;
        const knownAt =
          a.early && m.early && m.confirmedAt > 0 ? m.createdAt + Math.floor(a.frac * (m.confirmedAt - m.createdAt)) : 0;
        const same = (o1: number, k1: number, o2: number, k2: number): boolean =>
          o1 === o2 && (k1 === 0 || k2 === 0 ? k1 === k2 : model.bucket(k1) === model.bucket(k2));
        const challenged = m.challenges.some((c) => c.challenger === a.actor);
        let e: Expect = OK;
        if (m.phase !== "Confirmed" && m.phase !== "Challenging") e = fail("NotConfirmed");
        else if (t >= m.windowEnd) e = fail("ChallengeWindowClosed");
        else if (m.phase === "Challenging" && t >= m.responseEnd) e = fail("ChallengeWindowClosed");
        else if (a.actor === m.issuer) e = denied("IssuerCannotChallenge");
        else if (challenged) e = denied("AlreadyChallenged");
        else if (!model.hasLots(m, a.actor)) e = denied("NotParticipant");
        else if (a.option >= m.optionCount) e = fail("InvalidOption");
        else if (same(a.option, knownAt, m.result, m.early ? m.knownAt : 0)) e = fail("ClaimMatchesResult");
        else if (model.prdsNow(a.actor) < p.challengeStake) e = fail("ERC20InsufficientBalance");
        const r = await act(label, e, a.actor, markets, "challenge", [m.id, a.option, knownAt, hashText("evidence")], m);
        if (!r) return;
        const index = m.challenges.length;
        m.challenges.push({
          challenger: a.actor,
          option: a.option,
          knownAt,
          status: "Open",
          compensation: 0n,
          compensationClaimed: false,
        });
        model.prdsHeld += p.challengeStake;
        model.movePrds(a.actor, -p.challengeStake, r.blockNumber);
        if (m.openCount === 0) {
          m.openCount = 1;
          m.openA = index;
          m.responseEnd = t + p.responsePeriod;
          m.phase = "Challenging";
        } else {
          // Two challengers making the same claim share one candidate (and a win).
          const first = m.challenges[m.openA]!;
          m.sharedClaim = same(a.option, knownAt, first.option, first.knownAt);
          m.openCount = 2;
          m.openB = index;
          startVote(m, "TwoChallenges", m.sharedClaim ? 3 : 4, m.confirmBlock - 1, t);
        }
        return;
      }
      case "concede":
      case "appeal": {
        const m = marketAt(a.m);
        if (!m) return;
        let e: Expect = OK;
        if (a.actor !== m.issuer) e = denied("NotIssuer");
        else if (m.phase !== "Challenging") e = fail("NotChallenging");
        else if (t >= m.responseEnd) e = fail("ResponsePeriodOver");
        const r = await act(label, e, a.actor, markets, a.k, [m.id], m);
        if (!r) return;
        if (a.k === "concede") {
          const c = m.challenges[m.openA]!;
          c.status = "Settled";
          returnPrds(c.challenger, p.challengeStake, r.blockNumber);
          adopt(m, c, t);
        } else {
          startVote(m, "Appeal", 3, m.confirmBlock - 1, t);
        }
        return;
      }
      case "vote": {
        const m = marketAt(a.m);
        if (!m) return;
        const weight = m.phase === "Voting" ? model.prdsAt(a.actor, m.snapshotBlock) : 0n;
        let e: Expect = OK;
        if (m.phase !== "Voting") e = fail("NotVoting");
        else if (t >= m.voteEnd) e = fail("VotingClosed");
        else if (a.choice >= m.candidates) e = fail("InvalidChoice");
        else if (m.ballots.has(a.actor)) e = denied("AlreadyVoted");
        else if (weight === 0n) e = denied("NoVotingPower");
        const r = await act(label, e, a.actor, markets, "vote", [m.id, a.choice], m);
        if (!r) return;
        const ev = events(r, "Voted")[0]!;
        if (ev.weight !== weight)
          failWith(`${label}: vote weight ${ev.weight}, model (power at block ${m.snapshotBlock}) ${weight}`);
        m.ballots.set(a.actor, { choice: a.choice, weight, rewarded: false });
        m.tallies[a.choice]! += weight;
        m.totalVotes += weight;
        return;
      }
      case "advance": {
        const m = marketAt(a.m);
        if (!m) return;
        await advanceMarket(m, a.actor, label);
        return;
      }
      case "claim": {
        const m = marketAt(a.m);
        if (!m) return;
        await claimFor(m, a.actor, a.account, label);
        return;
      }
      case "claimReferral": {
        const m = marketAt(a.m);
        if (!m) return;
        const owed = m.referralOwed.get(a.actor) ?? 0n;
        let e: Expect = OK;
        if (m.phase !== "Final") e = fail("NotFinal");
        else if (owed === 0n) e = denied("NothingToClaim");
        const r = await act(label, e, a.actor, markets, "claimReferral", [m.id], m);
        if (!r) return;
        if (events(r, "ReferralClaimed")[0]!.amount !== owed) failWith(`${label}: referral amount differs`);
        m.referralOwed.delete(a.actor);
        return;
      }
      case "claimCompensation": {
        const m = marketAt(a.m);
        if (!m) return;
        const c = m.challenges[a.index];
        const e: Expect = c && c.compensation > 0n && !c.compensationClaimed ? OK : fail("NoCompensation");
        const r = await act(label, e, a.actor, markets, "claimCompensation", [m.id, a.index], m);
        if (!r) return;
        c!.compensationClaimed = true;
        return;
      }
      case "claimVoterReward": {
        const m = marketAt(a.m);
        if (!m) return;
        const b = m.ballots.get(a.actor);
        const ok = m.rewardPool > 0n && b && !b.rewarded && b.choice === m.winningChoice;
        const r = await act(label, ok ? OK : denied("NoReward"), a.actor, markets, "claimVoterReward", [m.id], m);
        if (!r) return;
        const amount = (m.rewardPool * b!.weight) / m.winningVotes;
        if (events(r, "VoterRewardClaimed")[0]!.amount !== amount) failWith(`${label}: voter reward differs`);
        b!.rewarded = true;
        m.rewardPaid += amount;
        if (m.rewardPaid > m.rewardPool) failWith(`${label}: voter rewards exceed the pool`);
        model.prdsHeld -= amount;
        model.movePrds(a.actor, amount, r.blockNumber);
        return;
      }
      case "withdraw": {
        const credit = model.creditOf(a.actor);
        const amount = a.all ? credit : credit + 1n;
        let e: Expect = OK;
        if (amount === 0n) e = fail("ZeroAmount");
        else if (amount > credit) e = denied("InsufficientCredit");
        const r = await act(label, e, a.actor, markets, "withdraw", [amount]);
        if (!r) return;
        model.credit.set(a.actor, credit - amount);
        return;
      }
      case "cancel": {
        const m = marketAt(a.m);
        if (!m) return;
        let e: Expect = OK;
        if (a.actor !== m.issuer) e = denied("NotIssuer");
        else if (m.phase !== "Trading") e = fail("MarketNotOpen");
        else if (m.pool !== m.liquidity) e = fail("MarketHasBuys");
        const r = await act(label, e, a.actor, markets, "cancel", [m.id], m);
        if (!r) return;
        m.phase = "Cancelled";
        m.bondSettled = true;
        const l = model.license(m.licenseId);
        l.availableTimes += 1;
        if (m.licenseStaked) l.staked = false;
        return;
      }
      case "addMargin": {
        const m = marketAt(a.m);
        if (!m) return;
        const amount = usdt(50);
        let e: Expect = OK;
        if (a.actor !== m.issuer) e = denied("NotIssuer");
        else if (!["Trading", "Confirmed", "Challenging", "Voting"].includes(m.phase) || m.bondSettled) e = fail("MarketSettled");
        const r = await act(label, e, a.actor, markets, "addMargin", [m.id, amount], m);
        if (!r) return;
        m.margin += amount;
        m.capacity = (m.margin + m.licenseValue) * p.capacityMultiple;
        return;
      }
      case "listForRent": {
        const l = model.licenses[a.lic % model.licenses.length]!;
        let e: Expect = OK;
        if (l.listed || l.staked || l.owner !== a.actor) e = denied("NotLicenseOwner");
        else if (l.availableTimes === 0) e = fail("NoIssuesLeft");
        else if (a.maxIssues > l.availableTimes) e = fail("InvalidMaxIssues");
        const r = await act(label, e, a.actor, f.marketplace, "listForRent", [l.id, usdt(3), 30, a.maxIssues]);
        if (!r) return;
        l.listed = true;
        l.rental = undefined;
        l.listedMaxIssues = a.maxIssues;
        return;
      }
      case "rent": {
        const l = model.licenses[a.lic % model.licenses.length]!;
        const active = l.rental && l.rental.expires >= t;
        let e: Expect = OK;
        if (!l.listed) e = fail("NotListedForRent");
        else if (l.owner === a.actor) e = denied("CannotRentOwnLicense");
        else if (active) e = fail("AlreadyRented");
        else if (l.availableTimes === 0) e = fail("NoIssuesLeft");
        const r = await act(label, e, a.actor, f.marketplace, "rent", [l.id, a.days, usdt(3)]);
        if (!r) return;
        l.rental = {
          user: a.actor,
          expires: t + a.days * DAY,
          maxIssues: Math.min(l.listedMaxIssues, l.availableTimes),
          used: 0,
        };
        return;
      }
      case "cancelRent": {
        const l = model.licenses[a.lic % model.licenses.length]!;
        let e: Expect = OK;
        if (!l.listed) e = fail("NotListedForRent");
        else if (l.owner !== a.actor) e = denied("NotRentListingOwner");
        else if (l.rental && l.rental.expires >= t) e = fail("RentalActive");
        const r = await act(label, e, a.actor, f.marketplace, "cancelRentListing", [l.id]);
        if (!r) return;
        l.listed = false;
        l.rental = undefined;
        return;
      }
      case "claimPrds": {
        // The free PRDS claim: once, for accounts that bought; a later claim gives no weight in open votes.
        let e: Expect = OK;
        if (model.prdsClaimed.has(a.actor)) e = denied("AlreadyClaimed");
        else if (!model.bought.has(a.actor)) e = denied("NoPositionBought");
        const r = await act(label, e, a.actor, f.claim, "claim", []);
        if (!r) return;
        model.prdsClaimed.add(a.actor);
        model.movePrds(a.actor, claimAmount, r.blockNumber);
        return;
      }
      case "giftPrds": {
        // PRDS moving after a confirmation must not change that vote's weights.
        const amount = usdt(300_000);
        const e: Expect = model.prdsNow(a.actor) >= amount ? OK : fail("ERC20InsufficientBalance");
        const r = await act(label, e, a.actor, f.prds, "transfer", [addr[a.to], amount]);
        if (!r) return;
        model.movePrds(a.actor, -amount, r.blockNumber);
        model.movePrds(a.to, amount, r.blockNumber);
        return;
      }
    }
  }

  return step;
}

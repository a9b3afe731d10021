import { TERMINAL, type MMarket } from "./model";
import { TREASURY, type Action, type Biased } from "./actions";
import type { Run } from "./run";

/** The run's resolve(): aims generated actions at live markets and likely accounts. */
export function resolver(run: Run): (a0: Biased) => Action {
  const { model, marketAt } = run;

  /** Points a generated action at a live market and, mostly, at the account the rules expect. */
  function resolve(a0: Biased): Action {
    const a = { ...a0 } as Action & { who: number; live: number };
    if ("m" in a && a.live < 75) {
      const t = run.now + 1;
      const indexed = model.markets.map((m, i) => [m, i] as const);
      const live = indexed.filter(([m]) => !TERMINAL.includes(m.phase));
      // Half of the time a market in the phase where the call can work.
      const fits: Partial<Record<Action["k"], (m: MMarket) => boolean>> = {
        buy: (m) => m.phase === "Trading" && t < m.lastTradingTime,
        confirm: (m) => m.phase === "Trading" && t >= m.expirationTime,
        confirmEarly: (m) => m.phase === "Trading" && t < m.expirationTime,
        cancel: (m) => m.phase === "Trading",
        challenge: (m) => m.phase === "Confirmed" || m.phase === "Challenging",
        concede: (m) => m.phase === "Challenging",
        appeal: (m) => m.phase === "Challenging",
        vote: (m) => m.phase === "Voting",
        claim: (m) => m.phase === "Final" || m.phase === "Void" || m.phase === "Invalid",
        claimVoterReward: (m) => m.rewardPool > 0n,
        claimCompensation: (m) => m.challenges.some((c) => c.compensation > 0n),
      };
      const fit = fits[a.k];
      const targeted = fit && a.live < 40 ? indexed.filter(([m]) => fit(m)) : [];
      const from = targeted.length ? targeted : live;
      if (from.length) a.m = from[a.m % from.length]![1];
    }
    if (a.who >= 70) return a;
    const m = "m" in a ? marketAt(a.m) : undefined;
    const pickFrom = (xs: number[]): number | undefined => (xs.length ? xs[a.who % xs.length] : undefined);
    switch (a.k) {
      case "confirm":
      case "confirmEarly":
      case "concede":
      case "appeal":
      case "cancel":
      case "addMargin":
        if (m) a.actor = m.issuer;
        break;
      case "buy":
        if (m && a.actor === m.issuer) a.actor = 4 + (a.who % 6);
        break;
      case "challenge":
        if (m) a.actor = pickFrom([...new Set(m.lots.map((l) => l.account))].filter((x) => x !== m.issuer)) ?? a.actor;
        break;
      case "vote":
        a.actor = 4 + (a.who % 7);
        break;
      case "claim":
        if (m) a.account = pickFrom([...new Set(m.lots.map((l) => l.account))].filter((x) => !m.claimed.has(x))) ?? a.account;
        break;
      case "claimReferral":
        if (m) a.actor = pickFrom([...m.referralOwed.keys()]) ?? a.actor;
        break;
      case "claimVoterReward":
        if (m) a.actor = pickFrom([...m.ballots.keys()]) ?? a.actor;
        break;
      case "withdraw":
        a.actor = pickFrom([...model.credit.entries()].filter(([, v]) => v > 0n).map(([k]) => k)) ?? a.actor;
        break;
      case "issue": {
        const t = run.now + 1;
        const usable = model.licenses
          .map((l, i) => [l, i] as const)
          .filter(([l]) => {
            if (l.availableTimes === 0 || l.staked) return false;
            const r = l.rental && l.rental.expires >= t ? l.rental : undefined;
            return r ? r.user === a.actor && r.used < r.maxIssues : !l.listed && l.owner === a.actor;
          });
        if (usable.length) a.lic = usable[a.who % usable.length]![1];
        break;
      }
      case "listForRent": {
        const free = model.licenses
          .map((l, i) => [l, i] as const)
          .filter(([l]) => !l.listed && !l.staked && l.owner !== TREASURY);
        const pick = free.length ? free[a.who % free.length] : undefined;
        if (pick) {
          a.lic = pick[1];
          a.actor = pick[0].owner;
        }
        break;
      }
      case "rent":
      case "cancelRent": {
        const listed = model.licenses.map((l, i) => [l, i] as const).filter(([l]) => l.listed);
        const pick = listed.length ? listed[a.who % listed.length] : undefined;
        if (pick) {
          a.lic = pick[1];
          if (a.k === "cancelRent") a.actor = pick[0].owner;
          else if (a.actor === pick[0].owner) a.actor = 4 + (a.who % 6);
        }
        break;
      }
      default:
        break;
    }
    return a;
  }

  return resolve;
}

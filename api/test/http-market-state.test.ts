import { enums } from "@prds/contracts";
import { toDbAmount } from "../src/db/amount";
import { LABEL_KEYS } from "@prds/api-schema";
import { marketLabel, marketState, statusTab, type MarketStateName, type StateInput } from "../src/http/marketState";
import { oddsText, optionFigures, probabilityText } from "../src/http/pricing";
import { PHASE_STATES, STATE_TABS } from "../src/http/listTabs";

/**
 * marketState() mirrors Markets.marketState() branch for branch; every MarketState maps to one
 * spec §4 label and one list tab. Pure functions: no chain, no database.
 */
const NOW = 1_800_000_000;
const P = { confirmationPeriod: 3 * 86_400, minPremium: 50n * 10n ** 18n };
const a = (tokens: number) => toDbAmount("postgres", BigInt(tokens) * 10n ** 18n);

function row(patch: Partial<StateInput>): StateInput {
  return {
    phase: "Trading",
    last_trading_time: NOW + 100,
    expiration_time: NOW + 200,
    liquidity: a(100),
    pool: a(200),
    pool_at_cutoff: null,
    early: 0,
    window_end: null,
    response_end: null,
    vote_end: null,
    vote_kind: null,
    result: null,
    option_count: 2,
    tally_outcome: null,
    ...patch,
  };
}

const cases: [string, Partial<StateInput>, MarketStateName, string, number | null][] = [
  ["trading before the last trading time", {}, "Open", "guaranteeing", null],
  ["closed, premium reached", { last_trading_time: NOW - 1 }, "Closed", "marketClosed", null],
  ["closed below the minimum premium", { last_trading_time: NOW - 1, pool: a(140) }, "Void", "void", null],
  [
    "expired, issuer still in time",
    { last_trading_time: NOW - 300, expiration_time: NOW - 10 },
    "WaitingConfirmation",
    "waitingConfirmation",
    null,
  ],
  [
    "confirmation deadline passed",
    { last_trading_time: NOW - 9e5, expiration_time: NOW - 3 * 86_400 },
    "IssuerAbsent",
    "waitingGovernance",
    null,
  ],
  [
    "confirmed early, window open",
    { phase: "Confirmed", early: 1, window_end: NOW + 5, result: 0 },
    "EarlyConfirmed",
    "confirmedEarlyOccurred",
    0,
  ],
  ["confirmed, window open", { phase: "Confirmed", window_end: NOW + 5, result: 1 }, "Confirmed", "confirmedNotOccurred", 1],
  [
    "confirmed, 3 options",
    { phase: "Confirmed", window_end: NOW + 5, result: 2, option_count: 3 },
    "Confirmed",
    "confirmedOption",
    2,
  ],
  ["confirmed, window closed", { phase: "Confirmed", window_end: NOW, result: 0 }, "Finished", "eventFinished", 0],
  [
    "early confirmed, window closed, premium missed before the cutoff",
    { phase: "Confirmed", early: 1, window_end: NOW - 1, result: 0, pool_at_cutoff: a(120) },
    "Void",
    "void",
    null,
  ],
  [
    "challenged, issuer may respond",
    { phase: "Challenging", response_end: NOW + 1, result: 0 },
    "Challenging",
    "challengingOccurred",
    0,
  ],
  ["challenged, response period over", { phase: "Challenging", response_end: NOW, result: 0 }, "WaitResult", "waitResult", null],
  ["appeal vote running", { phase: "Voting", vote_kind: "Appeal", vote_end: NOW + 1, result: 1 }, "Appealing", "appealing", 1],
  [
    "two-challenge vote running",
    { phase: "Voting", vote_kind: "TwoChallenges", vote_end: NOW + 1 },
    "Voting",
    "waitingGovernance",
    null,
  ],
  ["vote over, not tallied", { phase: "Voting", vote_kind: "IssuerAbsent", vote_end: NOW }, "WaitResult", "waitResult", null],
  [
    "final, vote upheld the issuer",
    { phase: "Final", tally_outcome: "IssuerWins", result: 0 },
    "Finished",
    "challengeFailedOccurred",
    0,
  ],
  [
    "final, challenger won an appeal",
    { phase: "Final", tally_outcome: "ChallengerWins", vote_kind: "Appeal", result: 1 },
    "Finished",
    "appealFailedNotOccurred",
    1,
  ],
  [
    "final, challenger won a two-challenge vote",
    { phase: "Final", tally_outcome: "ChallengerWins", vote_kind: "TwoChallenges", result: 2, option_count: 4 },
    "Finished",
    "confirmedByGovernanceOption",
    2,
  ],
  [
    "final, vote chose for an absent issuer",
    { phase: "Final", tally_outcome: "OptionChosen", result: 0 },
    "Finished",
    "confirmedByGovernanceOccurred",
    0,
  ],
  ["final, no dispute", { phase: "Final", result: 1 }, "Finished", "eventFinished", 1],
  ["cancelled", { phase: "Cancelled" }, "Cancelled", "eventCancelled", null],
  ["void", { phase: "Void" }, "Void", "void", null],
  ["invalid", { phase: "Invalid" }, "Invalid", "invalid", null],
];

describe("marketState and its spec §4 label", () => {
  test.each(cases)("%s", (_name, patch, state, key, option) => {
    const m = row(patch);
    const s = marketState(m, NOW, P);
    expect(s).toBe(state);
    expect(marketLabel(s, m)).toEqual({ key, option });
    expect(LABEL_KEYS).toContain(key);
  });

  test("every contract MarketState has a label and a tab", () => {
    const covered = new Set(cases.map(([, , state]) => state));
    for (const state of enums.IMarketsTypes.MarketState) {
      if (state !== "None") expect(covered.has(state)).toBe(true);
      expect(LABEL_KEYS).toContain(marketLabel(state, row({})).key);
      expect(["open", "waitingResult", "challenging", "finished"]).toContain(statusTab(state));
    }
  });

  test("listTabs.ts PHASE_STATES holds each phase's states, grouped by one tab", () => {
    for (const [, patch, state] of cases) {
      const rule = PHASE_STATES[row(patch).phase];
      const states: readonly string[] =
        "deadline" in rule
          ? [...rule.before, ...rule.after, ...("afterPremiumMissed" in rule ? rule.afterPremiumMissed : [])]
          : rule;
      expect(states).toContain(state);
    }
    for (const rule of Object.values(PHASE_STATES)) {
      const groups =
        "deadline" in rule
          ? [rule.before, rule.after, ...("afterPremiumMissed" in rule ? [rule.afterPremiumMissed] : [])]
          : [rule];
      for (const group of groups) expect(new Set(group.map((state) => STATE_TABS[state])).size).toBe(1);
    }
  });
});

describe("parimutuel figures", () => {
  test("odds = pool / stake, probability = stake / pool, rounded down to 6 places", () => {
    const e = 10n ** 18n;
    expect(optionFigures(60n * e, 140n * e, 200)).toEqual({
      odds: "2.333333",
      probability: "0.428571",
      payoutMultiplier: "2.286666",
    });
    // Before any buy the seed is even: odds = the option count (the default leverage).
    expect(optionFigures(50n * e, 150n * e, 200).odds).toBe("3");
    expect(optionFigures(0n, 100n * e, 200)).toEqual({ odds: null, probability: "0", payoutMultiplier: null });
    expect(probabilityText(1n, 3n)).toBe("0.333333");
    expect(oddsText(0n, 5n)).toBeNull();
    expect(probabilityText(5n, 0n)).toBeNull();
  });
});

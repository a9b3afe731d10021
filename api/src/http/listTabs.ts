import { sql, type RawBuilder, type SqlBool } from "kysely";
import { PHASES, type MarketState, type Phase, type StatusTab } from "@prds/api-schema";

/**
 * The market list's tabs (spec §4), defined once: which tab each contract state is in, and which
 * states each indexed phase can be in. The SQL condition (tabCondition), statusTab (marketState.ts)
 * and the search index's tab bits (searchIndex/slots.ts) are all read from these two tables.
 */

/** A tab a market is in; 'closingSoon' is the part of 'open' whose deadline is within a day. */
export type ListTab = Exclude<StatusTab, "closingSoon">;

export const CLOSING_SOON_SECONDS = 24 * 60 * 60;

/** The tab of each IMarketsTypes.MarketState. */
export const STATE_TABS = {
  None: "open",
  Open: "open",
  Closed: "waitingResult",
  WaitingConfirmation: "waitingResult",
  IssuerAbsent: "waitingResult",
  EarlyConfirmed: "waitingResult",
  Confirmed: "waitingResult",
  Challenging: "challenging",
  Appealing: "challenging",
  Voting: "challenging",
  WaitResult: "challenging",
  Finished: "finished",
  Cancelled: "finished",
  Void: "finished",
  Invalid: "finished",
} as const satisfies Record<MarketState, ListTab>;

/** The indexed column whose time a phase's state turns on. */
export type Deadline = "last_trading_time" | "window_end";

/**
 * The states a phase can be in as marketState() (marketState.ts) derives them, grouped so that a
 * group's states share a tab: before the deadline, after it, and after it with the buyers' stake
 * below the minimum premium (when that differs).
 */
export interface StagedPhase {
  deadline: Deadline;
  before: readonly MarketState[];
  after: readonly MarketState[];
  afterPremiumMissed?: readonly MarketState[];
}

export const PHASE_STATES = {
  Trading: {
    deadline: "last_trading_time",
    before: ["Open"],
    after: ["Closed", "WaitingConfirmation", "IssuerAbsent"],
    afterPremiumMissed: ["Void"],
  },
  // A confirmation is settled once its window ends (void when the premium was missed: finished either way).
  Confirmed: { deadline: "window_end", before: ["EarlyConfirmed", "Confirmed"], after: ["Finished", "Void"] },
  Challenging: ["Challenging", "WaitResult"],
  Voting: ["Voting", "Appealing", "WaitResult"],
  Final: ["Finished"],
  Cancelled: ["Cancelled"],
  Void: ["Void"],
  Invalid: ["Invalid"],
} as const satisfies Record<Phase, readonly MarketState[] | StagedPhase>;

/** A phase's tab: one, or one per stage of its deadline. */
export type PhaseTab =
  { deadline: null; tab: ListTab } | { deadline: Deadline; before: ListTab; after: ListTab; afterPremiumMissed: ListTab };

/** The tab of a group of states (a group's states share one: test/http-market-state.test.ts). */
export function tabOfStates(states: readonly MarketState[]): ListTab {
  const first = states[0];
  if (first === undefined) throw new Error("a phase stage without states");
  return STATE_TABS[first];
}

export function phaseTab(phase: Phase): PhaseTab {
  const rule: readonly MarketState[] | StagedPhase = PHASE_STATES[phase];
  if (!("deadline" in rule)) return { deadline: null, tab: tabOfStates(rule) };
  const after = tabOfStates(rule.after);
  return {
    deadline: rule.deadline,
    before: tabOfStates(rule.before),
    after,
    afterPremiumMissed: rule.afterPremiumMissed ? tabOfStates(rule.afterPremiumMissed) : after,
  };
}

const DEADLINE_SQL: Record<Deadline, RawBuilder<number>> = {
  last_trading_time: sql<number>`m.last_trading_time`,
  window_end: sql<number>`coalesce(m.window_end, 0)`,
};

/**
 * The tab as an SQL condition on the `m` (markets) alias, matching statusTab(marketState(...)):
 * raw SQL with bound values, so the same condition serves every query that joins markets as `m`.
 * The buyers' stake stands for marketState's pool − liquidity (the same sum, kept by the indexer).
 */
export function tabCondition(tab: StatusTab, now: number, minPremium: string): RawBuilder<SqlBool> {
  const listTab: ListTab = tab === "closingSoon" ? "open" : tab;
  const fixed: Phase[] = [];
  const staged: RawBuilder<SqlBool>[] = [];
  for (const phase of PHASES) {
    const rule = phaseTab(phase);
    if (rule.deadline === null) {
      // A phase with no deadline is never closing soon.
      if (rule.tab === listTab && tab !== "closingSoon") fixed.push(phase);
      continue;
    }
    const deadline = DEADLINE_SQL[rule.deadline];
    // Phases as literals, as the SQL had them written (the planner sees which index serves).
    if (rule.before === listTab) {
      staged.push(
        tab === "closingSoon"
          ? sql<SqlBool>`(m.phase = ${sql.lit(phase)} and ${deadline} > ${now} and ${deadline} <= ${now + CLOSING_SOON_SECONDS})`
          : sql<SqlBool>`(m.phase = ${sql.lit(phase)} and ${deadline} > ${now})`,
      );
    }
    if (tab === "closingSoon") continue;
    const met = rule.after === listTab;
    const missed = rule.afterPremiumMissed === listTab;
    if (met && missed) staged.push(sql<SqlBool>`(m.phase = ${sql.lit(phase)} and ${deadline} <= ${now})`);
    else if (met)
      staged.push(sql<SqlBool>`(m.phase = ${sql.lit(phase)} and ${deadline} <= ${now} and m.buyers_stake >= ${minPremium})`);
    else if (missed)
      staged.push(sql<SqlBool>`(m.phase = ${sql.lit(phase)} and ${deadline} <= ${now} and m.buyers_stake < ${minPremium})`);
  }
  const parts =
    fixed.length > 0 ? [sql<SqlBool>`m.phase in (${sql.join(fixed.map((phase) => sql.lit(phase)))})`, ...staged] : staged;
  if (parts.length === 0) return sql<SqlBool>`(1 = 0)`;
  if (parts.length === 1) return parts[0] as RawBuilder<SqlBool>;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Settled: final, cancelled, void or invalid, including what the next claim or advance() will settle. */
export function finishedCondition(now: number, minPremium: string): RawBuilder<SqlBool> {
  return tabCondition("finished", now, minPremium);
}

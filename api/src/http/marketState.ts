import type { LabelKey, MarketState, OutcomeLabel } from "@prds/api-schema";
import { fromDbAmount } from "../db/amount";
import type { Row } from "../db/schema";
import { STATE_TABS, type ListTab } from "./listTabs";

/** IMarketsTypes.MarketState member names (the contract's label state). */
export type MarketStateName = MarketState;

/*
 * Spec §4 labels (the keys: @prds/api-schema LABEL_KEYS). Keys carrying an outcome come in three
 * forms: `…Occurred` / `…NotOccurred` for a two-option market (option 0 / option 1, ARCHITECTURE
 * "Result labels") and `…Option` with the option index for more options.
 */

export interface MarketLabel {
  key: LabelKey;
  /** The option the label names (the standing or decided result), or null. */
  option: number | null;
}

export type StateInput = Pick<
  Row<"markets">,
  | "phase"
  | "last_trading_time"
  | "expiration_time"
  | "liquidity"
  | "pool"
  | "pool_at_cutoff"
  | "early"
  | "window_end"
  | "response_end"
  | "vote_end"
  | "vote_kind"
  | "result"
  | "option_count"
  | "tally_outcome"
>;

export interface MarketStateParams {
  confirmationPeriod: number;
  minPremium: bigint;
}

/**
 * Markets.marketState() (contracts/Markets.sol) on the indexed row, with the indexer's head time as
 * block.timestamp. Kept branch for branch beside the contract so the two cannot drift apart.
 */
export function marketState(m: StateInput, now: number, p: MarketStateParams): MarketStateName {
  const liquidity = fromDbAmount(m.liquidity);
  switch (m.phase) {
    case "Trading": {
      if (now < m.last_trading_time) return "Open";
      if (fromDbAmount(m.pool) - liquidity < p.minPremium) return "Void"; // _premiumMissed
      if (now < m.expiration_time) return "Closed";
      if (now < m.expiration_time + p.confirmationPeriod) return "WaitingConfirmation";
      return "IssuerAbsent";
    }
    case "Confirmed": {
      if (m.window_end !== null && now < m.window_end) return m.early ? "EarlyConfirmed" : "Confirmed";
      // Settled on the stakes placed before an early confirmation's cutoff.
      const netPool = fromDbAmount(m.early && m.pool_at_cutoff !== null ? m.pool_at_cutoff : m.pool);
      return netPool - liquidity < p.minPremium ? "Void" : "Finished";
    }
    case "Challenging":
      return m.response_end !== null && now < m.response_end ? "Challenging" : "WaitResult";
    case "Voting":
      if (m.vote_end !== null && now >= m.vote_end) return "WaitResult";
      return m.vote_kind === "Appeal" ? "Appealing" : "Voting";
    case "Final":
      return "Finished";
    case "Cancelled":
      return "Cancelled";
    case "Void":
      return "Void";
    case "Invalid":
      return "Invalid";
  }
}

function outcome(base: OutcomeLabel, option: number | null, optionCount: number): MarketLabel {
  if (option === null) return { key: `${base}Option`, option };
  if (optionCount === 2) return { key: option === 0 ? `${base}Occurred` : `${base}NotOccurred`, option };
  return { key: `${base}Option`, option };
}

/** The spec §4 label for a state: every MarketState maps to exactly one label family. */
export function marketLabel(state: MarketStateName, m: StateInput): MarketLabel {
  const n = m.option_count;
  switch (state) {
    case "None":
    case "Open":
      return { key: "guaranteeing", option: null };
    case "Closed":
      return { key: "marketClosed", option: null };
    case "WaitingConfirmation":
      return { key: "waitingConfirmation", option: null };
    case "IssuerAbsent": // the confirmation deadline passed: the next step is the community vote
    case "Voting":
      return { key: "waitingGovernance", option: null };
    case "EarlyConfirmed":
      return outcome("confirmedEarly", m.result, n);
    case "Confirmed":
      return outcome("confirmed", m.result, n);
    case "Challenging":
      // The standing result is what is being challenged.
      return outcome("challenging", m.result, n);
    case "Appealing":
      return { key: "appealing", option: m.result };
    case "WaitResult":
      return { key: "waitResult", option: null };
    case "Finished":
      if (m.tally_outcome === "IssuerWins") return outcome("challengeFailed", m.result, n);
      if (m.tally_outcome === "ChallengerWins") {
        return m.vote_kind === "Appeal" ? outcome("appealFailed", m.result, n) : outcome("confirmedByGovernance", m.result, n);
      }
      if (m.tally_outcome === "OptionChosen") return outcome("confirmedByGovernance", m.result, n);
      return { key: "eventFinished", option: m.result };
    case "Cancelled":
      return { key: "eventCancelled", option: null };
    case "Void":
      return { key: "void", option: null };
    case "Invalid":
      return { key: "invalid", option: null };
  }
}

/** The list tab a state belongs to ('closingSoon' is the part of 'open' within 24 h of closing): listTabs.ts STATE_TABS. */
export function statusTab(state: MarketStateName): ListTab {
  return STATE_TABS[state];
}

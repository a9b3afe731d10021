// `@prds/shared/portfolio`: The portfolio's answers (types only: the fetchers live in the portfolio remote).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// The portfolio's answers (types only: the fetchers live in the portfolio remote)
export type {
  BoughtStatus,
  HistoryKind,
  HoldingItem,
  HoldingTotals,
  DealtTrade,
  HistoryEntry,
  HistoryTotals,
  ClaimDue,
  ClaimTotals,
  ReferralReward,
  ReferralSummary,
  DailySnapshot,
  SnapshotsSummary,
} from './portfolioTypes';

// `@prds/shared/markets`: Markets: the api's answers, their texts and a market's metadata rules.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// A market's texts: one normalization and one set of rules for the issue form, the api and the hash.
export {
  MARKET_CATEGORIES,
  normalizeMarketText,
  visibleTextKey,
  isBlankText,
  hasBidiControls,
  checkOptions,
  canonicalMetadata,
  metadataPreimage,
  type MarketCategory,
  type MarketMetadata,
  type MarketMetadataInput,
  type OptionsCheck,
  type OptionRule,
} from '@prds/contracts/metadata';
// Markets
export { MARKET_STATE_LABELS, isMarketLabelKey, type MarketLabelKey } from './marketStateLabels';
export { MARKET_CATEGORY_LABELS } from './marketCategoryLabels';
export {
  MARKET_LIST_STATUSES,
  MARKET_LIST_SORTS,
  marketQueryKeys,
  fetchMarkets,
  fetchMarketDetail,
  fetchMarketHistory,
  fetchMarketTrades,
  uploadEvidence,
  apiUrl,
  fetchIssueConfig,
  issueConfigQueryKey,
  type ProtocolConfig,
  type MarketOptionView,
  type MarketState,
  type MarketSummary,
  type MarketListStatus,
  type MarketListSort,
  type MarketListQuery,
  type MarketListPage,
  type MarketTabTotals,
  type Paged,
  type TrackRecord,
  type MarketDetail,
  type MarketDetailView,
  type PositionOptionView,
  type PositionView,
  type EvidenceView,
  type ChallengeStatus,
  type ChallengeView,
  type VoteChoiceView,
  type VoteBallotView,
  type VoteView,
  type OddsHistory,
  type OddsHistoryPoint,
  type TradeView,
  type UploadedEvidence,
} from './marketApi';
export {
  OptionName,
  MarketEvent,
  Probability,
  formatProbability,
  leadingOptions,
  Countdown,
  useChainNow,
  MarketStateBadge,
  TradingEnds,
} from './marketText';
export { formatMultiplier, PayoutMultiplier } from './PayoutMultiplier';

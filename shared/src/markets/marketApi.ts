/**
 * The api's market calls (api/README "Calls") as typed fetchers: every page that shows markets (home
 * shelves, the market list and detail, the portfolio, the issuer's list) reads through these.
 * Amounts are decimal strings of 18-decimal token units (wei); ratios decimal strings (6 places,
 * rounded down); times unix seconds of chain time.
 */

import type {
  ChallengeItem,
  DetailData,
  EvidenceView,
  HistoryData,
  HistoryPoint,
  DetailExtra,
  IssueConfigData,
  MarketDetail,
  MarketListSort,
  MarketListStatus,
  MarketsBody,
  MarketsData,
  MarketsExtra,
  MarketState,
  MarketSummary,
  OptionItem,
  Paged,
  PositionOption,
  PositionView,
  TabTotals,
  TradeItem,
  TradesData,
  TrackRecord,
  UploadData,
  VoteChoice,
  VoteItem,
  VoteView,
} from '@prds/api-schema';
import type { ApiEnvelope, HttpClient } from '@prds/shared/http';
import { getApiClient } from '@prds/shared/http';
import { queryKeys } from '@prds/shared/query';

// The answers' types are the api's own schemas (@prds/api-schema), never retyped here: a field the
// api adds, renames or narrows changes these types at once. Type imports only, so the schema library
// never enters the page's bundle; the names below are what the pages have always called them.
export type {
  MarketDetail,
  MarketState,
  MarketSummary,
  PositionView,
  TrackRecord,
  EvidenceView,
  VoteView,
  MarketListSort,
  MarketListStatus,
};
export { MARKET_LIST_SORTS, MARKET_LIST_STATUSES } from '@prds/api-schema/literals';
export type { ChallengeStatus, LabelKey } from '@prds/api-schema/literals';
/** One option as a market answer carries it (`odds`, `probability`, `payoutMultiplier`: decimal strings). */
export type MarketOptionView = OptionItem;
export type PositionOptionView = PositionOption;
export type ChallengeView = ChallengeItem;
export type VoteChoiceView = VoteChoice;
export type VoteBallotView = VoteItem;
export type OddsHistory = HistoryData;
export type OddsHistoryPoint = HistoryPoint;
export type TradeView = TradeItem;
export type UploadedEvidence = UploadData;

/** `/api/markets`'s body (every field optional: the api fills in the defaults). */
export type MarketListQuery = MarketsBody;

export type { Paged };

export type MarketTabTotals = TabTotals;

export interface MarketListPage extends Paged<MarketSummary> {
  /** Markets per tab for the same search and category. */
  readonly totals: MarketTabTotals | null;
  /** The api's "now" (chain time): countdowns count from it, not the browser clock. */
  readonly now: number;
}

export interface MarketDetailView extends DetailData {
  /** The api's "now" (chain time) when it answered. */
  readonly now: number;
}

/** Query keys of these calls, under `queryKeys.markets` so a transaction that invalidates markets refreshes them all. */
export const marketQueryKeys = {
  list: (query: MarketListQuery) => [...queryKeys.markets, 'list', query] as const,
  /** The detail depends on the account (its positions). */
  detail: (id: string, account: string | null) => [...queryKeys.market(id), account?.toLowerCase() ?? null] as const,
  history: (id: string) => [...queryKeys.market(id), 'history'] as const,
  trades: (id: string, page: number) => [...queryKeys.market(id), 'trades', page] as const,
};

function nowOf(extra: { readonly now?: number } | null | undefined): number {
  return extra?.now ?? Math.floor(Date.now() / 1000);
}

/** One page of `/api/markets`. */
export async function fetchMarkets(query: MarketListQuery, client: HttpClient = getApiClient()): Promise<MarketListPage> {
  const body = { ...query, search: query.search?.trim() || undefined };
  const answer = await client.post<ApiEnvelope<MarketsData, Partial<MarketsExtra> | null>>('/api/markets', body);
  return { ...answer.data, totals: answer.extra?.totals ?? null, now: nowOf(answer.extra) };
}

/** `/api/market/detail`, with the account's positions when one is given. */
export async function fetchMarketDetail(
  id: string,
  account: string | null,
  client: HttpClient = getApiClient(),
): Promise<MarketDetailView> {
  const answer = await client.post<ApiEnvelope<DetailData, Partial<DetailExtra> | null>>(
    '/api/market/detail',
    account ? { id, account: account.toLowerCase() } : { id },
  );
  return { ...answer.data, now: nowOf(answer.extra) };
}

/** `/api/market/history`: one point per trade, downsampled to at most `points`. */
export async function fetchMarketHistory(id: string, points = 200, client: HttpClient = getApiClient()): Promise<OddsHistory> {
  const answer = await client.post<ApiEnvelope<OddsHistory>>('/api/market/history', { id, points });
  return answer.data;
}

/** `/api/market/trades`, newest first. */
export async function fetchMarketTrades(
  id: string,
  page: number,
  pageSize = 20,
  client: HttpClient = getApiClient(),
): Promise<TradesData> {
  const answer = await client.post<ApiEnvelope<TradesData>>('/api/market/trades', { id, page, pageSize });
  return answer.data;
}

/** `/api/evidence/upload`: stores the image and text and answers the hash a challenge carries. */
export async function uploadEvidence(
  evidence: { readonly image?: Blob | null; readonly text: string },
  client: HttpClient = getApiClient(),
): Promise<UploadedEvidence> {
  const form = new FormData();
  if (evidence.image) form.append('image', evidence.image);
  form.append('text', evidence.text);
  const answer = await client.postForm<ApiEnvelope<UploadedEvidence>>('/api/evidence/upload', form);
  return answer.data;
}

/** An api path (e.g. an evidence image's `imageUrl`) as an absolute URL of the configured api. */
export function apiUrl(path: string, client: HttpClient = getApiClient()): string {
  return `${client.baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The protocol's parameters as `/api/config/issue` reads them from `Markets.params()` (the fields the pages use). */
export type ProtocolConfig = Pick<
  IssueConfigData,
  | 'chainId'
  | 'feeBps'
  | 'marginFeeBps'
  | 'quorumBps'
  | 'minInvest'
  | 'challengeStake'
  | 'challengeWindow'
  | 'responsePeriod'
  | 'votingPeriod'
  | 'confirmationPeriod'
>;

/** The one cache entry of `/api/config/issue` (the issue form, a market's resolution, the referral share). */
export const issueConfigQueryKey = ['config', 'issue'] as const;

/**
 * `/api/config/issue`: the deployed protocol's parameters as the api read them from `Markets.params()`,
 * the categories, the pay tokens and the texts' length limits. The one fetcher of the call.
 */
export async function fetchIssueConfig(client: HttpClient = getApiClient()): Promise<IssueConfigData> {
  const answer = await client.post<ApiEnvelope<IssueConfigData>>('/api/config/issue', {});
  return answer.data;
}

/**
 * The api's market calls (api/README "Calls") as typed fetchers: every page that shows markets (home
 * shelves, the market list and detail, the portfolio, the issuer's list) reads through these.
 * Amounts are decimal strings of 18-decimal token units (wei); ratios decimal strings (6 places,
 * rounded down); times unix seconds of chain time.
 */

import type { MarketCategory } from '@prds/contracts/metadata';
import type { ApiEnvelope, HttpClient } from '../http/createHttpClient';
import { getApiClient } from '../http/apiClient';
import { queryKeys } from '../query/queryClient';

export interface MarketOptionView {
  readonly index: number;
  /** Null unless the market's metadata is approved. */
  readonly label: string | null;
  readonly optionKey: string;
  readonly stake: string;
  /** netPool / stake; null while the option has no stake. */
  readonly odds: string | null;
  /** stake / netPool, 0..1; null while the pool is empty. */
  readonly probability: string | null;
  /** What one USDT staked now returns if the option wins (odds × reward rate). */
  readonly payoutMultiplier: string | null;
}

/** `IMarketsTypes.MarketState` as the api names it. */
export type MarketState =
  | 'None'
  | 'Open'
  | 'Closed'
  | 'WaitingConfirmation'
  | 'IssuerAbsent'
  | 'EarlyConfirmed'
  | 'Confirmed'
  | 'Challenging'
  | 'Appealing'
  | 'Voting'
  | 'WaitResult'
  | 'Finished'
  | 'Cancelled'
  | 'Void'
  | 'Invalid';

/** The api's market summary (`M`). */
export interface MarketSummary {
  readonly id: string;
  readonly metadataHash: string;
  readonly metadataStatus: 'approved' | 'audit' | 'rejected' | 'missing';
  readonly event: string | null;
  readonly category: string | null;
  readonly issuer: string;
  readonly options: readonly MarketOptionView[];
  readonly optionCount: number;
  readonly volume: string;
  readonly pool: string;
  readonly liquidity: string;
  readonly tradeCount: number;
  readonly createdAt: number;
  readonly lastTradingTime: number;
  readonly expirationTime: number;
  readonly phase: string;
  readonly state: MarketState;
  /** Spec §4 label: `key` maps to `MARKET_STATE_LABELS`; `option` is the option it names. */
  readonly label: { readonly key: string; readonly option: number | null };
  /** The standing confirmed option, or null. */
  readonly result: number | null;
  readonly txHash: string;
}

export const MARKET_LIST_STATUSES = ['all', 'open', 'closingSoon', 'waitingResult', 'challenging', 'finished'] as const;
export type MarketListStatus = (typeof MARKET_LIST_STATUSES)[number];
export const MARKET_LIST_SORTS = ['volume', 'newest'] as const;
export type MarketListSort = (typeof MARKET_LIST_SORTS)[number];

export interface MarketListQuery {
  readonly search?: string;
  readonly category?: 'all' | MarketCategory;
  readonly status?: MarketListStatus;
  readonly sort?: MarketListSort;
  readonly page?: number;
  readonly pageSize?: number;
}

export interface Paged<T> {
  readonly list: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export type MarketTabTotals = Readonly<Record<MarketListStatus, number>>;

export interface MarketListPage extends Paged<MarketSummary> {
  /** Markets per tab for the same search and category. */
  readonly totals: MarketTabTotals | null;
  /** The api's "now" (chain time): countdowns count from it, not the browser clock. */
  readonly now: number;
}

export interface TrackRecord {
  readonly account: string;
  readonly issued: number;
  readonly running: number;
  readonly finished: number;
  readonly cancelled: number;
  readonly void: number;
  readonly invalid: number;
  readonly challenged: number;
  readonly overturned: number;
  readonly bondsSlashed: number;
  readonly volume: string;
  readonly issuerFees: string;
}

export interface MarketDetail extends MarketSummary {
  readonly description: string | null;
  readonly resolutionSource: string | null;
  readonly url: string | null;
  readonly content: string | null;
  readonly language: string | null;
  readonly licenseId: string;
  readonly collateral: 'token' | 'nft';
  readonly licenseStaked: boolean;
  readonly licenseValue: string;
  readonly margin: string;
  readonly capacity: string;
  readonly remainingCapacity: string;
  readonly buyersStake: string;
  readonly feeTotal: string;
  readonly minPremium: string;
  readonly premiumReached: boolean;
  readonly minInvest: string;
  readonly feeBps: number;
  readonly rewardRateBps: number;
  readonly marginFeeBps: number;
  readonly defaultLeverage: number;
  readonly payToken: string;
  readonly rentalEnd: number;
  readonly issuerResult: number | null;
  readonly daoResult: number | null;
  readonly early: boolean;
  readonly knownAt: number | null;
  readonly confirmedAt: number | null;
  /** End of the 7-day challenge window. */
  readonly windowEnd: number | null;
  /** End of the issuer's 3 days to concede or appeal. */
  readonly responseEnd: number | null;
  readonly issuerAbsent: boolean;
  readonly appealed: boolean;
  readonly challengeCount: number;
  readonly bondState: string;
  readonly overturned: boolean;
  readonly finalizedAt: number | null;
  readonly netPool: string | null;
  readonly winningStake: string | null;
  readonly issuerFee: string | null;
  readonly platformFee: string | null;
  readonly referralFees: string | null;
  readonly invalidReason: string | null;
}

export interface PositionOptionView {
  readonly option: number;
  readonly label: string | null;
  readonly stake: string;
  readonly fee: string;
  readonly invested: string;
  readonly pendingPayoff: string;
}

export interface PositionView {
  readonly account: string;
  readonly options: readonly PositionOptionView[];
  readonly invested: string;
  readonly pendingPayoff: string;
  readonly payout: string;
  readonly refund: string;
  readonly received: string;
  readonly claimed: boolean;
  /** Signed; null until the market is final. */
  readonly profit: string | null;
}

export interface EvidenceView {
  readonly hash: string;
  readonly imageHash: string | null;
  /** GET path of the image, relative to the api base URL. */
  readonly imageUrl: string | null;
  readonly text: string;
}

/** `IMarketsTypes.ChallengeStatus`. */
export type ChallengeStatus =
  'None' | 'Open' | 'Conceded' | 'WonByDefault' | 'Won' | 'Lost' | 'Refunded' | 'ReturnedLessPenalty' | 'Superseded';

export interface ChallengeView {
  readonly index: number;
  readonly challenger: string;
  readonly option: number;
  /** Claimed time the outcome became known (0: not an early claim). */
  readonly knownAt: number;
  readonly evidenceHash: string;
  readonly evidence: EvidenceView | null;
  readonly stake: string;
  readonly status: ChallengeStatus | string;
  readonly prdsReturned: string | null;
  readonly compensation: string | null;
  readonly compensationState: 'none' | 'pending' | 'received';
  readonly filedAt: number;
  readonly txHash: string;
}

export interface VoteChoiceView {
  readonly choice: number;
  readonly kind: 'invalid' | 'issuer' | 'challenge' | 'option';
  readonly option: number | null;
  readonly challengeIndex: number | null;
  readonly tally: string;
}

export interface VoteBallotView {
  readonly voter: string;
  readonly choice: number;
  readonly weight: string;
  readonly time: number;
  readonly reward: string | null;
}

export interface VoteView {
  /** Appeal | TwoChallenges | IssuerAbsent */
  readonly kind: string | null;
  readonly voteEnd: number | null;
  readonly extended: boolean;
  readonly snapshotBlock: number | null;
  /** `IMarketsTypes.TallyOutcome` once tallied. */
  readonly outcome: string | null;
  readonly choices: readonly VoteChoiceView[];
  readonly totalWeight: string;
  readonly voterCount: number;
  readonly votes: readonly VoteBallotView[];
}

export interface MarketDetailView {
  readonly market: MarketDetail;
  readonly positions: PositionView | null;
  readonly challenges: readonly ChallengeView[];
  readonly vote: VoteView | null;
  readonly issuerRecord: TrackRecord;
  readonly now: number;
}

export interface OddsHistoryPoint {
  readonly time: number;
  readonly blockNumber: number;
  readonly pool: string;
  readonly stakes: readonly string[];
  readonly odds: readonly (string | null)[];
  readonly probabilities: readonly (string | null)[];
}

export interface OddsHistory {
  readonly id: string;
  readonly options: readonly (string | null)[];
  readonly points: readonly OddsHistoryPoint[];
  readonly total: number;
}

export interface TradeView {
  readonly txHash: string;
  readonly logIndex: number;
  readonly marketId: string;
  readonly account: string;
  readonly option: number;
  readonly optionLabel: string | null;
  readonly amount: string;
  readonly stake: string;
  readonly fee: string;
  readonly referrer: string | null;
  readonly optionStake: string;
  readonly pool: string;
  readonly odds: string | null;
  readonly time: number;
  readonly blockNumber: number;
}

export interface UploadedEvidence {
  /** The bytes32 the challenge transaction carries. */
  readonly evidenceHash: string;
  readonly imageHash: string | null;
  readonly imageUrl: string | null;
  readonly mime: string | null;
  readonly size: number | null;
  readonly text: string;
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
  const answer = await client.post<ApiEnvelope<Paged<MarketSummary>, { totals?: MarketTabTotals; now?: number } | null>>(
    '/api/markets',
    body,
  );
  return { ...answer.data, totals: answer.extra?.totals ?? null, now: nowOf(answer.extra) };
}

/** `/api/market/detail`, with the account's positions when one is given. */
export async function fetchMarketDetail(
  id: string,
  account: string | null,
  client: HttpClient = getApiClient(),
): Promise<MarketDetailView> {
  const answer = await client.post<ApiEnvelope<Omit<MarketDetailView, 'now'>, { now?: number } | null>>(
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
): Promise<Paged<TradeView>> {
  const answer = await client.post<ApiEnvelope<Paged<TradeView>>>('/api/market/trades', { id, page, pageSize });
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
export interface ProtocolConfig {
  readonly chainId: number;
  readonly feeBps: number;
  readonly marginFeeBps: number;
  readonly quorumBps: number;
  readonly minInvest: string;
  /** PRDS a challenge stakes (wei). */
  readonly challengeStake: string;
  /** Seconds. */
  readonly challengeWindow: number;
  readonly responsePeriod: number;
  readonly votingPeriod: number;
  readonly confirmationPeriod: number;
}

export const protocolConfigQueryKey = ['config', 'protocol'] as const;

/** `/api/config/issue`: the deployed protocol's parameters. */
export async function fetchProtocolConfig(client: HttpClient = getApiClient()): Promise<ProtocolConfig> {
  const answer = await client.post<ApiEnvelope<ProtocolConfig>>('/api/config/issue', {});
  return answer.data;
}

import { getApiClient, type ApiEnvelope, type HttpClient } from '@prds/shared/http';
import { type Paged } from '@prds/shared/markets';
import {
  type BoughtStatus,
  type ClaimDue,
  type ClaimTotals,
  type DailySnapshot,
  type DealtTrade,
  type HistoryEntry,
  type HistoryTotals,
  type HoldingItem,
  type HoldingTotals,
  type ReferralReward,
  type ReferralSummary,
  type SnapshotsSummary,
} from '@prds/shared/portfolio';
import { queryKeys } from '@prds/shared/query';

// The portfolio's reads of the api (api/README "Calls"), typed by @prds/api-schema through
// @prds/shared. Every key sits under the account's (queryKeys.account), so a transaction of that
// account — a claim, a buy elsewhere on the page — refreshes them all.

export const PAGE_SIZE = 20;

export const portfolioKeys = {
  all: (account: string) => [...queryKeys.account(account), 'portfolio'] as const,
  holdings: (account: string, status: BoughtStatus, page: number) =>
    [...portfolioKeys.all(account), 'holdings', status, page] as const,
  trades: (account: string, page: number) => [...portfolioKeys.all(account), 'trades', page] as const,
  history: (account: string, page: number) => [...portfolioKeys.all(account), 'history', page] as const,
  claims: (account: string) => [...portfolioKeys.all(account), 'claims'] as const,
  referral: (account: string, page: number) => [...portfolioKeys.all(account), 'referral', page] as const,
  snapshots: (account: string, days: number) => [...portfolioKeys.all(account), 'snapshots', days] as const,
};

export interface HoldingsPage extends Paged<HoldingItem> {
  readonly totals: HoldingTotals;
}

export interface HistoryPage extends Paged<HistoryEntry> {
  readonly totals: HistoryTotals;
}

export interface ClaimsAnswer {
  readonly list: readonly ClaimDue[];
  readonly totals: ClaimTotals;
}

export interface ReferralPage extends Paged<ReferralReward> {
  readonly summary: ReferralSummary;
}

export interface SnapshotsAnswer {
  readonly list: readonly DailySnapshot[];
  readonly summary: SnapshotsSummary;
}

const paging = (page: number) => ({ page, pageSize: PAGE_SIZE });

/** `/api/bought`: the account's markets with its position's figures, and the totals over all of them. */
export async function fetchHoldings(
  account: string,
  status: BoughtStatus,
  page: number,
  client: HttpClient = getApiClient(),
): Promise<HoldingsPage> {
  const answer = await client.post<ApiEnvelope<Paged<HoldingItem>, { totals: HoldingTotals }>>('/api/bought', {
    account,
    status,
    ...paging(page),
  });
  return { ...answer.data, totals: answer.extra?.totals ?? { invested: '0', received: '0', pendingPayoff: '0', profit: '0' } };
}

/** `/api/user-dealt`: the account's buys, newest first. */
export async function fetchTrades(
  account: string,
  page: number,
  client: HttpClient = getApiClient(),
): Promise<Paged<DealtTrade>> {
  const answer = await client.post<ApiEnvelope<Paged<DealtTrade>>>('/api/user-dealt', { account, ...paging(page) });
  return answer.data;
}

/** `/api/user/history`: every USDT movement of the account's positions, newest first. */
export async function fetchHistory(
  account: string,
  page: number,
  client: HttpClient = getApiClient(),
  pageSize = PAGE_SIZE,
): Promise<HistoryPage> {
  const answer = await client.post<ApiEnvelope<Paged<HistoryEntry>, { totals: HistoryTotals }>>('/api/user/history', {
    account,
    page,
    pageSize,
  });
  return { ...answer.data, totals: answer.extra?.totals ?? { paid: '0', received: '0' } };
}

/** The api's largest page: the export reads the history a page at a time. */
const EXPORT_PAGE_SIZE = 100;

/** The whole history (for the CSV export): every page, in the table's order. */
export async function fetchWholeHistory(account: string, client: HttpClient = getApiClient()): Promise<HistoryEntry[]> {
  const rows: HistoryEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchHistory(account, page, client, EXPORT_PAGE_SIZE);
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) return rows;
  }
}

/** `/api/user/claims`: what each claim call pays the account now, per market. */
export async function fetchClaims(account: string, client: HttpClient = getApiClient()): Promise<ClaimsAnswer> {
  const answer = await client.post<ApiEnvelope<{ list: ClaimDue[] }, { totals: ClaimTotals }>>('/api/user/claims', { account });
  return { list: answer.data.list, totals: answer.extra?.totals ?? { usdt: '0', prds: '0' } };
}

/** `/api/referral/rewards`: the account's share of its referrals' fees, per market. */
export async function fetchReferralRewards(
  account: string,
  page: number,
  client: HttpClient = getApiClient(),
): Promise<ReferralPage> {
  const answer = await client.post<ApiEnvelope<Paged<ReferralReward>, ReferralSummary>>('/api/referral/rewards', {
    account,
    ...paging(page),
  });
  return {
    ...answer.data,
    summary: answer.extra ?? { referred: 0, totals: { accrued: '0', claimed: '0', claimable: '0' } },
  };
}

/** `/api/user/snapshots`: the account's running totals per UTC day, newest first, and yesterday's profit. */
export async function fetchSnapshots(
  account: string,
  days: number,
  client: HttpClient = getApiClient(),
): Promise<SnapshotsAnswer> {
  const answer = await client.post<ApiEnvelope<{ list: DailySnapshot[] }, SnapshotsSummary>>('/api/user/snapshots', {
    account,
    days,
  });
  return { list: answer.data.list, summary: answer.extra ?? { yesterday: '', yesterdayProfit: '0', now: 0 } };
}

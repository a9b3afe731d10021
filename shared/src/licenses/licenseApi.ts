/**
 * The api's License calls (api/README "Calls") as typed fetchers: the /nft pages (sale, packets, the
 * License market, My License) and the issue form's License picker read through these. Amounts are
 * decimal strings of 18-decimal pay-token units (wei); times unix seconds of chain time.
 */

import type {
  LicenseEventItem,
  LicenseItem,
  LicenseMarketBody,
  LicenseMarketData,
  Packet,
  PacketsData,
  SaleData,
  SaleType,
  TokensBody,
  TokensData,
  TransactionsBody,
  TransactionsData,
} from '@prds/api-schema';
import type { ApiEnvelope, HttpClient } from '../http/createHttpClient';
import { getApiClient } from '../http/apiClient';
import { queryKeys } from '../query/queryClient';

// The answers' types are the api's own schemas, never retyped here (type imports only).
export {
  LICENSE_TYPES,
  LICENSE_STATES,
  LICENSE_RELATIONS,
  LICENSE_MARKET_KINDS,
  LICENSE_MARKET_SORTS,
  LICENSE_EVENT_KINDS,
} from '@prds/api-schema/literals';
export type {
  LicenseType,
  LicenseState,
  LicenseRelation,
  LicenseMarketKind,
  LicenseMarketSort,
  LicenseEventKind,
} from '@prds/api-schema/literals';
/** One License as every License call answers it. */
export type LicenseView = LicenseItem;
export type LicenseSale = SaleData;
export type LicenseSaleType = SaleType;
export type LicensePacket = Packet;
export type LicenseEventView = LicenseEventItem;
export type LicenseMarketQuery = LicenseMarketBody;
export type LicenseMarketPage = LicenseMarketData;
export type AccountLicensesPage = TokensData;
export type LicenseTransactionsPage = TransactionsData;
export type AccountLicensesQuery = Omit<TokensBody, 'account'>;
export type LicenseTransactionsQuery = TransactionsBody;

/**
 * Query keys of these calls, under `queryKeys.licenses`: a License transaction invalidates that
 * prefix and every License view (sale counts, listings, owned, transactions) refreshes.
 */
export const licenseQueryKeys = {
  sale: [...queryKeys.licenses, 'sale'] as const,
  packets: [...queryKeys.licenses, 'packets'] as const,
  market: (query: LicenseMarketQuery) => [...queryKeys.licenses, 'market', query] as const,
  account: (account: string, query: AccountLicensesQuery = {}) =>
    [...queryKeys.licenses, 'account', account.toLowerCase(), query] as const,
  transactions: (query: LicenseTransactionsQuery) =>
    [...queryKeys.licenses, 'transactions', { ...query, account: query.account?.toLowerCase() }] as const,
};

/** `/api/ticket-sale/sale`: each type's price, properties, how many are minted and remain; the packets. */
export async function fetchLicenseSale(client: HttpClient = getApiClient()): Promise<LicenseSale> {
  return (await client.post<ApiEnvelope<LicenseSale>>('/api/ticket-sale/sale', {})).data;
}

/** `/api/ticket-market/packets`: the packets (Licenses of each type in one, price). */
export async function fetchLicensePackets(client: HttpClient = getApiClient()): Promise<PacketsData> {
  return (await client.post<ApiEnvelope<PacketsData>>('/api/ticket-market/packets', {})).data;
}

/** `/api/ticket-market/detail`: one page of the Licenses listed for sale or for rent. */
export async function fetchLicenseMarket(
  query: LicenseMarketQuery,
  client: HttpClient = getApiClient(),
): Promise<LicenseMarketPage> {
  return (await client.post<ApiEnvelope<LicenseMarketPage>>('/api/ticket-market/detail', query)).data;
}

/** `/api/ticket/tokens`: the Licenses an account owns (listed ones included) and rents. */
export async function fetchAccountLicenses(
  account: string,
  query: AccountLicensesQuery = {},
  client: HttpClient = getApiClient(),
): Promise<AccountLicensesPage> {
  const answer = await client.post<ApiEnvelope<AccountLicensesPage>>('/api/ticket/tokens', {
    ...query,
    account: account.toLowerCase(),
  });
  return answer.data;
}

/** `/api/ticket/transactions`: License events of an account or a token, newest first. */
export async function fetchLicenseTransactions(
  query: LicenseTransactionsQuery,
  client: HttpClient = getApiClient(),
): Promise<LicenseTransactionsPage> {
  const body = query.account === undefined ? query : { ...query, account: query.account.toLowerCase() };
  return (await client.post<ApiEnvelope<LicenseTransactionsPage>>('/api/ticket/transactions', body)).data;
}

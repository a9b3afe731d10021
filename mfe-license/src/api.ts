/**
 * The api's License calls (api/README "Calls") as typed fetchers, read through the page's one api
 * client. They live here, not in @prds/shared, so nothing License-specific is in the first render of
 * other pages; the answers' types are shared's (the api's own schemas).
 */
import { getApiClient, type ApiEnvelope, type HttpClient } from '@prds/shared/http';
import {
  type AccountLicensesPage,
  type AccountLicensesQuery,
  type LicenseMarketPage,
  type LicenseMarketQuery,
  type LicensePackets,
  type LicenseSale,
  type LicenseTransactionsPage,
  type LicenseTransactionsQuery,
} from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';

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

/** `/api/ticket-sale/sale`: each type's price, properties, how many are minted and left; the packets. */
export async function fetchLicenseSale(client: HttpClient = getApiClient()): Promise<LicenseSale> {
  return (await client.post<ApiEnvelope<LicenseSale>>('/api/ticket-sale/sale', {})).data;
}

/** `/api/ticket-market/packets`: the packets (Licenses of each type in one, price). */
export async function fetchLicensePackets(client: HttpClient = getApiClient()): Promise<LicensePackets> {
  return (await client.post<ApiEnvelope<LicensePackets>>('/api/ticket-market/packets', {})).data;
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
  const body = { ...query, account: account.toLowerCase() };
  return (await client.post<ApiEnvelope<AccountLicensesPage>>('/api/ticket/tokens', body)).data;
}

/** `/api/ticket/transactions`: License events of an account or a token, newest first. */
export async function fetchLicenseTransactions(
  query: LicenseTransactionsQuery,
  client: HttpClient = getApiClient(),
): Promise<LicenseTransactionsPage> {
  const body = query.account === undefined ? query : { ...query, account: query.account.toLowerCase() };
  return (await client.post<ApiEnvelope<LicenseTransactionsPage>>('/api/ticket/transactions', body)).data;
}

import type { ApiEnvelope, HttpClient } from '@prds/shared/http';
import { getApiClient } from '@prds/shared/http';
import type { Paged } from '@prds/shared/markets';
import { queryKeys } from '@prds/shared/query';
import type { IssuedMarket, IssuedMarketsExtra, IssuedMarketsQuery } from './issueTypes';

/** One page of `/api/issued`: the markets, and the account's figures over all of them. */
export interface IssuedPage extends Paged<IssuedMarket> {
  readonly extra: IssuedMarketsExtra;
}

/**
 * The one query key of `/api/issued` (the issue remote's 'My markets', the portfolio's Issued tab):
 * under the account's key, so a transaction that refreshes the account (an issue, a cancel, a
 * withdrawal) refreshes it.
 */
export function issuedQueryKey(account: string, query: IssuedMarketsQuery) {
  return [...queryKeys.account(account), 'issued', query] as const;
}

/** `/api/issued`: one page of the markets `account` issued, newest first, with its figures per tab and its frozen margin. */
export async function fetchIssued(
  account: string,
  query: IssuedMarketsQuery,
  client: HttpClient = getApiClient(),
): Promise<IssuedPage> {
  const answer = await client.post<ApiEnvelope<Paged<IssuedMarket>, IssuedMarketsExtra>>('/api/issued', {
    ...query,
    account: account.toLowerCase(),
  });
  if (!answer.extra) throw new Error('/api/issued answered without its extra');
  return { ...answer.data, extra: answer.extra };
}

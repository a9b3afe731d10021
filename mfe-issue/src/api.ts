/**
 * The api's issuing calls (api/README "Calls") as typed fetchers, read through the page's one api
 * client: the metadata a market carries, the issue configuration, the issuer's markets and the
 * Licenses it may issue with. They live in this remote so nothing of issuing is in another page's
 * first render; the answers' types are @prds/shared's (the api's own schemas).
 */
import { getApiClient, type ApiEnvelope, type HttpClient } from '@prds/shared/http';
import { type LangCode } from '@prds/shared/i18n';
import { issuedQueryKey, type IssuedMarketsQuery, type SubmittedMetadata } from '@prds/shared/issue';
import { type AccountLicensesPage, type AccountLicensesQuery, type LicenseView } from '@prds/shared/licenses';
import { type MarketMetadataInput } from '@prds/shared/markets';
import { queryKeys } from '@prds/shared/query';

/** The most Licenses one account's picker reads (the api's largest page). */
const LICENSES_PAGE_SIZE = 100;

/**
 * Query keys of these calls, one per call. The issuer's markets sit under the account's key and the
 * Licenses under `queryKeys.licenses`, so a transaction that invalidates either (an issue, a cancel,
 * a withdrawal, a License bought or rented) refreshes them. Without a wallet (`null`) a key of its
 * own that nothing fetches.
 */
export const issueQueryKeys = {
  issued: (account: string | null, query: IssuedMarketsQuery) =>
    account === null ? (['account', 'none', 'issued', query] as const) : issuedQueryKey(account, query),
  licenses: (account: string | null) =>
    account === null
      ? (['licenses', 'issue', 'none'] as const)
      : ([...queryKeys.licenses, 'issue', account.toLowerCase()] as const),
};

/** `/api/issued`'s page (the schema's `IssuedData`, which @prds/shared does not name yet) with its extra. */
/** `/api/ticket/tokens`: every License `account` owns (listed ones included) or rents now. */
export async function fetchAccountLicenses(
  account: string,
  client: HttpClient = getApiClient(),
): Promise<readonly LicenseView[]> {
  const query: AccountLicensesQuery = { page: 1, pageSize: LICENSES_PAGE_SIZE };
  const answer = await client.post<ApiEnvelope<AccountLicensesPage>>('/api/ticket/tokens', {
    account: account.toLowerCase(),
    ...query,
  });
  return answer.data.list;
}

/**
 * `/api/issue/submit-underlying`'s body as the form sends it: every text of the metadata hash
 * (@prds/contracts' MarketMetadataInput) and the language. @prds/shared does not name the schema's
 * `SubmitBody` yet.
 */
export interface MetadataSubmission extends Required<MarketMetadataInput> {
  readonly language: LangCode;
}

/**
 * `/api/issue/submit-underlying`: stores the market's texts before the transaction. Approved → the
 * hash the issue transaction carries; held for review → 'audit' and no hash; refused → an HttpError
 * whose `field` and `details.reason` say which text and why.
 */
export async function submitMetadata(
  submission: MetadataSubmission,
  client: HttpClient = getApiClient(),
): Promise<SubmittedMetadata> {
  const body = { ...submission, options: [...submission.options] };
  return (await client.post<ApiEnvelope<SubmittedMetadata>>('/api/issue/submit-underlying', body)).data;
}

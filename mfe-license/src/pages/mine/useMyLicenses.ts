import { useMemo } from 'react';
import { type LicenseView } from '@prds/shared/licenses';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@prds/shared/query';
import { fetchAccountLicenses, fetchLicenseTransactions, licenseQueryKeys } from '../../api';

const PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_SIZE = 10;
/** Someone else buys, rents, or a rental runs out while the page is open: look again now and then. */
const REFRESH_MS = 30_000;

/** `/api/ticket/tokens` for the account: every License it owns (listed ones included) or rents, page after page. */
export function useMyLicenses(account: string | null) {
  const result = useInfiniteQuery({
    queryKey: licenseQueryKeys.account(account ?? '', { pageSize: PAGE_SIZE }),
    // Runs only with an account (enabled).
    queryFn: ({ pageParam }) => fetchAccountLicenses(account ?? '', { page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: account !== null,
    refetchInterval: REFRESH_MS,
  });
  const licenses = useMemo<readonly LicenseView[]>(() => result.data?.pages.flatMap((page) => page.list) ?? [], [result.data]);
  return { ...result, licenses, total: result.data?.pages[0]?.total ?? 0 };
}

/** `/api/ticket/transactions` of the account, one page at a time. */
export function useMyLicenseTransactions(account: string | null, page: number) {
  const query = { account: account ?? undefined, page, pageSize: TRANSACTIONS_PAGE_SIZE };
  return useQuery({
    queryKey: licenseQueryKeys.transactions(query),
    queryFn: () => fetchLicenseTransactions(query),
    enabled: account !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

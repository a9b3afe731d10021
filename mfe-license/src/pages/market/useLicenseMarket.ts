import { useMemo } from 'react';
import { type LicenseView } from '@prds/shared/licenses';
import { keepPreviousData, useInfiniteQuery } from '@prds/shared/query';
import { fetchLicenseMarket, licenseQueryKeys } from '../../api';
import { toLicenseMarketQuery, type LicenseMarketFilters } from './licenseMarketFilters';

export const LICENSE_MARKET_PAGE_SIZE = 12;
/** Listings change by other people's hands (bought, rented, a rental ending): look again now and then. */
const REFRESH_MS = 30_000;

/** `/api/ticket-market/detail` for the filters, page after page; a filter change keeps the old list until the new one arrives. */
export function useLicenseMarket(filters: LicenseMarketFilters) {
  const query = useMemo(() => toLicenseMarketQuery(filters), [filters]);
  const result = useInfiniteQuery({
    queryKey: licenseQueryKeys.market(query),
    queryFn: ({ pageParam }) => fetchLicenseMarket({ ...query, page: pageParam, pageSize: LICENSE_MARKET_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const listings = useMemo<readonly LicenseView[]>(() => result.data?.pages.flatMap((page) => page.list) ?? [], [result.data]);
  return { ...result, listings, total: result.data?.pages[0]?.total ?? 0 };
}

import { useState } from 'react';
import { FormattedMessage, keepPreviousData, useQuery, type Address, type BoughtStatus } from '@prds/shared';
import { ListState, Pager } from '../../../common/Table';
import { fetchHoldings, PAGE_SIZE, portfolioKeys } from '../../../portfolioApi';
import type { ClaimStep } from '../claims/claimPlan';
import { PositionsTable } from './PositionsTable';

/**
 * My Positions (`status: 'active'`: running markets and settled ones with something to claim) and
 * Bought (every market the account bought into), from `/api/bought`.
 */
export function HoldingsPanel({
  account,
  status,
  claimsFor,
  busy,
  onClaim,
}: {
  account: Address;
  status: Extract<BoughtStatus, 'active' | 'all'>;
  claimsFor: (marketId: string) => readonly ClaimStep[];
  busy: boolean;
  onClaim: (steps: readonly ClaimStep[]) => void;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: portfolioKeys.holdings(account, status, page),
    queryFn: () => fetchHoldings(account, status, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const testId = status === 'active' ? 'positions' : 'bought';
  return (
    <ListState
      loading={query.isPending}
      error={query.isError ? query.error : null}
      empty={data !== undefined && data.total === 0}
      emptyTitle={
        status === 'active' ? (
          <FormattedMessage id="portfolio.empty.positions" />
        ) : (
          <FormattedMessage id="portfolio.empty.bought" />
        )
      }
      onRetry={() => void query.refetch()}
      data-testid={testId}
    >
      {data !== undefined && (
        <>
          <PositionsTable items={data.list} claimsFor={claimsFor} busy={busy} onClaim={onClaim} data-testid={`${testId}-table`} />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}

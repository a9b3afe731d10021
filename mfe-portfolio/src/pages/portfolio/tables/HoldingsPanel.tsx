import { FormattedMessage } from '@prds/shared/i18n';
import { type BoughtStatus } from '@prds/shared/portfolio';
import { PagedTable, usePagedQuery } from '@prds/shared/ui';
import { type Address } from '@prds/shared/wallet';
import { fetchHoldings, PAGE_SIZE, portfolioKeys } from '../../../api';
import { positionColumns, positionData, positionKey, type PositionActions } from './PositionsTable';

/**
 * My Positions (`status: 'active'`: running markets and settled ones with something to claim) and
 * Bought (every market the account bought into), from `/api/bought`.
 */
export function HoldingsPanel({
  account,
  status,
  ...actions
}: PositionActions & {
  account: Address;
  status: Extract<BoughtStatus, 'active' | 'all'>;
}) {
  const paged = usePagedQuery(
    (page) => portfolioKeys.holdings(account, status, page),
    (page) => fetchHoldings(account, status, page),
  );
  return (
    <PagedTable
      paged={paged}
      pageSize={PAGE_SIZE}
      emptyTitle={
        status === 'active' ? (
          <FormattedMessage id="portfolio.empty.positions" />
        ) : (
          <FormattedMessage id="portfolio.empty.bought" />
        )
      }
      data-testid={status === 'active' ? 'positions' : 'bought'}
      cards
      columns={positionColumns(actions)}
      rowKey={positionKey}
      rowData={positionData}
    />
  );
}

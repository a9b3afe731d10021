import { Link } from 'react-router-dom';
import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { fetchIssued, issuedQueryKey, type IssuedMarket } from '@prds/shared/issue';
import { MarketEvent, MarketStateBadge } from '@prds/shared/markets';
import { paths } from '@prds/shared/routes';
import { Badge, PagedTable, usePagedQuery, type BadgeTone, type Column } from '@prds/shared/ui';
import { type Address } from '@prds/shared/wallet';
import { Row } from '../../../common/layout';
import { TokenAmount } from '../../../common/TokenAmount';
import { PAGE_SIZE } from '../../../api';

const BOND = {
  locked: { message: { id: 'portfolio.issued.bond.locked' }, tone: 'warning' },
  released: { message: { id: 'portfolio.issued.bond.released' }, tone: 'success' },
  slashed: { message: { id: 'portfolio.issued.bond.slashed' }, tone: 'danger' },
} as const satisfies Record<IssuedMarket['bondState'], { message: MessageDescriptor; tone: BadgeTone }>;

const COLUMNS: readonly Column<IssuedMarket>[] = [
  {
    key: 'market',
    header: { id: 'portfolio.col.market' },
    className: 'market',
    cell: (market) => (
      <Link to={paths.detail(market.id)}>
        <MarketEvent market={market} lines={2} />
      </Link>
    ),
  },
  { key: 'state', header: { id: 'portfolio.col.state' }, cell: (market) => <MarketStateBadge market={market} /> },
  {
    key: 'fees',
    header: { id: 'portfolio.col.feesEarned' },
    align: 'end',
    cell: (market) => <TokenAmount wei={market.issuerFee} data-testid={`issued-${market.id}-fees`} />,
  },
  {
    key: 'profit',
    header: { id: 'portfolio.col.issuerProfit' },
    align: 'end',
    cell: (market) => <TokenAmount wei={market.issuerProfit} signed data-testid={`issued-${market.id}-profit`} />,
  },
  {
    key: 'margin',
    header: { id: 'portfolio.col.margin' },
    align: 'end',
    cell: (market) => <TokenAmount wei={market.margin} data-testid={`issued-${market.id}-margin`} />,
  },
  {
    key: 'bond',
    header: { id: 'portfolio.col.bond' },
    cell: (market) => {
      const bond = BOND[market.bondState];
      return (
        <Badge tone={bond.tone} data-testid={`issued-${market.id}-bond`}>
          <FormattedMessage {...bond.message} />
        </Badge>
      );
    },
  },
];

/**
 * The Issued products tab: each market the account issued with the fees it earned, the issuer's
 * profit and its margin — frozen while the bond is locked, free once released — and the margin
 * still frozen over all of them.
 */
export function IssuedPanel({ account }: { account: Address }) {
  const paged = usePagedQuery(
    (page) => issuedQueryKey(account, { page, pageSize: PAGE_SIZE }),
    (page) => fetchIssued(account, { page, pageSize: PAGE_SIZE }),
  );
  return (
    <PagedTable
      paged={paged}
      pageSize={PAGE_SIZE}
      emptyTitle={<FormattedMessage id="portfolio.empty.issued" />}
      data-testid="issued"
      columns={COLUMNS}
      rowKey={(market) => market.id}
      rowData={(market) => ({ 'data-testid': `issued-${market.id}` })}
      above={(answer) => (
        <Row>
          <span data-testid="issued-frozen">
            <FormattedMessage
              id="portfolio.issued.frozenTotal"
              values={{ amount: <TokenAmount wei={answer.extra.frozenMargin} data-testid="issued-frozen-amount" /> }}
            />
          </span>
        </Row>
      )}
    />
  );
}

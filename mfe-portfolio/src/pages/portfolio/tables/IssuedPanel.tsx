import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Badge,
  FormattedMessage,
  MarketEvent,
  MarketStateBadge,
  keepPreviousData,
  paths,
  useQuery,
  type Address,
  type BadgeTone,
  type IssuedMarket,
  type MessageDescriptor,
} from '@prds/shared';
import { Row } from '../../../common/layout';
import { ListState, Pager, Table, TableScroll } from '../../../common/Table';
import { TokenAmount } from '../../../common/TokenAmount';
import { fetchIssued, PAGE_SIZE, portfolioKeys } from '../../../portfolioApi';

const BOND = {
  locked: { message: { id: 'portfolio.issued.bond.locked' }, tone: 'warning' },
  released: { message: { id: 'portfolio.issued.bond.released' }, tone: 'success' },
  slashed: { message: { id: 'portfolio.issued.bond.slashed' }, tone: 'danger' },
} as const satisfies Record<IssuedMarket['bondState'], { message: MessageDescriptor; tone: BadgeTone }>;

/**
 * The Issued products tab: each market the account issued with the fees it earned, the issuer's
 * profit and its margin — frozen while the bond is locked, free once released — and the margin
 * still frozen over all of them.
 */
export function IssuedPanel({ account }: { account: Address }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: portfolioKeys.issued(account, page),
    queryFn: () => fetchIssued(account, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <ListState
      loading={query.isPending}
      error={query.isError ? query.error : null}
      empty={data !== undefined && data.total === 0}
      emptyTitle={<FormattedMessage id="portfolio.empty.issued" />}
      onRetry={() => void query.refetch()}
      data-testid="issued"
    >
      {data !== undefined && (
        <>
          {data.extra !== null && (
            <Row>
              <span data-testid="issued-frozen">
                <FormattedMessage
                  id="portfolio.issued.frozenTotal"
                  values={{ amount: <TokenAmount wei={data.extra.frozenMargin} data-testid="issued-frozen-amount" /> }}
                />
              </span>
            </Row>
          )}
          <TableScroll>
            <Table data-testid="issued-table">
              <thead>
                <tr>
                  <th>
                    <FormattedMessage id="portfolio.col.market" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.state" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.feesEarned" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.issuerProfit" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.margin" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.bond" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((market) => {
                  const bond = BOND[market.bondState];
                  return (
                    <tr key={market.id} data-testid={`issued-${market.id}`}>
                      <td className="market">
                        <Link to={paths.detail(market.id)}>
                          <MarketEvent market={market} lines={2} />
                        </Link>
                      </td>
                      <td>
                        <MarketStateBadge market={market} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={market.issuerFee} data-testid={`issued-${market.id}-fees`} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={market.issuerProfit} signed data-testid={`issued-${market.id}-profit`} />
                      </td>
                      <td className="num">
                        <TokenAmount wei={market.margin} data-testid={`issued-${market.id}-margin`} />
                      </td>
                      <td>
                        <Badge tone={bond.tone} data-testid={`issued-${market.id}-bond`}>
                          <FormattedMessage {...bond.message} />
                        </Badge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}

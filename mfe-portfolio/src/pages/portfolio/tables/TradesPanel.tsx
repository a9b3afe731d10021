import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FormattedMessage,
  MarketEvent,
  OptionName,
  formatMultiplier,
  keepPreviousData,
  paths,
  useQuery,
  type Address,
  useFormat,
} from '@prds/shared';
import { ListState, Pager, Table, TableScroll } from '../../../common/Table';
import { TokenAmount } from '../../../common/TokenAmount';
import { fetchTrades, PAGE_SIZE, portfolioKeys } from '../../../portfolioApi';

/** The option's payout multiplier right after the buy, as the market shows it ('×1.61', net of the fee). */
function paysAfter(value: string | null, locale: string): string {
  const shown = formatMultiplier(value, locale);
  return shown === null ? '--' : `×${shown}`;
}

/** The Invested tab: every buy of the account (`/api/user-dealt`), newest first. */
export function TradesPanel({ account }: { account: Address }) {
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: portfolioKeys.trades(account, page),
    queryFn: () => fetchTrades(account, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <ListState
      loading={query.isPending}
      error={query.isError ? query.error : null}
      empty={data !== undefined && data.total === 0}
      emptyTitle={<FormattedMessage id="portfolio.empty.invested" />}
      onRetry={() => void query.refetch()}
      data-testid="trades"
    >
      {data !== undefined && (
        <>
          <TableScroll>
            <Table data-testid="trades-table">
              <thead>
                <tr>
                  <th>
                    <FormattedMessage id="portfolio.col.time" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.market" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.option" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.paid" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.stake" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.fee" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.paysAfter" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((trade) => (
                  <tr key={`${trade.txHash}:${trade.logIndex}`} data-testid="trade-row" data-market-id={trade.marketId}>
                    <td className="nowrap">
                      <time dateTime={new Date(trade.time * 1000).toISOString()}>{format.dateTime(trade.time)}</time>
                    </td>
                    <td className="market">
                      <Link to={paths.detail(trade.marketId)}>
                        <MarketEvent market={{ id: trade.marketId, event: trade.event }} lines={2} />
                      </Link>
                    </td>
                    <td>
                      <OptionName option={{ index: trade.option, label: trade.optionLabel }} lines={1} />
                    </td>
                    <td className="num">
                      <TokenAmount wei={trade.amount} />
                    </td>
                    <td className="num">
                      <TokenAmount wei={trade.stake} />
                    </td>
                    <td className="num">
                      <TokenAmount wei={trade.fee} />
                    </td>
                    <td className="num">{paysAfter(trade.payoutMultiplier, format.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </ListState>
  );
}

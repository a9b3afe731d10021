import {
  Button,
  EmptyState,
  ErrorNotice,
  FormattedMessage,
  OptionName,
  Skeleton,
  fetchMarketTrades,
  formatAmount,
  queryKeys,
  shortAddress,
  styled,
  useInfiniteQuery,
  useIntl,
  type HttpClient,
  type MarketDetail,
} from '@prds/shared';
import { DetailSection } from '../DetailSection';
import { Usdt } from '../Usdt';

export const TRADES_PAGE_SIZE = 20;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  min-width: 5.6rem;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
    text-align: start;
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
  tbody tr td {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Account = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

/** The market's trades, newest first, a page at a time ('Load more'). */
export function TradeHistory({ market, client }: { market: MarketDetail; client?: HttpClient }) {
  const intl = useIntl();
  const trades = useInfiniteQuery({
    // Under the market's key, so a buy's invalidation refreshes the list too.
    queryKey: [...queryKeys.market(market.id), 'trades', 'pages'],
    queryFn: ({ pageParam }) => fetchMarketTrades(market.id, pageParam, TRADES_PAGE_SIZE, client),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows = trades.data?.pages.flatMap((page) => page.list) ?? [];
  const option = (index: number) => market.options.find((o) => o.index === index) ?? { index, label: null };

  let body;
  if (trades.isError && !trades.data) {
    body = <ErrorNotice error={trades.error} onRetry={() => void trades.refetch()} data-testid="detail-trades-error" />;
  } else if (!trades.data) {
    body = <Skeleton height="4em" />;
  } else if (rows.length === 0) {
    body = <EmptyState title={<FormattedMessage id="market.detail.trades.empty" />} data-testid="detail-trades-empty" />;
  } else {
    body = (
      <>
        <Scroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="market.detail.trades.time" />
                </th>
                <th scope="col">
                  <FormattedMessage id="market.detail.trades.account" />
                </th>
                <th scope="col">
                  <FormattedMessage id="market.detail.trades.option" />
                </th>
                <th scope="col" className="number">
                  <FormattedMessage id="market.detail.trades.amount" />
                </th>
                <th scope="col" className="number">
                  <FormattedMessage id="market.detail.trades.oddsAfter" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((trade) => (
                <tr key={`${trade.txHash}-${trade.logIndex}`} data-testid="trade-row" data-tx={trade.txHash}>
                  <td>
                    <time dateTime={new Date(trade.time * 1000).toISOString()}>
                      {intl.formatDate(trade.time * 1000, { dateStyle: 'short', timeStyle: 'short' })}
                    </time>
                  </td>
                  <td>
                    <Account title={trade.account}>{shortAddress(trade.account)}</Account>
                  </td>
                  <td dir="auto">
                    <OptionName option={option(trade.option)} />
                  </td>
                  <td className="number">
                    <Usdt wei={trade.amount} />
                  </td>
                  <td className="number">{trade.odds === null ? '--' : formatAmount(trade.odds, 2)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        {trades.isError && (
          <ErrorNotice error={trades.error} onRetry={() => void trades.fetchNextPage()} data-testid="detail-trades-error" />
        )}
        {trades.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void trades.fetchNextPage()}
            loading={trades.isFetchingNextPage}
            data-testid="trades-more"
          >
            <FormattedMessage id="market.detail.trades.more" />
          </Button>
        )}
      </>
    );
  }
  return (
    <DetailSection id="trades" testId="detail-trades" title={<FormattedMessage id="market.detail.trades.title" />}>
      {body}
    </DetailSection>
  );
}

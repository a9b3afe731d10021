import { useFormat } from '@prds/shared/format';
import { type HttpClient } from '@prds/shared/http';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { OptionName, fetchMarketTrades, formatMultiplier, type MarketDetail } from '@prds/shared/markets';
import { queryKeys, useInfiniteQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button, EmptyState, ErrorNotice, Skeleton, tableAsCards, Usdt } from '@prds/shared/ui';
import { shortAddress } from '@prds/shared/wallet';
import { DetailSection } from '../DetailSection';

export const TRADES_PAGE_SIZE = 20;

/** The option's payout multiplier right after the trade, as the options show it ('×1.61', net of the fee). */
function paysAfter(value: string | null, locale: string): string {
  const shown = formatMultiplier(value, locale);
  return shown === null ? '--' : `×${shown}`;
}

const Scroll = styled.div`
  overflow-x: auto;
`;

/**
 * From tablet up a table; on a phone each trade is a small card (time on top, then account, option,
 * amount and odds, each under its column's name), so nothing runs off the right edge.
 */
const Table = styled.table`
  width: 100%;
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
  /* The option is the issuer's text: its column takes the room left and wraps (UserText). */
  td.option {
    width: 100%;
    white-space: normal;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
  tbody tr td {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  @media ${({ theme }) => theme.breakpoints.tablet} {
    min-width: 5.6rem;
  }

  @media not all and ${({ theme }) => theme.breakpoints.tablet} {
    ${({ theme }) =>
      tableAsCards(theme, {
        gap: `${theme.spacing.xs} ${theme.spacing.md}`,
        padding: `${theme.spacing.sm} 0`,
        cells: 'tbody tr td, tbody tr td.number',
      })}
    tbody tr {
      border-top: 1px solid ${({ theme }) => theme.colors.border};
    }
    td.time {
      grid-column: 1 / -1;
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.font.size.xs};
    }
  }
`;

const Account = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

/** The market's trades, newest first, a page at a time ('Load more'). */
export function TradeHistory({ market, client }: { market: MarketDetail; client?: HttpClient }) {
  const intl = useIntl();
  const format = useFormat();
  const trades = useInfiniteQuery({
    // Under the market's key, so a buy's invalidation refreshes the list too; refetched whenever the
    // detail's data changes (useRefreshWithDetail), so it never lacks a trade the Volume counts.
    queryKey: [...queryKeys.market(market.id), 'trades', 'pages'],
    queryFn: ({ pageParam }) => fetchMarketTrades(market.id, pageParam, TRADES_PAGE_SIZE, client),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows = trades.data?.pages.flatMap((page) => page.list) ?? [];
  const option = (index: number) => market.options.find((o) => o.index === index) ?? { index, label: null };
  // Each cell names its column for the stacked phone layout, where the table's head is not shown.
  const labels = {
    account: intl.formatMessage({ id: 'market.detail.trades.account' }),
    option: intl.formatMessage({ id: 'market.detail.trades.option' }),
    amount: intl.formatMessage({ id: 'market.detail.trades.amount' }),
    paysAfter: intl.formatMessage({ id: 'market.detail.trades.paysAfter' }),
  };

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
                  <FormattedMessage id="market.detail.trades.paysAfter" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((trade) => (
                <tr key={`${trade.txHash}-${trade.logIndex}`} data-testid="trade-row" data-tx={trade.txHash}>
                  <td className="time">
                    <time dateTime={new Date(trade.time * 1000).toISOString()}>{format.dateTime(trade.time)}</time>
                  </td>
                  <td data-label={labels.account}>
                    <Account title={trade.account}>{shortAddress(trade.account)}</Account>
                  </td>
                  <td className="option" data-label={labels.option} dir="auto">
                    <OptionName option={option(trade.option)} />
                  </td>
                  <td className="number" data-label={labels.amount}>
                    <Usdt wei={trade.amount} />
                  </td>
                  <td className="number" data-label={labels.paysAfter} data-testid="trade-pays-after">
                    {paysAfter(trade.payoutMultiplier, format.locale)}
                  </td>
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

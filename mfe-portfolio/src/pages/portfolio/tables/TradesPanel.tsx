import { Link } from 'react-router-dom';
import { type Format, useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { MarketEvent, OptionName, formatMultiplier } from '@prds/shared/markets';
import { type DealtTrade } from '@prds/shared/portfolio';
import { paths } from '@prds/shared/routes';
import { PagedTable, usePagedQuery, type Column } from '@prds/shared/ui';
import { type Address } from '@prds/shared/wallet';
import { TokenAmount } from '../../../common/TokenAmount';
import { fetchTrades, PAGE_SIZE, portfolioKeys } from '../../../api';

/** The option's payout multiplier right after the buy, as the market shows it ('×1.61', net of the fee). */
function paysAfter(value: string | null, locale: string): string {
  const shown = formatMultiplier(value, locale);
  return shown === null ? '--' : `×${shown}`;
}

function tradeColumns(format: Format): Column<DealtTrade>[] {
  return [
    {
      key: 'time',
      header: { id: 'portfolio.col.time' },
      className: 'nowrap',
      cell: (trade) => <time dateTime={new Date(trade.time * 1000).toISOString()}>{format.dateTime(trade.time)}</time>,
    },
    {
      key: 'market',
      header: { id: 'portfolio.col.market' },
      className: 'market',
      cell: (trade) => (
        <Link to={paths.detail(trade.marketId)}>
          <MarketEvent market={{ id: trade.marketId, event: trade.event }} lines={2} />
        </Link>
      ),
    },
    {
      key: 'option',
      header: { id: 'portfolio.col.option' },
      cell: (trade) => <OptionName option={{ index: trade.option, label: trade.optionLabel }} lines={1} />,
    },
    { key: 'paid', header: { id: 'portfolio.col.paid' }, align: 'end', cell: (trade) => <TokenAmount wei={trade.amount} /> },
    { key: 'stake', header: { id: 'portfolio.col.stake' }, align: 'end', cell: (trade) => <TokenAmount wei={trade.stake} /> },
    { key: 'fee', header: { id: 'portfolio.col.fee' }, align: 'end', cell: (trade) => <TokenAmount wei={trade.fee} /> },
    {
      key: 'paysAfter',
      header: { id: 'portfolio.col.paysAfter' },
      align: 'end',
      cell: (trade) => paysAfter(trade.payoutMultiplier, format.locale),
    },
  ];
}

/** The Invested tab: every buy of the account (`/api/user-dealt`), newest first. */
export function TradesPanel({ account }: { account: Address }) {
  const format = useFormat();
  const paged = usePagedQuery(
    (page) => portfolioKeys.trades(account, page),
    (page) => fetchTrades(account, page),
  );
  return (
    <PagedTable
      paged={paged}
      pageSize={PAGE_SIZE}
      emptyTitle={<FormattedMessage id="portfolio.empty.invested" />}
      data-testid="trades"
      columns={tradeColumns(format)}
      rowKey={(trade) => `${trade.txHash}:${trade.logIndex}`}
      rowData={(trade) => ({ 'data-testid': 'trade-row', 'data-market-id': trade.marketId })}
    />
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type ChainId } from '@prds/shared/chains';
import { useFormat, type Format } from '@prds/shared/format';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from '@prds/shared/i18n';
import { MarketEvent, OptionName } from '@prds/shared/markets';
import { type HistoryEntry, type HistoryKind } from '@prds/shared/portfolio';
import { paths } from '@prds/shared/routes';
import { Button, ErrorNotice, PagedTable, usePagedQuery, type Column } from '@prds/shared/ui';
import { explorerTxUrl, useWallet, type Address } from '@prds/shared/wallet';
import { Row } from '../../../common/layout';
import { TokenAmount } from '../../../common/TokenAmount';
import { fetchHistory, fetchWholeHistory, PAGE_SIZE, portfolioKeys } from '../../../api';
import { historyCsvRows, toCsv } from './historyCsv';

const KIND_LABEL = {
  buy: { id: 'portfolio.history.kind.buy' },
  liquidity: { id: 'portfolio.history.kind.liquidity' },
  payout: { id: 'portfolio.history.kind.payout' },
  refund: { id: 'portfolio.history.kind.refund' },
} as const satisfies Record<HistoryKind, MessageDescriptor>;

function marketName(intl: IntlShape, entry: HistoryEntry): string {
  return entry.event ?? intl.formatMessage({ id: 'common.market.untitled' }, { id: entry.marketId });
}

function optionName(intl: IntlShape, entry: HistoryEntry): string {
  if (entry.option === null) return '';
  return entry.optionLabel ?? intl.formatMessage({ id: 'common.market.option' }, { number: entry.option + 1 });
}

/** Reads the whole history and saves it as a CSV file: the table's rows and figures, every page. */
async function exportCsv(intl: IntlShape, account: Address): Promise<void> {
  const entries = await fetchWholeHistory(account);
  const rows = historyCsvRows(
    entries,
    {
      time: intl.formatMessage({ id: 'portfolio.col.time' }),
      kind: intl.formatMessage({ id: 'portfolio.col.kind' }),
      marketId: intl.formatMessage({ id: 'portfolio.col.marketId' }),
      market: intl.formatMessage({ id: 'portfolio.col.market' }),
      option: intl.formatMessage({ id: 'portfolio.col.option' }),
      paid: intl.formatMessage({ id: 'portfolio.col.paid' }),
      fee: intl.formatMessage({ id: 'portfolio.col.fee' }),
      payout: intl.formatMessage({ id: 'portfolio.col.payout' }),
      refund: intl.formatMessage({ id: 'portfolio.col.refund' }),
      tx: intl.formatMessage({ id: 'portfolio.col.tx' }),
    },
    (entry) => intl.formatMessage(KIND_LABEL[entry.kind]),
    (entry) => marketName(intl, entry),
    (entry) => optionName(intl, entry),
  );
  // A byte-order mark so spreadsheet programs read the UTF-8 (Chinese, Arabic event texts) right.
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `prds-history-${account.toLowerCase()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function historyColumns(format: Format, chainId: ChainId): Column<HistoryEntry>[] {
  return [
    {
      key: 'time',
      header: { id: 'portfolio.col.time' },
      className: 'nowrap wide',
      cell: (entry) => <time dateTime={new Date(entry.time * 1000).toISOString()}>{format.dateTime(entry.time)}</time>,
    },
    { key: 'kind', header: { id: 'portfolio.col.kind' }, cell: (entry) => <FormattedMessage {...KIND_LABEL[entry.kind]} /> },
    {
      key: 'market',
      header: { id: 'portfolio.col.market' },
      className: 'market wide',
      cellData: (entry) => ({ 'data-market-id': entry.marketId }),
      cell: (entry) => (
        <Link to={paths.detail(entry.marketId)}>
          <MarketEvent market={{ id: entry.marketId, event: entry.event }} lines={2} />
        </Link>
      ),
    },
    {
      key: 'option',
      header: { id: 'portfolio.col.option' },
      className: 'wide',
      cell: (entry) =>
        entry.option !== null && <OptionName option={{ index: entry.option, label: entry.optionLabel }} lines={1} />,
    },
    { key: 'paid', header: { id: 'portfolio.col.paid' }, align: 'end', cell: (entry) => <TokenAmount wei={entry.paid} /> },
    { key: 'fee', header: { id: 'portfolio.col.fee' }, align: 'end', cell: (entry) => <TokenAmount wei={entry.fee} /> },
    { key: 'payout', header: { id: 'portfolio.col.payout' }, align: 'end', cell: (entry) => <TokenAmount wei={entry.payout} /> },
    { key: 'refund', header: { id: 'portfolio.col.refund' }, align: 'end', cell: (entry) => <TokenAmount wei={entry.refund} /> },
    {
      key: 'tx',
      header: { id: 'portfolio.col.tx' },
      cell: (entry) => {
        const url = explorerTxUrl(chainId, entry.txHash);
        return url === null ? (
          <code>{entry.txHash.slice(0, 10)}…</code>
        ) : (
          <a href={url} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="tx.viewOnExplorer" />
          </a>
        );
      },
    },
  ];
}

/** The History tab: every USDT movement of the account's positions, newest first, and its CSV export. */
export function HistoryPanel({ account }: { account: Address }) {
  const intl = useIntl();
  const format = useFormat();
  const { desiredChainId } = useWallet();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const paged = usePagedQuery(
    (page) => portfolioKeys.history(account, page),
    (page) => fetchHistory(account, page),
  );

  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportCsv(intl, account);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PagedTable
      paged={paged}
      pageSize={PAGE_SIZE}
      emptyTitle={<FormattedMessage id="portfolio.empty.history" />}
      data-testid="history"
      pagerTestId="history-pager"
      cards
      columns={historyColumns(format, desiredChainId)}
      rowKey={(entry) => `${entry.txHash}:${entry.logIndex}`}
      rowData={(entry) => ({ 'data-testid': 'history-row', 'data-tx': entry.txHash })}
      above={(answer) => (
        <>
          <Row>
            <span data-testid="history-totals">
              <FormattedMessage
                id="portfolio.history.totals"
                values={{
                  count: answer.total,
                  paid: <TokenAmount wei={answer.totals.paid} data-testid="history-total-paid" />,
                  received: <TokenAmount wei={answer.totals.received} data-testid="history-total-received" />,
                }}
              />
            </span>
            <Button
              variant="secondary"
              size="sm"
              loading={exporting}
              disabled={exporting}
              onClick={() => void onExport()}
              data-testid="history-export"
            >
              <FormattedMessage id="portfolio.history.export" />
            </Button>
          </Row>
          {exportError !== null && <ErrorNotice error={exportError} data-testid="history-export-error" />}
        </>
      )}
    />
  );
}

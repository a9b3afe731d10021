import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  ErrorNotice,
  FormattedMessage,
  MarketEvent,
  OptionName,
  explorerTxUrl,
  keepPreviousData,
  paths,
  useFormat,
  useIntl,
  useQuery,
  useWallet,
  type Address,
  type HistoryEntry,
  type HistoryKind,
  type IntlShape,
  type MessageDescriptor,
} from '@prds/shared';
import { Row } from '../../../common/layout';
import { CardTable, ListState, Pager, TableScroll } from '../../../common/Table';
import { TokenAmount } from '../../../common/TokenAmount';
import { fetchHistory, fetchWholeHistory, PAGE_SIZE, portfolioKeys } from '../../../portfolioApi';
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

/** The History tab: every USDT movement of the account's positions, newest first, and its CSV export. */
export function HistoryPanel({ account }: { account: Address }) {
  const intl = useIntl();
  const format = useFormat();
  const { desiredChainId } = useWallet();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const query = useQuery({
    queryKey: portfolioKeys.history(account, page),
    queryFn: () => fetchHistory(account, page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  // Each cell names its column for the phone's cards, where the table's head is not shown.
  const label = (id: string) => intl.formatMessage({ id });

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
    <ListState
      loading={query.isPending}
      error={query.isError ? query.error : null}
      empty={data !== undefined && data.total === 0}
      emptyTitle={<FormattedMessage id="portfolio.empty.history" />}
      onRetry={() => void query.refetch()}
      data-testid="history"
    >
      {data !== undefined && (
        <>
          <Row>
            <span data-testid="history-totals">
              <FormattedMessage
                id="portfolio.history.totals"
                values={{
                  count: data.total,
                  paid: <TokenAmount wei={data.totals.paid} data-testid="history-total-paid" />,
                  received: <TokenAmount wei={data.totals.received} data-testid="history-total-received" />,
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
          <TableScroll>
            <CardTable data-testid="history-table">
              <thead>
                <tr>
                  <th>
                    <FormattedMessage id="portfolio.col.time" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.kind" />
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
                    <FormattedMessage id="portfolio.col.fee" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.payout" />
                  </th>
                  <th className="num">
                    <FormattedMessage id="portfolio.col.refund" />
                  </th>
                  <th>
                    <FormattedMessage id="portfolio.col.tx" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((entry) => {
                  const url = explorerTxUrl(desiredChainId, entry.txHash);
                  return (
                    <tr key={`${entry.txHash}:${entry.logIndex}`} data-testid="history-row" data-tx={entry.txHash}>
                      <td className="nowrap wide" data-col="time" data-label={label('portfolio.col.time')}>
                        <time dateTime={new Date(entry.time * 1000).toISOString()}>{format.dateTime(entry.time)}</time>
                      </td>
                      <td data-col="kind" data-label={label('portfolio.col.kind')}>
                        <FormattedMessage {...KIND_LABEL[entry.kind]} />
                      </td>
                      <td
                        className="market wide"
                        data-col="market"
                        data-market-id={entry.marketId}
                        data-label={label('portfolio.col.market')}
                      >
                        <Link to={paths.detail(entry.marketId)}>
                          <MarketEvent market={{ id: entry.marketId, event: entry.event }} lines={2} />
                        </Link>
                      </td>
                      <td className="wide" data-col="option" data-label={label('portfolio.col.option')}>
                        {entry.option !== null && (
                          <OptionName option={{ index: entry.option, label: entry.optionLabel }} lines={1} />
                        )}
                      </td>
                      <td className="num" data-col="paid" data-label={label('portfolio.col.paid')}>
                        <TokenAmount wei={entry.paid} />
                      </td>
                      <td className="num" data-col="fee" data-label={label('portfolio.col.fee')}>
                        <TokenAmount wei={entry.fee} />
                      </td>
                      <td className="num" data-col="payout" data-label={label('portfolio.col.payout')}>
                        <TokenAmount wei={entry.payout} />
                      </td>
                      <td className="num" data-col="refund" data-label={label('portfolio.col.refund')}>
                        <TokenAmount wei={entry.refund} />
                      </td>
                      <td data-col="tx" data-label={label('portfolio.col.tx')}>
                        {url === null ? (
                          <code>{entry.txHash.slice(0, 10)}…</code>
                        ) : (
                          <a href={url} target="_blank" rel="noopener noreferrer">
                            <FormattedMessage id="tx.viewOnExplorer" />
                          </a>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </CardTable>
          </TableScroll>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} data-testid="history-pager" />
        </>
      )}
    </ListState>
  );
}

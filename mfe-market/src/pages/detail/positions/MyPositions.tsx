import { FormattedMessage } from '@prds/shared/i18n';
import { OptionName, type MarketDetail, type PositionView } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { Skeleton, Usdt } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import { DetailSection, Facts, Muted } from '../DetailSection';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs} 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: start;
    overflow-wrap: anywhere;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
  tbody tr + tr td {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

function PositionFigures({ market, positions }: { market: MarketDetail; positions: PositionView }) {
  const settled = positions.profit !== null;
  return (
    <>
      <Table>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="market.detail.positions.option" />
            </th>
            <th scope="col">
              <FormattedMessage id="market.detail.positions.invested" />
            </th>
            <th scope="col">
              <FormattedMessage id="market.detail.positions.stake" />
            </th>
            <th scope="col">
              <FormattedMessage id="market.detail.positions.pending" />
            </th>
          </tr>
        </thead>
        <tbody>
          {positions.options.map((p) => (
            <tr key={p.option} data-testid={`position-option-${p.option}`}>
              <td dir="auto">
                <OptionName
                  option={{ index: p.option, label: market.options.find((o) => o.index === p.option)?.label ?? p.label }}
                />
              </td>
              <td>
                <Usdt wei={p.invested} />
              </td>
              <td>
                <Usdt wei={p.stake} />
              </td>
              <td>
                <Usdt wei={p.pendingPayoff} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Facts>
        <div>
          <dt>
            <FormattedMessage id="market.detail.positions.totalInvested" />
          </dt>
          <dd data-testid="position-invested" data-value={positions.invested}>
            <Usdt wei={positions.invested} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="market.detail.positions.totalPending" />
          </dt>
          <dd data-testid="position-pending" data-value={positions.pendingPayoff}>
            <Usdt wei={positions.pendingPayoff} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="market.detail.positions.profit" />
          </dt>
          {/* Profit is known only once the market is final (the api sends null before). */}
          <dd data-testid="position-profit" data-value={positions.profit ?? ''}>
            {positions.profit === null ? '--' : <Usdt wei={positions.profit} />}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="market.detail.positions.received" />
          </dt>
          <dd data-testid="position-received" data-value={positions.received}>
            <Usdt wei={positions.received} />
          </dd>
        </div>
        {settled && !positions.claimed && (
          <div>
            <dt>
              <FormattedMessage id="market.detail.positions.claimable" />
            </dt>
            <dd data-testid="position-claimable" data-value={positions.pendingPayoff}>
              <Usdt wei={positions.pendingPayoff} />
            </dd>
          </div>
        )}
      </Facts>
      {!settled && positions.options.length > 1 && (
        <Muted>
          <FormattedMessage id="market.detail.positions.pendingHint" />
        </Muted>
      )}
    </>
  );
}

/** The connected account's position in this market (what it put in, what it may get). */
export function MyPositions({ market, positions }: { market: MarketDetail; positions: PositionView | null }) {
  const { isConnected } = useWallet();
  let body;
  if (!isConnected) {
    body = (
      <Muted data-testid="positions-connect">
        <FormattedMessage id="market.detail.positions.connect" />
      </Muted>
    );
  } else if (positions === null) {
    body = <Skeleton height="3em" />;
  } else if (positions.options.length === 0 && positions.received === '0') {
    body = (
      <Muted data-testid="positions-empty">
        <FormattedMessage id="market.detail.positions.empty" />
      </Muted>
    );
  } else {
    body = <PositionFigures market={market} positions={positions} />;
  }
  return (
    <DetailSection id="positions" testId="detail-positions" title={<FormattedMessage id="market.detail.positions.title" />}>
      {body}
    </DetailSection>
  );
}

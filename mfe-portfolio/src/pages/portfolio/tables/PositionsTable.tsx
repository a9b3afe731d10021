import { Link } from 'react-router-dom';
import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { MarketEvent, MarketStateBadge, OptionName } from '@prds/shared/markets';
import { type HoldingItem } from '@prds/shared/portfolio';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Button, DataTable, type Column, type DataAttributes } from '@prds/shared/ui';
import { TokenAmount } from '../../../common/TokenAmount';
import type { ClaimStep } from '../claims/claimPlan';

const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

/** A position's stake: Σ over its options (what backs the pending payoff). */
export function stakeOf(item: HoldingItem): bigint {
  return item.position.options.reduce((sum, option) => sum + BigInt(option.stake), 0n);
}

export interface PositionActions {
  /** The claim steps due in a market now (none: no button). */
  readonly claimsFor: (marketId: string) => readonly ClaimStep[];
  readonly busy: boolean;
  readonly onClaim: (steps: readonly ClaimStep[]) => void;
}

/**
 * The account's markets with its position's figures (ARCHITECTURE "Position figures"): the market,
 * the options held, invested, stake, pending payoff, payoff received, profit, the state badge and —
 * where the protocol owes something in that market now — its claim button. A card per market on a phone.
 */
export function positionColumns({ claimsFor, busy, onClaim }: PositionActions): Column<HoldingItem>[] {
  const amount = (key: string, header: MessageDescriptor, wei: (item: HoldingItem) => string | bigint | null, signed = false) =>
    ({
      key,
      header,
      align: 'end',
      cell: (item) => <TokenAmount wei={wei(item)} signed={signed} data-testid={`position-${item.market.id}-${key}`} />,
    }) satisfies Column<HoldingItem>;
  return [
    {
      key: 'market',
      header: { id: 'portfolio.col.market' },
      className: 'market wide',
      cell: ({ market }) => (
        <Link to={paths.detail(market.id)}>
          <MarketEvent market={market} lines={2} />
        </Link>
      ),
    },
    {
      key: 'option',
      header: { id: 'portfolio.col.option' },
      className: 'wide',
      cell: ({ market, position }) => (
        <Options>
          {position.options.map((option) => (
            <li key={option.option} data-testid={`position-${market.id}-option-${option.option}`}>
              <OptionName option={{ index: option.option, label: option.label }} lines={1} />
            </li>
          ))}
        </Options>
      ),
    },
    amount('invested', { id: 'portfolio.col.invested' }, (item) => item.position.invested),
    amount('stake', { id: 'portfolio.col.stake' }, stakeOf),
    amount('pending', { id: 'portfolio.col.pendingPayoff' }, (item) => item.position.pendingPayoff),
    amount('received', { id: 'portfolio.col.received' }, (item) => item.position.received),
    amount('profit', { id: 'portfolio.col.profit' }, (item) => item.position.profit, true),
    {
      key: 'state',
      header: { id: 'portfolio.col.state' },
      cell: ({ market }) => <MarketStateBadge market={market} data-testid={`position-${market.id}-state`} />,
    },
    {
      key: 'action',
      header: { id: 'portfolio.col.action' },
      className: 'wide',
      unlabelled: true,
      cell: ({ market }) => {
        const steps = claimsFor(market.id);
        return (
          steps.length > 0 && (
            <Button size="sm" disabled={busy} onClick={() => onClaim(steps)} data-testid={`position-${market.id}-claim`}>
              <FormattedMessage id="portfolio.claim.one" />
            </Button>
          )
        );
      },
    },
  ];
}

export const positionKey = (item: HoldingItem) => item.market.id;
export const positionData = ({ market }: HoldingItem): DataAttributes => ({
  'data-testid': `position-${market.id}`,
  'data-market-id': market.id,
});

/** The positions as a table (a card per market on a phone). */
export function PositionsTable({
  items,
  'data-testid': testId,
  ...actions
}: PositionActions & { items: readonly HoldingItem[]; 'data-testid': string }) {
  return (
    <DataTable
      cards
      columns={positionColumns(actions)}
      rows={items}
      rowKey={positionKey}
      rowData={positionData}
      data-testid={testId}
    />
  );
}

import { Link } from 'react-router-dom';
import {
  Button,
  FormattedMessage,
  MarketEvent,
  MarketStateBadge,
  OptionName,
  paths,
  styled,
  useIntl,
  type HoldingItem,
} from '@prds/shared';
import { CardTable, TableScroll } from '../../../common/Table';
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

/**
 * The account's markets with its position's figures (ARCHITECTURE "Position figures"): the market,
 * the options held, invested, stake, pending payoff, payoff received, profit, the state badge and —
 * where the protocol owes something in that market now — its claim button.
 */
export function PositionsTable({
  items,
  claimsFor,
  busy,
  onClaim,
  'data-testid': testId,
}: {
  items: readonly HoldingItem[];
  /** The claim steps due in a market now (none: no button). */
  claimsFor: (marketId: string) => readonly ClaimStep[];
  busy: boolean;
  onClaim: (steps: readonly ClaimStep[]) => void;
  'data-testid': string;
}) {
  const intl = useIntl();
  // Each cell names its column for the phone's cards, where the table's head is not shown.
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <TableScroll>
      <CardTable data-testid={testId}>
        <thead>
          <tr>
            <th>
              <FormattedMessage id="portfolio.col.market" />
            </th>
            <th>
              <FormattedMessage id="portfolio.col.option" />
            </th>
            <th className="num">
              <FormattedMessage id="portfolio.col.invested" />
            </th>
            <th className="num">
              <FormattedMessage id="portfolio.col.stake" />
            </th>
            <th className="num">
              <FormattedMessage id="portfolio.col.pendingPayoff" />
            </th>
            <th className="num">
              <FormattedMessage id="portfolio.col.received" />
            </th>
            <th className="num">
              <FormattedMessage id="portfolio.col.profit" />
            </th>
            <th>
              <FormattedMessage id="portfolio.col.state" />
            </th>
            <th>
              <FormattedMessage id="portfolio.col.action" />
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const { market, position } = item;
            const steps = claimsFor(market.id);
            return (
              <tr key={market.id} data-testid={`position-${market.id}`} data-market-id={market.id}>
                <td className="market wide" data-label={label('portfolio.col.market')}>
                  <Link to={paths.detail(market.id)}>
                    <MarketEvent market={market} lines={2} />
                  </Link>
                </td>
                <td className="wide" data-label={label('portfolio.col.option')}>
                  <Options>
                    {position.options.map((option) => (
                      <li key={option.option} data-testid={`position-${market.id}-option-${option.option}`}>
                        <OptionName option={{ index: option.option, label: option.label }} lines={1} />
                      </li>
                    ))}
                  </Options>
                </td>
                <td className="num" data-label={label('portfolio.col.invested')}>
                  <TokenAmount wei={position.invested} data-testid={`position-${market.id}-invested`} />
                </td>
                <td className="num" data-label={label('portfolio.col.stake')}>
                  <TokenAmount wei={stakeOf(item)} data-testid={`position-${market.id}-stake`} />
                </td>
                <td className="num" data-label={label('portfolio.col.pendingPayoff')}>
                  <TokenAmount wei={position.pendingPayoff} data-testid={`position-${market.id}-pending`} />
                </td>
                <td className="num" data-label={label('portfolio.col.received')}>
                  <TokenAmount wei={position.received} data-testid={`position-${market.id}-received`} />
                </td>
                <td className="num" data-label={label('portfolio.col.profit')}>
                  <TokenAmount wei={position.profit} signed data-testid={`position-${market.id}-profit`} />
                </td>
                <td data-label={label('portfolio.col.state')}>
                  <MarketStateBadge market={market} data-testid={`position-${market.id}-state`} />
                </td>
                <td className="wide">
                  {steps.length > 0 && (
                    <Button size="sm" disabled={busy} onClick={() => onClaim(steps)} data-testid={`position-${market.id}-claim`}>
                      <FormattedMessage id="portfolio.claim.one" />
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </CardTable>
    </TableScroll>
  );
}

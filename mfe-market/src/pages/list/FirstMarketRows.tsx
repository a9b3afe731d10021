import { type MarketSummary } from '@prds/shared/markets';
import { styled, type Device } from '@prds/shared/theme';
import { MarketRow } from './MarketRow';

/**
 * How many rows the list shows before its virtualizer's chunk is there: more than the tallest
 * window holds (desktop rows are ~105 px, a phone's ~190 px), so the first screen is complete.
 */
export const FIRST_ROWS = 12;

// The same gap between rows as the virtualized list's (VirtualMarketList's Rows): the rows do not move
// when it takes over.
const Rows = styled.div<{ $stale: boolean }>`
  width: 100%;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
  transition: opacity 0.15s ease;

  > [role='listitem'] {
    padding-block-end: ${({ theme }) => theme.spacing.sm};
  }
`;

export interface FirstMarketRowsProps {
  readonly markets: readonly MarketSummary[];
  readonly total: number;
  readonly now: number;
  readonly device: Device;
  readonly stale: boolean;
}

/**
 * The first screen of market rows, in the page's own chunk: the list's first paint does not wait for
 * the virtualizer (@tanstack/react-virtual, its own chunk), which replaces these rows once it has
 * loaded (MarketListResults), before the list can be scrolled far.
 */
export function FirstMarketRows({ markets, total, now, device, stale }: FirstMarketRowsProps) {
  return (
    <Rows role="list" $stale={stale}>
      {markets.slice(0, FIRST_ROWS).map((market, index) => (
        <div key={market.id} role="listitem" aria-posinset={index + 1} aria-setsize={total} data-index={index}>
          <MarketRow market={market} now={now} device={device} />
        </div>
      ))}
    </Rows>
  );
}

import { useEffect, useRef } from 'react';
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
  /**
   * The rows past the first screen are wanted: the last of these rows came within a window's height of
   * the window, or a keyboard moved the focus into the rows; with the market id of the row that holds
   * the focus, if one does, for the rows that take over to keep it there. Called at once where the
   * browser cannot tell (no IntersectionObserver). Keep it stable (useCallback): the rows observe anew when it changes.
   */
  readonly onWantMore: (focusedMarketId: string | null) => void;
}

/**
 * The first screen of market rows, in the page's own chunk: the list's first paint does not wait for
 * the virtualizer (@tanstack/react-virtual, its own chunk), which replaces these rows only once they
 * are about to run out (MarketListResults): replacing them at once painted every row again, which a
 * phone's browser took for the page's largest paint, seconds after the server's HTML had shown them.
 */
export function FirstMarketRows({ markets, total, now, device, stale, onWantMore }: FirstMarketRowsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const last = list?.lastElementChild;
    if (!list || !last || typeof IntersectionObserver === 'undefined') {
      onWantMore(null);
      return undefined;
    }
    // The market whose row holds the focus, if one does: the rows that take over focus the same one.
    const want = () => {
      const focused = document.activeElement instanceof Element ? document.activeElement.closest('[data-market-id]') : null;
      onWantMore(focused && list.contains(focused) ? focused.getAttribute('data-market-id') : null);
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), {
      rootMargin: '0px 0px 100% 0px',
    });
    observer.observe(last);
    // A keyboard moving through the rows: not a pointer's focus, whose click must land on the row it pressed.
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.matches(':focus-visible')) want();
    };
    list.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      list.removeEventListener('focusin', onFocus);
    };
  }, [markets, onWantMore]);
  return (
    <Rows ref={listRef} role="list" $stale={stale}>
      {markets.slice(0, FIRST_ROWS).map((market, index) => (
        <div
          key={market.id}
          role="listitem"
          aria-posinset={index + 1}
          aria-setsize={total}
          data-index={index}
          data-market-id={market.id}
        >
          <MarketRow market={market} now={now} device={device} />
        </div>
      ))}
    </Rows>
  );
}

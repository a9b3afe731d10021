import { useCallback, useEffect, useRef } from 'react';
import { measureElement, useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type MarketSummary } from '@prds/shared/markets';
import { styled, type Device } from '@prds/shared/theme';
import { MarketRow } from './MarketRow';
import { useDocumentTop } from './useDocumentTop';

/** A first guess of a row's height (px) before any is measured; then the measured rows' mean is. */
const ESTIMATED_ROW_HEIGHT = { mobile: 190, tablet: 145, desktop: 105 } as const satisfies Record<Device, number>;

/**
 * Rows rendered beyond each edge of the window. A fast fling brings several rows a frame into view:
 * they must already be mounted and measured below the fold, or the frame shows a gap. The rows
 * mounted per frame depend on the scroll speed alone, so a wider margin costs only DOM size.
 */
export const OVERSCAN = 12;

/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 15;

/**
 * Row heights (by market id) measured the last time the list was on screen, per layout. Back from a
 * market's page lays the rows out where they were, so the scroll offset the browser restores lands on
 * the same rows instead of on estimates.
 */
let remembered: { readonly device: Device; readonly rows: VirtualItem[] } | null = null;

// Rows are absolutely placed by the virtualizer; the gap between them is the item's own padding,
// so the measured height includes it.
const Rows = styled.div<{ $stale: boolean }>`
  position: relative;
  width: 100%;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
  transition: opacity 0.15s ease;

  > [role='listitem'] {
    position: absolute;
    top: 0;
    inset-inline-start: 0;
    width: 100%;
    padding-block-end: ${({ theme }) => theme.spacing.sm};
  }
`;

export interface VirtualMarketListProps {
  readonly markets: readonly MarketSummary[];
  /** Markets matching the filters, loaded or not (for assistive tech's "n of total"). */
  readonly total: number;
  readonly now: number;
  readonly device: Device;
  /** The rows are the previous filters' while the new ones load. */
  readonly stale: boolean;
  /** True when another page may be requested now (there is one, none is on its way, the last did not fail). */
  readonly canLoadMore: boolean;
  readonly onLoadMore: () => void;
  /** The market whose row takes the focus when the list mounts (it had it among the first rows). */
  readonly focusMarketId?: string | null;
}

/**
 * The market rows, virtualized against the window's scroll: only the rows in view (plus a few) are
 * in the DOM, so 10,000 markets scroll like 20. Reaching the end of what is loaded asks for the next page.
 */
/** The window assumed before it is measured: a tall phone's or a laptop's first screen. */
const FIRST_SCREEN = { width: 0, height: 900 };

export function VirtualMarketList({
  markets,
  total,
  now,
  device,
  stale,
  canLoadMore,
  onLoadMore,
  focusMarketId = null,
}: VirtualMarketListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const getItemKey = useCallback((index: number) => markets[index]?.id ?? index, [markets]);
  // Rows not yet rendered are placed at the measured rows' mean height: a close guess puts a new row
  // where it belongs on its first frame and keeps the scrollbar steady. Per layout (device).
  const measured = useRef({ device, total: 0, count: 0 });
  const estimateSize = useCallback(() => {
    const { total, count } = measured.current.device === device ? measured.current : { total: 0, count: 0 };
    return count === 0 ? ESTIMATED_ROW_HEIGHT[device] : total / count;
  }, [device]);
  const measureRow = useCallback<typeof measureElement<HTMLDivElement>>(
    (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      if (measured.current.device !== device) measured.current = { device, total: 0, count: 0 };
      // A row measured while detached or hidden reads 0: no guess for the rows to come.
      if (size > 0) {
        measured.current.total += size;
        measured.current.count += 1;
      }
      return size;
    },
    [device],
  );

  const virtualizer = useWindowVirtualizer({
    count: markets.length,
    estimateSize,
    measureElement: measureRow,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    initialMeasurementsCache: remembered?.device === device ? remembered.rows : undefined,
    // Before the window is measured (a server render, and the page's first render hydrating it) the
    // rows of a first screen are rendered, so the server's HTML shows them and hydration matches.
    initialRect: FIRST_SCREEN,
  });
  useEffect(
    () => () => {
      remembered = { device, rows: virtualizer.takeSnapshot() };
    },
    [device, virtualizer],
  );
  const focusOnMount = useRef(focusMarketId);
  useEffect(() => {
    const id = focusOnMount.current;
    if (id !== null) listRef.current?.querySelector<HTMLElement>(`[data-market-id="${CSS.escape(id)}"] a`)?.focus();
  }, []);
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (canLoadMore && lastRendered >= markets.length - PREFETCH_ROWS) onLoadMore();
  }, [canLoadMore, lastRendered, markets.length, onLoadMore]);

  return (
    <Rows ref={listRef} role="list" $stale={stale} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const market = markets[item.index];
        if (!market) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-posinset={item.index + 1}
            aria-setsize={total}
            data-index={item.index}
            data-market-id={market.id}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <MarketRow market={market} now={now} device={device} />
          </div>
        );
      })}
    </Rows>
  );
}

import { Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { isHttpError } from '@prds/shared/http';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled, type Device } from '@prds/shared/theme';
import { Button, EmptyState, ErrorNotice, Spinner } from '@prds/shared/ui';
import { FirstMarketRows } from './FirstMarketRows';
import { LazyVirtualMarketList, useVirtualMarketListChunk } from './lazyVirtualMarketList';
import { MarketListSkeleton } from './MarketListSkeleton';
import type { MarketListView } from './useMarketList';

const Footer = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 2.5em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  > [role='alert'] {
    flex: 1;
  }
`;

function ListError({
  lead,
  error,
  onRetry,
  testId,
}: {
  lead: 'first' | 'more';
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <ErrorNotice
      data-testid={testId}
      onRetry={onRetry}
      message={
        <>
          {lead === 'first' ? <FormattedMessage id="market.list.error" /> : <FormattedMessage id="market.list.moreError" />}{' '}
          {isHttpError(error) ? (
            <FormattedMessage id={error.messageKey} values={error.values} />
          ) : (
            <FormattedMessage id="common.error.unknown" />
          )}
        </>
      }
    />
  );
}

export interface MarketListResultsProps {
  readonly list: MarketListView;
  readonly now: number;
  readonly device: Device;
  /** The shown filters narrow the list: an empty answer means "no match", not "no markets". */
  readonly filtered: boolean;
  readonly onClearFilters: () => void;
}

/** The virtualized rows were on screen earlier in this page's life: back on the list, they are at once. */
let virtualRowsShown = false;

/** The list's body: skeletons, the api's error with a retry, the empty states, or the rows and their footer. */
export function MarketListResults({ list, now, device, filtered, onClearFilters }: MarketListResultsProps) {
  const virtualRows = useVirtualMarketListChunk();
  // The first rows stay until more are wanted (FirstMarketRows onWantMore, or 'load more'); then the
  // virtualized rows take over, with the focus on the row that had it.
  const [moreWanted, setMoreWanted] = useState<{ readonly focus: string | null } | null>(() =>
    virtualRowsShown ? { focus: null } : null,
  );
  const wantMore = useCallback((focus: string | null) => {
    virtualRowsShown = true;
    setMoreWanted((wanted) => wanted ?? { focus });
  }, []);
  const firstRows = virtualRows === 'loading' || (virtualRows === 'ready' && moreWanted === null);
  if (list.pending) return <MarketListSkeleton />;
  if (list.failed) return <ListError lead="first" error={list.error} onRetry={list.retry} testId="market-list-error" />;

  const empty = list.markets.length === 0;
  return (
    <>
      {list.refreshFailed && !list.moreFailed && (
        <ListError lead="first" error={list.error} onRetry={list.retry} testId="market-list-error" />
      )}
      <div
        data-testid="market-list"
        data-total={list.total}
        data-empty={empty ? (filtered ? 'filtered' : 'none') : undefined}
        aria-busy={list.stale || undefined}
      >
        {empty && !filtered && (
          <EmptyState
            data-testid="market-list-empty"
            title={<FormattedMessage id="market.list.empty" />}
            description={<FormattedMessage id="market.list.emptyHint" />}
            action={
              <Link to={paths.issue()}>
                <FormattedMessage id="market.list.issueLink" />
              </Link>
            }
          />
        )}
        {empty && filtered && (
          <EmptyState
            data-testid="market-list-empty"
            title={<FormattedMessage id="market.list.noResults" />}
            description={<FormattedMessage id="market.list.noResultsHint" />}
            action={
              <Button variant="secondary" size="sm" onClick={onClearFilters}>
                <FormattedMessage id="market.list.clearFilters" />
              </Button>
            }
          />
        )}
        {!empty && firstRows && (
          <FirstMarketRows
            markets={list.markets}
            total={list.total}
            now={now}
            device={device}
            stale={list.stale}
            onWantMore={wantMore}
          />
        )}
        {!empty && !firstRows && (
          <Suspense fallback={<MarketListSkeleton />}>
            <LazyVirtualMarketList
              markets={list.markets}
              total={list.total}
              now={now}
              device={device}
              stale={list.stale}
              canLoadMore={list.hasMore && !list.loadingMore && !list.moreFailed}
              onLoadMore={list.loadMore}
              focusMarketId={moreWanted?.focus ?? null}
            />
          </Suspense>
        )}
      </div>
      {!empty && (list.hasMore || list.loadingMore || list.moreFailed) && (
        <Footer data-testid="market-list-more" aria-live="polite">
          {list.moreFailed ? (
            <ListError lead="more" error={list.error} onRetry={list.loadMore} testId="market-list-more-error" />
          ) : list.loadingMore ? (
            <>
              {/* The text says it; the spinner is only for the eye. */}
              <span aria-hidden="true">
                <Spinner size="1em" />
              </span>
              <FormattedMessage id="market.list.loadingMore" />
            </>
          ) : (
            // Scrolling loads more by itself; the button is for keyboards and for a list too short to scroll.
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                wantMore(null);
                list.loadMore();
              }}
            >
              <FormattedMessage id="market.list.loadMore" />
            </Button>
          )}
        </Footer>
      )}
    </>
  );
}

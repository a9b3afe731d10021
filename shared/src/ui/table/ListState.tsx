import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState';
import { ErrorNotice } from '../ErrorNotice';
import { Skeleton } from '../Skeleton';

export interface ListStateProps {
  readonly loading: boolean;
  readonly error: unknown;
  readonly empty: boolean;
  readonly emptyTitle: ReactNode;
  readonly onRetry: () => void;
  readonly children: ReactNode;
  /** What stands in while loading; three skeleton rows by default. */
  readonly skeleton?: ReactNode;
  /** With it, the states are `<id>-loading`, `<id>-error`, `<id>-empty`. */
  readonly 'data-testid'?: string;
}

/**
 * A list's states as the market list shows them: skeleton rows while loading, the error with a retry,
 * the empty state, else the content.
 */
export function ListState({
  loading,
  error,
  empty,
  emptyTitle,
  onRetry,
  children,
  skeleton,
  'data-testid': testId,
}: ListStateProps) {
  const part = (name: string) => (testId === undefined ? undefined : `${testId}-${name}`);
  if (loading)
    return (
      skeleton ?? (
        <div data-testid={part('loading')} aria-busy="true">
          <Skeleton height="2.5em" />
          <Skeleton height="2.5em" />
          <Skeleton height="2.5em" />
        </div>
      )
    );
  if (error) return <ErrorNotice error={error} onRetry={onRetry} data-testid={part('error')} />;
  if (empty) return <EmptyState title={emptyTitle} data-testid={part('empty')} />;
  return <>{children}</>;
}

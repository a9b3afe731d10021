import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableProps } from './DataTable';
import { ListState } from './ListState';
import { Pager } from './Pager';

/** One page of a list as the api answers it. */
export interface PageOf<Row> {
  readonly list: readonly Row[];
  readonly total: number;
}

/** A paged list's query: the page shown, its setter, and the query of that page (the last page stays up while the next loads). */
export interface PagedQuery<Answer> {
  readonly page: number;
  readonly setPage: (page: number) => void;
  readonly query: UseQueryResult<Answer>;
}

export function usePagedQuery<Answer>(
  queryKey: (page: number) => QueryKey,
  queryFn: (page: number) => Promise<Answer>,
): PagedQuery<Answer> {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: queryKey(page), queryFn: () => queryFn(page), placeholderData: keepPreviousData });
  return { page, setPage, query };
}

export interface PagedTableProps<Row, Answer extends PageOf<Row>> extends Omit<DataTableProps<Row>, 'rows' | 'data-testid'> {
  readonly paged: PagedQuery<Answer>;
  readonly pageSize: number;
  readonly emptyTitle: ReactNode;
  /** The list's states are `<id>-loading`, `-error`, `-empty`; the table is `<id>-table`. */
  readonly 'data-testid': string;
  readonly pagerTestId?: string;
  /** Above the table once the page is in (totals, an export button). */
  readonly above?: (answer: Answer) => ReactNode;
}

/** A paged list's table: its states while loading, failed or empty, then the page's rows from the columns and the pager. */
export function PagedTable<Row, Answer extends PageOf<Row>>({
  paged: { page, setPage, query },
  pageSize,
  emptyTitle,
  'data-testid': testId,
  pagerTestId,
  above,
  ...table
}: PagedTableProps<Row, Answer>) {
  const answer = query.data;
  return (
    <ListState
      loading={query.isPending}
      error={query.isError ? query.error : null}
      empty={answer !== undefined && answer.total === 0}
      emptyTitle={emptyTitle}
      onRetry={() => void query.refetch()}
      data-testid={testId}
    >
      {answer !== undefined && (
        <>
          {above?.(answer)}
          <DataTable {...table} rows={answer.list} data-testid={`${testId}-table`} />
          <Pager page={page} pageSize={pageSize} total={answer.total} onPage={setPage} data-testid={pagerTestId} />
        </>
      )}
    </ListState>
  );
}

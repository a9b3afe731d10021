import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { CardTable, Table, TableScroll } from './tableStyles';

/** `data-*` attributes of a row or a cell (test ids, the ids tests and styles read). */
export type DataAttributes = Readonly<Record<`data-${string}`, string | undefined>>;

/** One column: its head, what its cell shows for a row, how it sits. */
export interface Column<Row> {
  /** Names the column: its cells' `data-col`. */
  readonly key: string;
  readonly header: MessageDescriptor;
  readonly cell: (row: Row) => ReactNode;
  /** 'end' for figures. */
  readonly align?: 'start' | 'end';
  /** The cell's layout classes beside the alignment's: `market`, `nowrap`, `wide` (tableStyles). */
  readonly className?: string;
  /** More `data-*` attributes of the cell. */
  readonly cellData?: (row: Row) => DataAttributes;
  /** A phone's card writes no column name over this cell (an action button says what it is). */
  readonly unlabelled?: boolean;
}

export interface DataTableProps<Row> {
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The row's `data-*` attributes (its test id, the ids tests find it by). */
  readonly rowData?: (row: Row) => DataAttributes;
  /** Below 768px, one card per row with each cell under its column's name (tableAsCards). */
  readonly cards?: boolean;
  readonly 'data-testid'?: string;
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  const classes = [column.align === 'end' ? 'num' : null, column.className ?? null].filter((name) => name !== null);
  return classes.length === 0 ? undefined : classes.join(' ');
}

/** A table drawn from its columns: the heads from their messages, a row per item, a card per row on a phone. */
export function DataTable<Row>({ columns, rows, rowKey, rowData, cards = false, 'data-testid': testId }: DataTableProps<Row>) {
  const intl = useIntl();
  const Frame = cards ? CardTable : Table;
  // Each cell names its column for the phone's cards, where the table's head is not shown.
  const labels = columns.map((column) => (cards && !column.unlabelled ? intl.formatMessage(column.header) : undefined));
  return (
    <TableScroll>
      <Frame data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.align === 'end' ? 'num' : undefined}>
                <FormattedMessage {...column.header} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((column, index) => (
                <td
                  key={column.key}
                  className={cellClass(column)}
                  data-col={column.key}
                  data-label={labels[index]}
                  {...column.cellData?.(row)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Frame>
    </TableScroll>
  );
}

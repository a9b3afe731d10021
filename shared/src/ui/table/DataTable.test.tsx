/**
 * @jest-environment jsdom
 */
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { StoreProvider } from '../../state/store';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { I18nProvider } from '../../i18n/I18nProvider';
import { DataTable, type Column } from './DataTable';
import { PagedTable, usePagedQuery, type PageOf } from './PagedTable';
import { Pager } from './Pager';

const EN = {
  'common.pager.previous': 'Previous',
  'common.pager.next': 'Next',
  'common.pager.page': 'Page {page} of {pages}',
  'common.empty': 'Nothing here yet',
  'common.retry': 'Retry',
  'common.error.unknown': 'Something went wrong',
  't.name': 'Name',
  't.amount': 'Amount',
  't.action': 'Action',
  't.empty': 'No rows',
  't.prev': 'Back',
  't.next': 'On',
  't.page': '{page}/{pages}',
};

async function renderUi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <StoreProvider store={createStore()}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <I18nProvider loadMessages={async () => EN}>{ui}</I18nProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StoreProvider>,
  );
  await act(async () => undefined);
  return view;
}

interface Item {
  readonly id: string;
  readonly amount: number;
}

const COLUMNS: readonly Column<Item>[] = [
  { key: 'name', header: { id: 't.name' }, className: 'market wide', cell: (item) => `Item ${item.id}` },
  {
    key: 'amount',
    header: { id: 't.amount' },
    align: 'end',
    cell: (item) => item.amount,
    cellData: (item) => ({ 'data-v': String(item.amount) }),
  },
  { key: 'action', header: { id: 't.action' }, unlabelled: true, cell: (item) => <button type="button">Go {item.id}</button> },
];

const ITEMS: readonly Item[] = [
  { id: 'a', amount: 1 },
  { id: 'b', amount: 2 },
];

describe('DataTable', () => {
  it('draws the heads from the columns and a row per item, with its data and the cells’ classes', async () => {
    await renderUi(
      <DataTable
        columns={COLUMNS}
        rows={ITEMS}
        rowKey={(item) => item.id}
        rowData={(item) => ({ 'data-testid': `row-${item.id}` })}
        data-testid="t"
      />,
    );
    const table = screen.getByTestId('t');
    expect(Array.from(table.querySelectorAll('thead th')).map((th) => [th.textContent, th.className])).toEqual([
      ['Name', ''],
      ['Amount', 'num'],
      ['Action', ''],
    ]);
    const cells = Array.from(screen.getByTestId('row-b').querySelectorAll('td'));
    expect(cells.map((td) => [td.textContent, td.className, td.dataset.col])).toEqual([
      ['Item b', 'market wide', 'name'],
      ['2', 'num', 'amount'],
      ['Go b', '', 'action'],
    ]);
    expect(cells[1]?.dataset.v).toBe('2');
    // Not cards: no column names over the cells.
    expect(cells.map((td) => td.dataset.label ?? null)).toEqual([null, null, null]);
  });

  it('as cards, names each cell’s column but an unlabelled one’s', async () => {
    await renderUi(<DataTable cards columns={COLUMNS} rows={ITEMS} rowKey={(item) => item.id} data-testid="t" />);
    const row = screen.getByTestId('t').querySelector('tbody tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.dataset.label ?? null)).toEqual(['Name', 'Amount', null]);
  });
});

describe('Pager', () => {
  it('is absent for one page, else pages with the given words and test ids', async () => {
    const onPage = jest.fn();
    const { rerender } = await renderUi(<Pager page={1} pageSize={10} total={10} onPage={onPage} data-testid="p" />);
    expect(screen.queryByTestId('p')).toBeNull();
    rerender(
      <StoreProvider store={createStore()}>
        <ThemeProvider>
          <I18nProvider loadMessages={async () => EN}>
            <Pager
              page={2}
              pageSize={10}
              total={25}
              onPage={onPage}
              messages={{ previous: { id: 't.prev' }, next: { id: 't.next' }, page: { id: 't.page' } }}
              partsTestId="q"
            />
          </I18nProvider>
        </ThemeProvider>
      </StoreProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByTestId('q-page').textContent).toBe('2/3');
    fireEvent.click(screen.getByTestId('q-prev'));
    fireEvent.click(screen.getByTestId('q-next'));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });
});

function Paged({ fetch }: { fetch: (page: number) => Promise<PageOf<Item>> }) {
  const paged = usePagedQuery((page) => ['items', page], fetch);
  return (
    <PagedTable
      paged={paged}
      pageSize={2}
      emptyTitle="No rows"
      data-testid="items"
      pagerTestId="items-pager"
      columns={COLUMNS}
      rowKey={(item) => item.id}
      rowData={(item) => ({ 'data-testid': `item-${item.id}` })}
      above={(answer) => <p data-testid="items-total">{answer.total}</p>}
    />
  );
}

describe('PagedTable', () => {
  it('shows its states, then the page with what goes above it, and pages', async () => {
    const pages: Record<number, readonly Item[]> = { 1: ITEMS, 2: [{ id: 'c', amount: 3 }] };
    const fetch = jest.fn(async (page: number) => ({ list: pages[page] ?? [], total: 3 }));
    await renderUi(<Paged fetch={fetch} />);
    expect(await screen.findByTestId('items-table')).toBeTruthy();
    expect(screen.getByTestId('items-total').textContent).toBe('3');
    expect(screen.getByTestId('item-a')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('items-pager')).getByText('Next'));
    expect(await screen.findByTestId('item-c')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(2);
  });

  it('says so when the list is empty', async () => {
    await renderUi(<Paged fetch={async () => ({ list: [], total: 0 })} />);
    expect((await screen.findByTestId('items-empty')).textContent).toContain('No rows');
  });

  it('shows the error with a retry', async () => {
    await renderUi(<Paged fetch={async () => Promise.reject(new Error('down'))} />);
    expect(await screen.findByTestId('items-error')).toBeTruthy();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import type { MarketSummary } from '@prds/shared/markets';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { marketCard, NOW } from '../../testing/marketCard';
import { FIRST_ROWS, FirstMarketRows } from './FirstMarketRows';

/** An IntersectionObserver the test drives: jsdom lays nothing out, so it has none. */
class DrivenObserver {
  static last: DrivenObserver | null = null;
  readonly observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    DrivenObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed.length = 0;
  }
  /** The observed row comes within the margin of the window (or leaves it). */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const markets = Array.from({ length: 20 }, (_, i) => marketCard(i + 1) as MarketSummary);

function renderRows(onWantMore: (focused: string | null) => void) {
  return render(
    <AppProviders store={createStore()} queryClient={new QueryClient()}>
      <MemoryRouter>
        <FirstMarketRows markets={markets} total={200} now={NOW} device="mobile" stale={false} onWantMore={onWantMore} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('FirstMarketRows', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = original;
    DrivenObserver.last = null;
  });

  test('without an IntersectionObserver the browser cannot say where the rows are: more rows are wanted at once', async () => {
    globalThis.IntersectionObserver = undefined as unknown as typeof IntersectionObserver;
    const onWantMore = jest.fn();
    renderRows(onWantMore);
    await screen.findAllByRole('list');
    expect(onWantMore).toHaveBeenCalledWith(null);
  });

  test('more rows are wanted only once the last first row comes within a window of the window', async () => {
    globalThis.IntersectionObserver = DrivenObserver as unknown as typeof IntersectionObserver;
    const onWantMore = jest.fn();
    renderRows(onWantMore);
    const list = (await screen.findAllByRole('list'))[0]!;
    const rows = [...list.children];
    expect(rows).toHaveLength(FIRST_ROWS);
    const observer = DrivenObserver.last!;
    expect(observer.observed).toEqual([rows[FIRST_ROWS - 1]]);
    expect(observer.options.rootMargin).toBe('0px 0px 100% 0px');

    act(() => observer.report(false));
    expect(onWantMore).not.toHaveBeenCalled();
    act(() => observer.report(true));
    expect(onWantMore).toHaveBeenCalledWith(null);
  });

  test('a keyboard focus in the rows wants more rows with the focused market; a pointer focus does not', async () => {
    globalThis.IntersectionObserver = DrivenObserver as unknown as typeof IntersectionObserver;
    const onWantMore = jest.fn();
    renderRows(onWantMore);
    const link = (await screen.findAllByRole('link'))[4]!;
    const matches = jest.spyOn(link, 'matches');

    matches.mockReturnValue(false);
    link.focus();
    fireEvent.focusIn(link);
    expect(onWantMore).not.toHaveBeenCalled();

    matches.mockImplementation((selector: string) => selector === ':focus-visible');
    fireEvent.focusIn(link);
    expect(onWantMore).toHaveBeenCalledWith('5');
  });
});

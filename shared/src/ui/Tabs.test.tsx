/**
 * @jest-environment jsdom
 */
import { useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { Tabs } from './Tabs';

const EN = { 'common.tabs.scrollBack': 'Show earlier tabs', 'common.tabs.scrollForward': 'Show more tabs' };

const ITEMS = ['all', 'open', 'closingSoon', 'waitingResult', 'challenging', 'finished'].map((value) => ({
  value,
  label: value,
  'data-testid': `tab-${value}`,
}));

async function renderUi(ui: ReactNode, route = '/') {
  const view = render(
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => EN}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await act(async () => undefined);
  return view;
}

/**
 * jsdom lays nothing out: give the list a layout — `width` px shown of a `content` px row of equal tabs,
 * scrolled by `scrollLeft` (≤ 0 right to left, as browsers report it) — and record its scrolling.
 */
function layOut(list: HTMLElement, { width, content }: { width: number; content: number }) {
  let scrollLeft = 0;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const tabWidth = content / tabs.length;
  const rtl = () => getComputedStyle(list).direction === 'rtl';
  Object.defineProperty(list, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(list, 'scrollLeft', {
    configurable: true,
    get: () => scrollLeft,
    set: (next: number) => {
      const room = content - width;
      scrollLeft = rtl() ? Math.min(0, Math.max(-room, next)) : Math.max(0, Math.min(room, next));
    },
  });
  const scrolls: number[] = [];
  list.scrollBy = ((options: ScrollToOptions) => {
    scrolls.push(options.left ?? 0);
    list.scrollLeft += options.left ?? 0;
    fireEvent.scroll(list);
  }) as typeof list.scrollBy;
  list.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width, height: 40 });
  tabs.forEach((tab, index) => {
    tab.getBoundingClientRect = () => {
      // Left to right the row starts at the left edge; right to left at the right edge.
      const fromStart = index * tabWidth - Math.abs(scrollLeft);
      const x = rtl() ? width - fromStart - tabWidth : fromStart;
      return DOMRect.fromRect({ x, y: 0, width: tabWidth, height: 40 });
    };
  });
  return {
    scrolls,
    scrollTo(next: number) {
      list.scrollLeft = next;
      fireEvent.scroll(list);
    },
  };
}

const back = () => screen.queryByTestId('tabs-scroll-back');
const forward = () => screen.queryByTestId('tabs-scroll-forward');

describe('Tabs wider than the screen', () => {
  afterEach(() => document.documentElement.removeAttribute('dir'));

  it('show a button and a fade at the edge they continue past, and none where they fit', async () => {
    await renderUi(
      <Tabs data-testid="tabs" aria-label="Status" value="all" items={ITEMS}>
        panel
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    const row = layOut(list, { width: 300, content: 600 });
    row.scrollTo(0);
    expect(back()).toBeNull();
    expect(forward()).not.toBeNull();
    expect(forward()?.getAttribute('title')).toBe('Show more tabs');
    expect(list.dataset.overflowEnd).toBe('true');
    expect(list.dataset.overflowStart).toBe('false');

    row.scrollTo(150);
    expect(back()).not.toBeNull();
    expect(forward()).not.toBeNull();

    row.scrollTo(300);
    expect(back()).not.toBeNull();
    expect(forward()).toBeNull();
    // At the end nothing fades there: the last tab reads whole.
    expect(list.dataset.overflowEnd).toBe('false');
  });

  it('scroll toward the end and back with the buttons', async () => {
    await renderUi(
      <Tabs data-testid="tabs" aria-label="Status" value="all" items={ITEMS}>
        panel
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    const row = layOut(list, { width: 300, content: 600 });
    row.scrollTo(0);
    fireEvent.click(forward() as HTMLElement);
    expect(row.scrolls.at(-1)).toBeGreaterThan(0);
    expect(list.scrollLeft).toBeGreaterThan(0);
    fireEvent.click(back() as HTMLElement);
    expect(row.scrolls.at(-1)).toBeLessThan(0);
  });

  it('work right to left: the row starts at the right and scrolls to negative offsets', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    await renderUi(
      <div style={{ direction: 'rtl' }}>
        <Tabs data-testid="tabs" aria-label="Status" value="all" items={ITEMS}>
          panel
        </Tabs>
      </div>,
    );
    const list = screen.getByRole('tablist');
    list.style.direction = 'rtl';
    const row = layOut(list, { width: 300, content: 600 });
    row.scrollTo(0);
    expect(back()).toBeNull();
    expect(forward()).not.toBeNull();
    fireEvent.click(forward() as HTMLElement);
    // Toward the end of a right-to-left row is toward the left: a negative scroll.
    expect(row.scrolls.at(-1)).toBeLessThan(0);
    row.scrollTo(-300);
    expect(back()).not.toBeNull();
    expect(forward()).toBeNull();
  });

  it('bring the selected tab into view when it is chosen off screen', async () => {
    function Chooser() {
      const [value, setValue] = useState('all');
      const [, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setValue('finished')}>
            choose finished
          </button>
          <button type="button" onClick={() => setRenders((n) => n + 1)}>
            render again
          </button>
          <Tabs data-testid="tabs" aria-label="Status" value={value} items={ITEMS}>
            panel
          </Tabs>
        </>
      );
    }
    await renderUi(<Chooser />);
    const list = screen.getByRole('tablist');
    const row = layOut(list, { width: 300, content: 600 });
    fireEvent.click(screen.getByText('choose finished'));
    // The last tab (500–600 px of the row) is shown whole in the 300 px window.
    expect(list.scrollLeft).toBe(300);
    // A render that does not change the choice leaves the user's own scrolling alone.
    row.scrollTo(0);
    const before = row.scrolls.length;
    fireEvent.click(screen.getByText('render again'));
    expect(row.scrolls.length).toBe(before);
    expect(list.scrollLeft).toBe(0);
  });

  it('arrow keys that move focus off screen scroll the row to it', async () => {
    await renderUi(
      <Tabs data-testid="tabs" aria-label="Status" value="all" items={ITEMS}>
        panel
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    const row = layOut(list, { width: 300, content: 600 });
    row.scrollTo(0);
    const tabs = screen.getAllByRole('tab');
    (tabs[0] as HTMLElement).focus();
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(tabs[5]);
    expect(list.scrollLeft).toBe(300);
  });
});

describe('Tabs and their panel', () => {
  it('button tabs control one panel, labelled by the selected tab and reachable by Tab', async () => {
    function Chooser() {
      const [value, setValue] = useState('open');
      return (
        <Tabs aria-label="Status" value={value} onChange={setValue} items={ITEMS} data-panel-testid="panel">
          <p>markets {value}</p>
        </Tabs>
      );
    }
    await renderUi(<Chooser />);
    const panel = screen.getByRole('tabpanel', { name: 'open' });
    expect(panel).toBe(screen.getByTestId('panel'));
    expect(panel.textContent).toBe('markets open');
    expect(panel.tabIndex).toBe(0);
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.getAttribute('aria-controls')).toBe(panel.id);
      expect(document.getElementById(tab.id)).toBe(tab);
    }
    // The panel is the tab list's next sibling in the reading order, inside the same component.
    expect(screen.getByRole('tablist').compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'finished' }));
    expect(screen.getByRole('tabpanel', { name: 'finished' })).toBe(panel);
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'finished' }).id);
  });

  it('link tabs: the panel is labelled by the tab of the current route', async () => {
    await renderUi(
      <Routes>
        <Route
          path="/nft/*"
          element={
            <Tabs
              aria-label="License"
              items={[
                { value: 'get', label: 'Get License', to: '/nft' },
                { value: 'mine', label: 'My License', to: '/nft/mine' },
              ]}
            >
              licenses
            </Tabs>
          }
        />
      </Routes>,
      '/nft/mine',
    );
    const panel = screen.getByRole('tabpanel', { name: 'My License' });
    expect(panel.textContent).toBe('licenses');
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    fireEvent.click(screen.getByRole('tab', { name: 'Get License' }));
    expect(screen.getByRole('tabpanel', { name: 'Get License' })).toBe(panel);
  });

  it('two tab sets on one page keep their own ids', async () => {
    await renderUi(
      <>
        <Tabs aria-label="Status" value="all" items={ITEMS}>
          one
        </Tabs>
        <Tabs aria-label="Range" value="open" items={ITEMS}>
          two
        </Tabs>
      </>,
    );
    const panels = screen.getAllByRole('tabpanel');
    expect(panels.map((panel) => panel.textContent)).toEqual(['one', 'two']);
    expect(new Set(panels.map((panel) => panel.id)).size).toBe(2);
    const ids = screen.getAllByRole('tab').map((tab) => tab.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

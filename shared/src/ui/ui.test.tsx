/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { HttpError } from '../http/HttpError';
import { Badge } from './Badge';
import { Button } from './Button';
import { Card } from './Card';
import { EmptyState } from './EmptyState';
import { ErrorNotice } from './ErrorNotice';
import { Input } from './Input';
import { Page } from './Page';
import { PageHeading } from './PageHeading';
import { Select } from './Select';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';
import { Tabs } from './Tabs';

const EN = {
  'common.loading': 'Loading…',
  'common.empty': 'Nothing here yet',
  'common.retry': 'Retry',
  'common.error.http': 'Request failed ({status})',
  'common.error.unknown': 'Something went wrong',
};

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

describe('layout', () => {
  it('Page is the main landmark and PageHeading its one h1', async () => {
    await renderUi(
      <Page data-testid="page-x">
        <PageHeading description="Sub" actions={<Button>Go</Button>}>
          Markets
        </PageHeading>
        <Card>Body</Card>
      </Page>,
    );
    const main = screen.getByRole('main');
    expect(main.dataset.testid).toBe('page-x');
    expect(
      within(main)
        .getAllByRole('heading', { level: 1 })
        .map((h) => h.textContent),
    ).toEqual(['Markets']);
    expect(screen.getByText('Sub')).toBeTruthy();
  });
});

describe('Button', () => {
  it('is type=button by default and calls onClick', async () => {
    const onClick = jest.fn();
    await renderUi(<Button onClick={onClick}>Buy</Button>);
    const button = screen.getByRole('button', { name: 'Buy' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading it is disabled, busy and shows a spinner that does not change its name', async () => {
    const onClick = jest.fn();
    await renderUi(
      <Button loading onClick={onClick} variant="secondary">
        Buy
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Buy' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(button).getByRole('status', { hidden: true })).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not leak styling props to the DOM', async () => {
    await renderUi(
      <Button variant="ghost" size="lg" block>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    for (const attr of ['variant', 'size', 'block', '$variant', '$size']) expect(button.hasAttribute(attr)).toBe(false);
  });
});

describe('form controls', () => {
  it('Input and Select are native controls', async () => {
    await renderUi(
      <>
        <Input aria-label="Search" placeholder="Please enter search content" aria-invalid />
        <Select aria-label="Sort" defaultValue="newest">
          <option value="volume">Volume</option>
          <option value="newest">Newest</option>
        </Select>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Search' });
    expect(input.getAttribute('placeholder')).toBe('Please enter search content');
    const select = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect(select.value).toBe('newest');
    fireEvent.change(select, { target: { value: 'volume' } });
    expect(select.value).toBe('volume');
  });
});

describe('Tabs', () => {
  it('button tabs: one selected, click reports the value, arrows move focus', async () => {
    const onChange = jest.fn();
    await renderUi(
      <Tabs
        aria-label="Views"
        value="all"
        onChange={onChange}
        items={[
          { value: 'all', label: 'All' },
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
        ]}
      >
        panel
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    fireEvent.click(tabs[1] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('open');
    (tabs[0] as HTMLElement).focus();
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
  });

  it('link tabs: the tab of the current route is selected', async () => {
    await renderUi(
      <Routes>
        <Route
          path="/nft/*"
          element={
            <Tabs
              items={[
                { value: 'get', label: 'Get License', to: '/nft' },
                { value: 'mine', label: 'My License', to: '/nft/mine' },
              ]}
            >
              panel
            </Tabs>
          }
        />
      </Routes>,
      '/nft/mine',
    );
    const get = screen.getByRole('tab', { name: 'Get License' });
    const mine = screen.getByRole('tab', { name: 'My License' });
    expect(get.getAttribute('aria-selected')).toBe('false');
    expect(mine.getAttribute('aria-selected')).toBe('true');
    expect(mine.getAttribute('href')).toBe('/nft/mine');
    fireEvent.click(get);
    expect(screen.getByRole('tab', { name: 'Get License' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('feedback', () => {
  it('EmptyState says "Nothing here yet" unless told otherwise', async () => {
    await renderUi(<EmptyState />);
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
  });

  it('ErrorNotice shows an HttpError by its key and offers a retry', async () => {
    const onRetry = jest.fn();
    const error = new HttpError({
      kind: 'status',
      status: 503,
      messageKey: 'common.error.http',
      values: { status: 503 },
      message: 'x',
    });
    await renderUi(<ErrorNotice error={error} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Request failed (503)');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ErrorNotice never shows a raw non-HTTP error text', async () => {
    await renderUi(<ErrorNotice error={new Error('TypeError: x is undefined')} />);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
  });

  it('Spinner, Skeleton and Badge', async () => {
    await renderUi(
      <>
        <Spinner />
        <Skeleton width="2rem" />
        <Badge tone="success">Open</Badge>
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(document.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Open').hasAttribute('tone')).toBe(false);
  });
});

describe('theme tokens only', () => {
  it('no UI kit file hard-codes a colour', () => {
    const dir = __dirname;
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.tsx'))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(dir, f), 'utf8');
        return /#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(|\b(?:white|black)\b(?!-)/.test(text) ? [f] : [];
      });
    expect(offenders).toEqual([]);
  });
});

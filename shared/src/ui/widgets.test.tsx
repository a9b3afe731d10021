/**
 * @jest-environment jsdom
 */
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { CopyButton } from './CopyButton';
import { Usdt } from './Usdt';

const EN = { 'common.amount': '{amount} {symbol}' };

async function renderUi(ui: ReactNode) {
  const view = render(
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => EN}>{ui}</I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await act(async () => undefined);
  return view;
}

function setClipboard(writeText: ((text: string) => Promise<void>) | null) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText && { writeText }, configurable: true });
}

afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('Usdt', () => {
  it('writes base units as whole USDT, 4 decimals rounded down, and -- while unknown', async () => {
    await renderUi(
      <>
        <span data-testid="a">
          <Usdt wei={1234567890000000000000n} />
        </span>
        <span data-testid="b">
          <Usdt wei="1999999" />
        </span>
        <span data-testid="c">
          <Usdt wei={null} />
        </span>
        <span data-testid="d">
          <Usdt wei={undefined} />
        </span>
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('1,234.5678 USDT');
    expect(screen.getByTestId('b').textContent).toBe('0 USDT');
    expect(screen.getByTestId('c').textContent).toBe('--');
    expect(screen.getByTestId('d').textContent).toBe('--');
  });
});

describe('CopyButton', () => {
  const ui = (
    <CopyButton text="0xabc" copied="Copied" manualLabel="Link" aria-label="Copy link" data-testid="x" manualTestId="x-url">
      Copy
    </CopyButton>
  );

  it('copies the text and says so for a moment', async () => {
    jest.useFakeTimers();
    try {
      const copied: string[] = [];
      setClipboard(async (text) => void copied.push(text));
      await renderUi(ui);
      expect(screen.getByTestId('x').getAttribute('aria-label')).toBe('Copy link');
      await act(async () => fireEvent.click(screen.getByTestId('x')));
      expect(copied).toEqual(['0xabc']);
      expect(screen.getByTestId('x-copied').textContent).toBe('Copied');
      act(() => jest.advanceTimersByTime(2500));
      expect(screen.queryByTestId('x-copied')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the text selected to copy by hand where the clipboard is refused', async () => {
    setClipboard(null);
    await renderUi(ui);
    await act(async () => fireEvent.click(screen.getByTestId('x')));
    const field = screen.getByTestId('x-url') as HTMLInputElement;
    expect(field.value).toBe('0xabc');
    expect(field.getAttribute('aria-label')).toBe('Link');
    expect(screen.queryByTestId('x-copied')).toBeNull();
  });
});

/**
 * @jest-environment jsdom
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import en from '@prds/locales/en.json';
import { StoreProvider } from '../state/store';
import { I18nProvider } from '../i18n/I18nProvider';
import { PayoutMultiplier, formatMultiplier } from './PayoutMultiplier';

describe('formatMultiplier', () => {
  it("shows the api's payout multiplier with two decimals, rounded down", () => {
    expect(formatMultiplier('1.633333', 'en')).toBe('1.63');
    expect(formatMultiplier('2.999999', 'en')).toBe('2.99');
    expect(formatMultiplier('2.94', 'en')).toBe('2.94');
    expect(formatMultiplier('1234.5', 'en')).toBe('1,234.5');
  });

  it("writes the figure in the language's marks", () => {
    expect(formatMultiplier('1.633333', 'de')).toBe('1,63');
    expect(formatMultiplier('1234.5', 'de')).toBe('1.234,5');
    expect(formatMultiplier('1234.5', 'fr')).toBe('1\u202f234,5');
  });

  it('is null while the option has no stake (never another figure in its place)', () => {
    expect(formatMultiplier(null, 'en')).toBeNull();
    expect(formatMultiplier('', 'en')).toBeNull();
  });
});

describe('PayoutMultiplier', () => {
  async function renderMultiplier(payoutMultiplier: string | null) {
    cleanup();
    render(
      <StoreProvider store={createStore()}>
        <I18nProvider loadMessages={async () => en}>
          <span data-testid="host">
            <PayoutMultiplier option={{ payoutMultiplier }} data-testid="multiplier" />
          </span>
        </I18nProvider>
      </StoreProvider>,
    );
    await act(async () => undefined);
  }

  it("reads '×1.63' with what it means as its tooltip", async () => {
    await renderMultiplier('1.633333');
    const shown = screen.getByTestId('multiplier');
    expect(shown.textContent).toBe('×1.63');
    expect(shown.dataset.value).toBe('1.633333');
    expect(shown.getAttribute('title')).toBe(
      'Pays ×1.63 for each USDT paid if this option wins (at the current pool, after the fee)',
    );
  });

  it('shows nothing while the option has no stake', async () => {
    await renderMultiplier(null);
    expect(screen.getByTestId('host').textContent).toBe('');
  });
});

/**
 * @jest-environment jsdom
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import en from '@prds/locales/en.json';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { Countdown, Probability, TradingEnds, countdownParts, formatProbability, leadingOptions } from './marketText';

async function renderText(ui: React.ReactNode) {
  cleanup();
  render(
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => en}>
          <span data-testid="text">{ui}</span>
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await act(async () => undefined);
  return screen.getByTestId('text').textContent;
}

const NOW = 1_800_000_000;

describe('market text', () => {
  it('rounds a probability down to two decimals of a percent', async () => {
    expect(formatProbability('0.666666', 'en')).toBe('66.66');
    expect(formatProbability('0.666666', 'ru')).toBe('66,66');
    expect(formatProbability(null, 'en')).toBeNull();
    expect(await renderText(<Probability value={null} />)).toBe('--');
  });

  it('splits a countdown and never goes below zero', async () => {
    expect(countdownParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(await renderText(<Countdown target={NOW + 3661} now={NOW} />)).toBe('0d 01:01:01');
  });

  it('says when trading ends, ended, or closed before its time', async () => {
    expect(await renderText(<TradingEnds market={{ lastTradingTime: NOW + 5 * 3600, state: 'Open' }} now={NOW} />)).toBe(
      'Trading ends in 5 hours',
    );
    expect(
      await renderText(<TradingEnds market={{ lastTradingTime: NOW + 5 * 3600, state: 'EarlyConfirmed' }} now={NOW} />),
    ).toBe('Trading closed');
    expect(await renderText(<TradingEnds market={{ lastTradingTime: NOW - 60, state: 'Closed' }} now={NOW} />)).toMatch(
      /^Trading ended /,
    );
  });
});

describe('leadingOptions', () => {
  const option = (index: number, probability: string | null) => ({ index, probability });

  it('keeps the most probable, most probable first', () => {
    const options = [option(0, '0.2'), option(1, '0.5'), option(2, '0.3')];
    expect(leadingOptions(options, 2).map((o) => o.index)).toEqual([1, 2]);
  });

  it('puts options without a stake last, lower index first on a tie', () => {
    const options = [option(0, null), option(1, '0.25'), option(2, '0.25'), option(3, null)];
    expect(leadingOptions(options, 4).map((o) => o.index)).toEqual([1, 2, 0, 3]);
  });
});

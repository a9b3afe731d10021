/**
 * @jest-environment jsdom
 */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { langAtom } from '../i18n/langAtom';
import type { LangCode } from '../i18n/languages';
import { TransactionStatus } from './TransactionStatus';
import { minedFailure } from './runtime/minedFailure';
import type { TxState } from './transactionTypes';

const HASH = `0x${'ab'.repeat(32)}`;
const replayed: TxState = {
  phase: 'failed',
  step: 'main',
  messageKey: 'market.detail.buy.failed',
  hash: HASH,
  explorerUrl: null,
  reason: 'reverted',
};

async function renderIn(lang: LangCode, state: TxState) {
  const store = createStore();
  store.set(langAtom, lang);
  render(
    <StoreProvider store={store}>
      <ThemeProvider>
        <I18nProvider>
          <TransactionStatus state={state} />
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  await screen.findByTestId('tx-message', {}, { timeout: 4000 });
  await act(async () => undefined);
}

describe('TransactionStatus of a transaction mined with status 0', () => {
  it('says in words that a buy ran out of gas, changed nothing and cost its gas, as an alert', async () => {
    await renderIn('en', minedFailure(replayed, 103_771n, 103_771n, 'market.detail.buy.failed'));
    const status = screen.getByTestId('tx-status');
    expect(status.getAttribute('data-phase')).toBe('failed');
    // Said at once: inside the assertive live region that was in the page before the failure.
    expect(status.closest('[aria-live="assertive"]')).toBe(screen.getByTestId('tx-alert-region'));
    expect(status.textContent).toContain(
      'The transaction ran out of gas and was reverted on chain: nothing changed, but the network kept its gas fee. Please try again.',
    );
    expect(screen.getByTestId('tx-reason').textContent).toBe('out of gas: 103771 of 103771');
    expect(screen.getByTestId('tx-hash').textContent).toBe(HASH);
  });

  it("says it in the page's language", async () => {
    await renderIn('de', minedFailure(replayed, 50_000n, 200_000n, 'market.detail.buy.failed'));
    expect(screen.getByTestId('tx-status').textContent).toContain(
      'Die Transaktion wurde auf der Chain rückgängig gemacht: Nichts hat sich geändert, aber das Netzwerk hat die Gasgebühr einbehalten.',
    );
  });
});

const EN = {
  'common.loading': 'Loading…',
  'tx.pending': 'Transaction pending',
  'tx.failed': 'Transaction failed',
  'tx.confirmed': 'Confirmed',
};

function wrap(ui: ReactNode) {
  return (
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => EN}>{ui}</I18nProvider>
      </ThemeProvider>
    </StoreProvider>
  );
}

const state = (phase: TxState['phase'], messageKey: string): TxState => ({
  phase,
  step: 'main',
  messageKey,
  hash: null,
  explorerUrl: null,
  reason: null,
});

describe('TransactionStatus', () => {
  it('has its live regions in the page before the first message, and fills them in place', async () => {
    const view = render(wrap(<TransactionStatus state={null} />));
    await act(async () => undefined);
    const polite = screen.getByTestId('tx-region');
    const assertive = screen.getByTestId('tx-alert-region');
    expect(polite.getAttribute('aria-live')).toBe('polite');
    expect(assertive.getAttribute('aria-live')).toBe('assertive');
    expect(polite.textContent).toBe('');
    expect(assertive.textContent).toBe('');
    expect(screen.queryByTestId('tx-status')).toBeNull();

    // The message arrives in the region that was already there (the same node), not in a new one.
    view.rerender(wrap(<TransactionStatus state={state('pending', 'tx.pending')} />));
    expect(screen.getByTestId('tx-region')).toBe(polite);
    expect(polite.textContent).toContain('Transaction pending');
    expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('pending');

    view.rerender(wrap(<TransactionStatus state={state('confirmed', 'tx.confirmed')} />));
    expect(polite.textContent).toContain('Confirmed');

    // A failure is said at once, in the assertive region, and the polite one empties.
    view.rerender(wrap(<TransactionStatus state={state('failed', 'tx.failed')} />));
    expect(screen.getByTestId('tx-alert-region')).toBe(assertive);
    expect(assertive.textContent).toContain('Transaction failed');
    expect(polite.textContent).toBe('');
  });
});

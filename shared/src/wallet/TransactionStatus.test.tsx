/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { I18nProvider } from '../i18n/I18nProvider';
import { langAtom } from '../state/atoms';
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
    expect(status.getAttribute('role')).toBe('alert');
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

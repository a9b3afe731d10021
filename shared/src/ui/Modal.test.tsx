/**
 * @jest-environment jsdom
 */
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { I18nProvider } from '../i18n/I18nProvider';
import { StoreProvider } from '../state/store';
import { ThemeProvider } from '../theme/ThemeProvider';
import { Modal } from './Modal';

/** A page with a button that opens a confirmation, as the License and portfolio pages will. */
function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Sell
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Sell this License?"
          data-testid="confirm"
          closeTestId="confirm-close"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <p>It is listed until you cancel.</p>
          <button type="button">Cancel</button>
          <button type="button">Sell</button>
        </Modal>
      )}
    </main>
  );
}

async function renderPage(onClose?: () => void) {
  render(
    <StoreProvider store={createStore()}>
      <ThemeProvider>
        <I18nProvider loadMessages={async () => ({ 'common.close': 'Close' })}>
          <Page onClose={onClose} />
        </I18nProvider>
      </ThemeProvider>
    </StoreProvider>,
  );
  const opener = await screen.findByRole('button', { name: 'Sell' });
  act(() => opener.focus());
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

describe('Modal', () => {
  it('is a modal dialog over the page, named by its title, holding the focus', async () => {
    const { dialog } = await renderPage();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Sell this License?' })).toBe(dialog);
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(document.activeElement).toBe(dialog);
    expect(screen.getByTestId('confirm-close').getAttribute('aria-label')).toBe('Close');
  });

  it('wraps Tab and Shift+Tab inside the dialog', async () => {
    const { dialog } = await renderPage();
    const [close, , last] = Array.from(dialog.querySelectorAll('button'));
    act(() => last?.focus());
    fireEvent.keyDown(last as HTMLElement, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close as HTMLElement, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // From the dialog itself (where it starts), Shift+Tab goes to the last control, not the page.
    act(() => dialog.focus());
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
    ['the close button', () => fireEvent.click(screen.getByTestId('confirm-close'))],
    ['a press on the backdrop', () => fireEvent.mouseDown(screen.getByRole('dialog').parentElement as HTMLElement)],
  ])('closes on %s and gives the focus back to the button that opened it', async (_how, close) => {
    const onClose = jest.fn();
    const { opener } = await renderPage(onClose);
    close();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on a press inside the panel', async () => {
    const onClose = jest.fn();
    const { dialog } = await renderPage(onClose);
    fireEvent.mouseDown(dialog);
    fireEvent.mouseDown(screen.getByText('It is listed until you cancel.'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@prds/shared/providers';
import { createStore, type PrdsStore } from '@prds/shared/state';
import { deviceAtom } from '@prds/shared/theme';
import { LangSwitch } from './LangSwitch';

async function renderSwitch(store: PrdsStore = createStore()) {
  render(
    <AppProviders store={store} queryClient={new QueryClient()}>
      <MemoryRouter>
        <LangSwitch />
        <button type="button">after</button>
      </MemoryRouter>
    </AppProviders>,
  );
  const trigger = await screen.findByRole('button', { name: /Language/ });
  await waitFor(() => expect(trigger.getAttribute('data-value')).toBe('en'));
  return trigger;
}

const listbox = () => screen.getByRole('listbox', { name: 'Language' });
const activeOption = () => document.getElementById(listbox().getAttribute('aria-activedescendant') ?? '');

afterEach(() => localStorage.clear());

describe('LangSwitch', () => {
  it('is a button named by its label and the current language that opens a listbox of the 12 languages', async () => {
    const trigger = await renderSwitch();
    expect(trigger.getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.textContent).toContain('English');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(listbox().id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('data-value'))).toEqual([
      'en',
      'zh',
      'ko',
      'fr',
      'ru',
      'de',
      'es',
      'ar',
      'ja',
      'th',
      'ms',
      'vi',
    ]);
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('English');
    expect(document.activeElement).toBe(listbox());
    expect(activeOption()?.textContent).toBe('English');
  });

  it('moves through the list with the arrows without switching, and switches on Enter', async () => {
    const trigger = await renderSwitch();
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyDown(listbox(), { key: 'ArrowDown' });
    fireEvent.keyDown(listbox(), { key: 'ArrowDown' });
    expect(activeOption()?.textContent).toBe('한국어');
    // Two steps down the list and the site is still in English.
    expect(trigger.getAttribute('data-value')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('prds.lang')).not.toBe('ko');

    fireEvent.keyDown(listbox(), { key: 'Enter' });
    await waitFor(() => expect(trigger.getAttribute('data-value')).toBe('ko'));
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem('prds.lang')).toBe('ko');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('leaves the language as it was on Escape or Tab', async () => {
    const trigger = await renderSwitch();
    fireEvent.click(trigger);
    fireEvent.keyDown(listbox(), { key: 'End' });
    expect(activeOption()?.textContent).toBe('Tiếng Việt');
    fireEvent.keyDown(listbox(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.keyDown(listbox(), { key: 'ArrowDown' });
    fireEvent.keyDown(listbox(), { key: 'Tab' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.getAttribute('data-value')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches on a click on a language', async () => {
    const trigger = await renderSwitch();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect(trigger.getAttribute('data-value')).toBe('de'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the code on a phone and keeps the name for screen readers', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      const store = createStore();
      const trigger = await renderSwitch(store);
      expect(store.get(deviceAtom)).toBe('mobile');
      expect(trigger.textContent?.startsWith('EN')).toBe(true);
      expect(screen.getByRole('button', { name: 'Language EN English' })).toBe(trigger);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});

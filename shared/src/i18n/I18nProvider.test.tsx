/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { langAtom } from './langAtom';
import { I18nProvider, type MessagesLoader } from './I18nProvider';
import type { LangCode } from './languages';

const TEXT: Partial<Record<LangCode, string>> = { en: 'Retry', fr: 'Réessayer', ar: 'إعادة المحاولة' };

/** Serves messages like the locale chunks do, and records what was asked for. */
function makeLoader(failing: readonly LangCode[] = []) {
  const requested: LangCode[] = [];
  const load: MessagesLoader = async (lang) => {
    requested.push(lang);
    const text = TEXT[lang];
    if (failing.includes(lang) || text === undefined) throw new Error(`chunk for ${lang} failed`);
    return { 'common.retry': text };
  };
  return { load, requested };
}

function setBrowserLanguages(languages: readonly string[]) {
  Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => languages });
}

function renderWith(load: MessagesLoader) {
  const store = createStore();
  const view = render(
    <StoreProvider store={store}>
      <I18nProvider loadMessages={load} fallback={<span>booting</span>}>
        <p data-testid="text">
          <FormattedMessage id="common.retry" />
        </p>
      </I18nProvider>
    </StoreProvider>,
  );
  return { store, view };
}

beforeEach(() => {
  localStorage.clear();
  setBrowserLanguages(['en-US']);
});

describe('I18nProvider', () => {
  it('shows the fallback until messages load, then the text, and marks <html lang dir>', async () => {
    const { load } = makeLoader();
    renderWith(load);
    expect(screen.getByText('booting')).toBeTruthy();
    expect((await screen.findByTestId('text')).textContent).toBe('Retry');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('renders given messages in its first render (a server render, or the page hydrating one) without loading them', async () => {
    const { load, requested } = makeLoader();
    const store = createStore();
    store.set(langAtom, 'ar');
    render(
      <StoreProvider store={store}>
        <I18nProvider
          loadMessages={load}
          fallback={<span>booting</span>}
          initialMessages={{ lang: 'ar', messages: { 'common.retry': 'أعد' } }}
        >
          <p data-testid="text">
            <FormattedMessage id="common.retry" />
          </p>
        </I18nProvider>
      </StoreProvider>,
    );
    expect(screen.getByTestId('text').textContent).toBe('أعد');
    expect(screen.queryByText('booting')).toBeNull();
    await act(async () => undefined);
    expect(requested).toEqual([]);
    // A switch afterwards loads as before.
    await act(async () => store.set(langAtom, 'fr'));
    expect((await screen.findByText('Réessayer')).textContent).toBe('Réessayer');
    expect(requested).toEqual(['fr']);
  });

  it('starts in a supported browser language and does not store it', async () => {
    setBrowserLanguages(['fr-CA', 'en']);
    const { load } = makeLoader();
    renderWith(load);
    expect((await screen.findByTestId('text')).textContent).toBe('Réessayer');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('prds.lang')).toBeNull();
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('prds.lang', 'ar');
    const { load } = makeLoader();
    renderWith(load);
    expect((await screen.findByTestId('text')).textContent).toBe('إعادة المحاولة');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('switches language, right to left for Arabic, and remembers the choice', async () => {
    const { load, requested } = makeLoader();
    const { store } = renderWith(load);
    await screen.findByText('Retry');
    await act(async () => store.set(langAtom, 'ar'));
    expect((await screen.findByTestId('text')).textContent).toBe('إعادة المحاولة');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('prds.lang')).toBe('ar');
    expect(requested).toEqual(['en', 'ar']);
  });

  it('falls back to English when a language chunk fails', async () => {
    localStorage.setItem('prds.lang', 'fr');
    const { load, requested } = makeLoader(['fr']);
    renderWith(load);
    expect((await screen.findByTestId('text')).textContent).toBe('Retry');
    expect(document.documentElement.lang).toBe('en');
    expect(requested).toEqual(['fr', 'en']);
  });
});

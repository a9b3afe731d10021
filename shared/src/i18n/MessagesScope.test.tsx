/**
 * @jest-environment jsdom
 */
import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { createStore } from 'jotai';
import { StoreProvider } from '../state/store';
import { langAtom } from './langAtom';
import { I18nProvider } from './I18nProvider';
import { MessagesScope } from './MessagesScope';
import { registerMessages, resetMessageScopes, type Messages } from './messageScopes';
import type { LangCode } from './languages';

const SHELL: Partial<Record<LangCode, Messages>> = { en: { 'common.retry': 'Retry' }, fr: { 'common.retry': 'Réessayer' } };
const REMOTE: Partial<Record<LangCode, Messages>> = {
  en: { 'market.list.title': 'Markets' },
  fr: { 'market.list.title': 'Marchés' },
};

/** A loader whose answers the test releases one by one, as slow chunks would arrive. */
function gatedLoader(table: Partial<Record<LangCode, Messages>>) {
  const waiting = new Map<LangCode, () => void>();
  const load = (lang: LangCode) =>
    new Promise<Messages>((resolve, reject) => {
      waiting.set(lang, () => {
        const messages = table[lang];
        if (messages) resolve(messages);
        else reject(new Error(`no ${lang}`));
      });
    });
  const release = async (lang: LangCode) => {
    await act(async () => {
      const answer = waiting.get(lang);
      if (!answer) throw new Error(`nothing asked for ${lang}`);
      answer();
    });
  };
  return { load, release };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p data-testid="remote-failed">{this.state.error.message}</p> : this.props.children;
  }
}

function renderPage(loadShell: (lang: LangCode) => Promise<Messages>) {
  const store = createStore();
  render(
    <StoreProvider store={store}>
      <I18nProvider loadMessages={loadShell}>
        <p data-testid="shell">
          <FormattedMessage id="common.retry" />
        </p>
        <Boundary>
          <Suspense fallback={<p data-testid="remote-loading" />}>
            <MessagesScope scope="mfe_market">
              <p data-testid="remote">
                <FormattedMessage id="market.list.title" /> · <FormattedMessage id="common.retry" />
              </p>
            </MessagesScope>
          </Suspense>
        </Boundary>
      </I18nProvider>
    </StoreProvider>,
  );
  return store;
}

beforeEach(() => {
  resetMessageScopes();
  localStorage.clear();
});

describe('MessagesScope', () => {
  it("renders a remote only once its own messages are in, beside the page's, never showing a key", async () => {
    const remote = gatedLoader(REMOTE);
    registerMessages('mfe_market', remote.load);
    renderPage(async (lang) => SHELL[lang] ?? {});
    expect((await screen.findByTestId('shell')).textContent).toBe('Retry');
    expect(screen.queryByTestId('remote')).toBeNull();
    expect(screen.getByTestId('remote-loading')).toBeTruthy();
    await remote.release('en');
    expect((await screen.findByTestId('remote')).textContent).toBe('Markets · Retry');
  });

  it("switches the whole page's language in one render, once the remote's messages are in too", async () => {
    const remote = gatedLoader(REMOTE);
    registerMessages('mfe_market', remote.load);
    const store = renderPage(async (lang) => SHELL[lang] ?? {});
    await remote.release('en');
    await screen.findByTestId('remote');

    await act(async () => store.set(langAtom, 'fr'));
    // The shell's French is in, the remote's is not: everything stays English, nothing suspends.
    expect(screen.getByTestId('shell').textContent).toBe('Retry');
    expect(screen.getByTestId('remote').textContent).toBe('Markets · Retry');
    await remote.release('fr');
    expect(screen.getByTestId('shell').textContent).toBe('Réessayer');
    expect(screen.getByTestId('remote').textContent).toBe('Marchés · Réessayer');
    expect(document.documentElement.lang).toBe('fr');
  });

  it("shows the remote in English when its chunk of the page's language fails", async () => {
    localStorage.setItem('prds.lang', 'fr');
    registerMessages('mfe_market', async (lang) => {
      if (lang === 'fr') throw new Error('chunk failed');
      return REMOTE.en ?? {};
    });
    renderPage(async (lang) => SHELL[lang] ?? {});
    expect((await screen.findByTestId('remote')).textContent).toBe('Markets · Réessayer');
  });

  it('hands a remote whose messages fail even in English to the error boundary', async () => {
    registerMessages('mfe_market', async () => {
      throw new Error('offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(async (lang) => SHELL[lang] ?? {});
    expect((await screen.findByTestId('remote-failed')).textContent).toBe('offline');
  });
});

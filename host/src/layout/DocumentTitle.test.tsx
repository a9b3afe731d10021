import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { langAtom, useDocumentTitle, type LangCode } from '@prds/shared/i18n';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { DocumentTitle } from './DocumentTitle';

function Named({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

function renderAt(path: string, lang: LangCode = 'en', named?: string) {
  const store = createStore();
  store.set(langAtom, lang);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <DocumentTitle />
        {named !== undefined && <Named title={named} />}
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, view };
}

beforeEach(() => {
  document.title = 'PRDS · Prediction markets';
});

describe('document title (WCAG 2.4.2: each route its own, in the page language)', () => {
  it.each([
    ['/', 'PRDS · Prediction markets'],
    ['/market', 'Markets · PRDS'],
    ['/market?status=open', 'Markets · PRDS'],
    ['/detail/7', 'Market · PRDS'],
    ['/claim', 'Claim free PRDS · PRDS'],
    ['/portfolio', 'Portfolio · PRDS'],
    ['/bridge', 'Bridge · PRDS'],
    ['/deposit', 'Deposit · PRDS'],
    ['/issue', 'Issue a market · PRDS'],
    ['/nft', 'Get a License · PRDS'],
    ['/nft/mine', 'My License · PRDS'],
    ['/nft/packet', 'License packets · PRDS'],
    ['/nowhere', 'Page not found · PRDS'],
  ])('%s reads %p', async (path, title) => {
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('is translated: German titles on /, /market and /detail', async () => {
    renderAt('/', 'de');
    await waitFor(() => expect(document.title).toBe('PRDS · Prognosemärkte'));
    renderAt('/market', 'de');
    await waitFor(() => expect(document.title).toBe('Märkte · PRDS'));
    renderAt('/detail/7', 'de', 'Wer gewinnt die Meisterschaft?');
    await waitFor(() => expect(document.title).toBe('Wer gewinnt die Meisterschaft? · PRDS'));
  });

  it("a page's own name (the market's event) wins while it is shown, and the route's comes back after", async () => {
    const store = createStore();
    const tree = (named: boolean) => (
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/detail/7']}>
          <DocumentTitle />
          {named && <Named title="Will BTC close above 100k?" />}
        </MemoryRouter>
      </AppProviders>
    );
    const view = render(tree(true));
    await waitFor(() => expect(document.title).toBe('Will BTC close above 100k? · PRDS'));
    act(() => view.rerender(tree(false)));
    await waitFor(() => expect(document.title).toBe('Market · PRDS'));
  });
});

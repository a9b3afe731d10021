import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { FOCUSABLE_SELECTOR } from '@prds/shared/ui';
import { Layout } from './Layout';

describe('skip link', () => {
  it('is the first tab stop and moves the focus to the page’s main content', async () => {
    render(
      <AppProviders store={createStore()} queryClient={new QueryClient()}>
        <MemoryRouter>
          <Layout>
            <main data-testid="page">
              <button type="button">first on the page</button>
            </main>
          </Layout>
        </MemoryRouter>
      </AppProviders>,
    );
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    await waitFor(() => expect(document.querySelector(FOCUSABLE_SELECTOR)).toBe(skip));
    fireEvent.click(skip);
    const main = screen.getByTestId('page');
    expect(document.activeElement).toBe(main);
    // Focusable by script only: it adds no tab stop of its own.
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(window.location.hash).toBe('');
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { GetStarted } from './GetStarted';

describe('home: the way to a License and to the free claim', () => {
  it('words the claim rule as the protocol enforces it and as the claim page does', async () => {
    render(
      <AppProviders store={createStore()}>
        <MemoryRouter>
          <GetStarted />
        </MemoryRouter>
      </AppProviders>,
    );
    const link = await screen.findByTestId('home-claim-link');
    expect(link.getAttribute('href')).toBe('/claim');
    expect(link.closest('article')?.textContent).toContain(
      'Every wallet that has bought a position can claim free PRDS tokens once.',
    );
  });
});

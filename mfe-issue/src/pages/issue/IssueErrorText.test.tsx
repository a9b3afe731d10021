import { render, screen } from '@testing-library/react';
import { formatFor } from '@prds/shared/format';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { MemoryRouter } from 'react-router-dom';
import { IssueErrorText } from './IssueErrorText';

describe('IssueErrorText', () => {
  it('writes both dates of the rental rule into the English message', async () => {
    const eventEndDate = new Date(2030, 0, 25, 18, 30).getTime() / 1000;
    const rentalEndDate = new Date(2030, 0, 20, 9, 0).getTime() / 1000;
    render(
      <AppProviders store={createStore()}>
        <IssueErrorText error={{ id: 'issue.error.eventEndAfterRentalEnd', dates: { eventEndDate, rentalEndDate } }} />
      </AppProviders>,
    );
    const { dateTime } = formatFor('en');
    expect((await screen.findByTestId('issue-error')).textContent).toBe(
      `Event end time ${dateTime(eventEndDate)} is greater than rental end time ${dateTime(rentalEndDate)}`,
    );
  });

  it("leads from 'Insufficient balance' to /deposit, where USDT is had", async () => {
    render(
      <AppProviders store={createStore()}>
        <MemoryRouter>
          <IssueErrorText error={{ id: 'issue.error.insufficientBalance' }} />
        </MemoryRouter>
      </AppProviders>,
    );
    const message = await screen.findByTestId('issue-error');
    expect(message.textContent).toBe('Insufficient balance Top up USDT');
    expect(screen.getByTestId('top-up-link').getAttribute('href')).toBe('/deposit');
  });

  it('names the amount and the reason a message carries', async () => {
    render(
      <AppProviders store={createStore()}>
        <IssueErrorText error={{ id: 'issue.error.liquidityBelowMinimum', amount: 1234_5n * 10n ** 17n }} />
        <IssueErrorText error={{ id: 'issue.error.contentRefused', reason: 'gambling' }} />
      </AppProviders>,
    );
    const [minimum, refused] = await screen.findAllByTestId('issue-error');
    expect(minimum?.textContent).toBe('Liquidity must be at least 1,234.5 USDT');
    expect(refused?.textContent).toBe('This text cannot be published: it is about gambling');
  });

  it('renders nothing without an error, and announces only when asked', async () => {
    const { rerender } = render(
      <AppProviders store={createStore()}>
        <IssueErrorText error={null} />
      </AppProviders>,
    );
    expect(screen.queryByTestId('issue-error')).toBeNull();
    rerender(
      <AppProviders store={createStore()}>
        <IssueErrorText error={{ id: 'issue.error.networkNotConnected' }} alert />
      </AppProviders>,
    );
    const message = await screen.findByTestId('issue-error');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toBe('Network not connected');
  });
});

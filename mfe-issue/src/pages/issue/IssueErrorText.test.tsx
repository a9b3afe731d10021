import { render, screen } from '@testing-library/react';
import { AppProviders, createStore } from '@prds/shared';
import { IssueErrorText } from './IssueErrorText';

describe('IssueErrorText', () => {
  it('writes both dates of the rental rule into the English message', async () => {
    const eventEndDate = new Date(2030, 0, 25, 18, 30).getTime();
    const rentalEndDate = new Date(2030, 0, 20, 9, 0).getTime();
    render(
      <AppProviders store={createStore()}>
        <IssueErrorText error={{ id: 'issue.error.eventEndAfterRentalEnd', dates: { eventEndDate, rentalEndDate } }} />
      </AppProviders>,
    );
    const format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect((await screen.findByTestId('issue-error')).textContent).toBe(
      `Event end time ${format.format(eventEndDate)} is greater than rental end time ${format.format(rentalEndDate)}`,
    );
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

import { fireEvent, screen, within } from '@testing-library/react';
import { SHARED_INSTANCE_ID, createStore, langAtom } from '@prds/shared';
import { fillDateTime, renderRemoteAt } from '@prds/shared/testing';
import App from './App';

function renderAt(path: string, mount: 'root' | 'host' = 'root') {
  return renderRemoteAt(App, path, { mount });
}

function messages(): string[] {
  return screen.queryAllByTestId('issue-error').map((node) => node.textContent ?? '');
}

describe('issue App routes', () => {
  it.each(['root', 'host'] as const)('renders /issue with one h1 (mounted at %s)', async (mount) => {
    renderAt('/issue', mount);
    const page = await screen.findByTestId('page-issue');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(within(page).getByTestId('issue-my-markets').textContent).toContain('You have not issued any markets yet');
  });

  it('shows the shared not-found page for a path under its prefix that it has no page for', async () => {
    renderAt('/issue/xyz', 'host');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(screen.queryByTestId('page-issue')).toBeNull();
  });

  it('renders the hidden shared probe', async () => {
    renderAt('/issue');
    const probe = await screen.findByTestId('shared-probe');
    expect(probe.dataset.remote).toBe('mfe_issue');
    expect(probe.dataset.sharedInstance).toBe(SHARED_INSTANCE_ID);
  });
});

describe('issue form', () => {
  it('shows no message before the first submit', async () => {
    renderAt('/issue');
    await screen.findByTestId('issue-form');
    expect(messages()).toEqual([]);
  });

  it('shows the spec messages inline when an empty form is submitted', async () => {
    renderAt('/issue');
    fireEvent.click(await screen.findByTestId('issue-submit'));
    expect(messages()).toEqual([
      'Please select a License',
      'Event is empty',
      'Option content cannot be empty',
      'Option content cannot be empty',
      'Last trading time is empty',
      'Expiration time is empty',
      'Enter an amount greater than 0',
      'Enter an amount greater than 0',
      'Network not connected',
    ]);
    expect(screen.getByTestId('issue-event').getAttribute('aria-invalid')).toBe('true');
    // The first field in error takes the focus, so a long form scrolls to it.
    expect(document.activeElement).toBe(screen.getByTestId('issue-license'));
  });

  it('follows edits after the first submit: repeats, removal and dates', async () => {
    renderAt('/issue');
    fireEvent.click(await screen.findByTestId('issue-submit'));
    const [first, second] = screen.getAllByTestId('issue-option');
    fireEvent.change(first!, { target: { value: 'Yes' } });
    fireEvent.change(second!, { target: { value: ' yes' } });
    expect(messages()).toContain('Option content cannot be repeated');

    fireEvent.click(screen.getAllByTestId('issue-option-remove')[1]!);
    expect(screen.getAllByTestId('issue-option')).toHaveLength(1);
    expect(messages()).toContain('There cannot be less than two options');

    fireEvent.click(screen.getAllByTestId('issue-option-remove')[0]!);
    expect(messages()).toContain('Options cannot be empty');

    fireEvent.click(screen.getByTestId('issue-option-add'));
    fireEvent.click(screen.getByTestId('issue-option-add'));
    expect(screen.getAllByTestId('issue-option')).toHaveLength(2);

    // The date fields (the shared picker) load on first use.
    const lastTrading = await screen.findByTestId('issue-last-trading-time', {}, { timeout: 4000 });
    const expiration = await screen.findByTestId('issue-expiration-time', {}, { timeout: 4000 });
    fillDateTime(lastTrading, { year: 2000, month: 1, day: 1, hour: 0, minute: 0 });
    expect(lastTrading.dataset.value).toBe(String(new Date(2000, 0, 1, 0, 0).getTime() / 1000));
    expect(messages()).toContain('Last trading time must be greater than today');
    fillDateTime(lastTrading, { year: 2999, month: 2, day: 1, hour: 15, minute: 30 });
    expect(lastTrading.dataset.value).toBe(String(new Date(2999, 1, 1, 15, 30).getTime() / 1000));
    fillDateTime(expiration, { year: 2999, month: 1, day: 1, hour: 0, minute: 0 });
    expect(messages()).toContain('Last trading time is greater than expiration time');
  });

  it('hides the margin when the License itself is the bond', async () => {
    renderAt('/issue');
    expect(await screen.findByTestId('issue-margin')).toBeTruthy();
    fireEvent.change(screen.getByTestId('issue-collateral'), { target: { value: 'nft' } });
    expect(screen.queryByTestId('issue-margin')).toBeNull();
  });

  it("writes its dates in the page's language with the time zone, not the browser's 'mm/dd/yyyy'", async () => {
    const store = createStore();
    store.set(langAtom, 'zh');
    renderRemoteAt(App, '/issue', { store });
    const field = await screen.findByTestId('issue-last-trading-time', {}, { timeout: 4000 });
    expect(field.tagName).not.toBe('INPUT');
    const placeholders = Array.from(field.querySelectorAll('[data-placeholder]')).map((p) => p.textContent);
    expect(placeholders.slice(0, 3)).toEqual(['年', '月', '日']);
    expect(within(field).getByTestId('date-time-zone').textContent).toMatch(/^时区：/);
    expect(within(field).getByRole('group', { name: '最后交易时间' })).toBeTruthy();
    expect(screen.getByTestId('issue-form').querySelectorAll('input[type="datetime-local"]:not([tabindex="-1"])')).toHaveLength(
      0,
    );
  });
});

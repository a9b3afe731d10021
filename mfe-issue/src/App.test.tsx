import { act, fireEvent, screen, within } from '@testing-library/react';
import { SHARED_INSTANCE_ID } from '@prds/shared/federation';
import { langAtom } from '@prds/shared/i18n';
import { queryClient } from '@prds/shared/query';
import { createStore } from '@prds/shared/state';
import { fillDateTime, renderRemoteAt } from '@prds/shared/testing';
import App from './App';
import { ISSUE_DRAFT_KEY } from './pages/issue/issueDraft';

// The chain as the form reads it, without a devnet: its clock in 2030 (ahead of the wall clock, so a
// check against "now" is visibly the chain's) and the protocol's parameters. Everything else is the
// real shared package; the whole journey on a devnet is e2e/tests/issue.spec.ts.
const CHAIN_NOW = Math.floor(new Date(2030, 0, 1, 12, 0).getTime() / 1000);
const E = 10n ** 18n;
jest.mock('@prds/shared/wallet', () => {
  const actual = jest.requireActual<typeof import('@prds/shared/wallet')>('@prds/shared/wallet');
  return {
    ...actual,
    readChainTime: jest.fn(async () => CHAIN_NOW),
    readContract: jest.fn(async (_role: string, fn: string) => {
      if (fn !== 'params') throw new Error(`no ${fn} in this test`);
      return {
        feeBps: 200,
        marginFeeBps: 5000,
        issuerShareBps: 5000,
        capacityMultiple: 20,
        minLiquidity: 100n * E,
        minMargin: 100n * E,
        minPremium: 50n * E,
        maxOptions: 32,
        confirmationPeriod: 3 * 86_400,
        challengeWindow: 7 * 86_400,
      };
    }),
  };
});

function renderAt(path: string, mount: 'root' | 'host' = 'root') {
  return renderRemoteAt(App, path, { mount });
}

function messages(): string[] {
  return screen.queryAllByTestId('issue-error').map((node) => node.textContent ?? '');
}

beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
});

describe('issue App routes', () => {
  it.each(['root', 'host'] as const)('renders /issue with one h1 (mounted at %s)', async (mount) => {
    renderAt('/issue', mount);
    const page = await screen.findByTestId('page-issue');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(within(page).getByTestId('issue-my-markets').textContent).toContain(
      'Connect your wallet to see the markets you issued',
    );
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
  it('shows no message before a field is left or the form submitted', async () => {
    renderAt('/issue');
    await screen.findByTestId('issue-form');
    expect(messages()).toEqual([]);
  });

  it('shows the spec messages at their fields when an empty form is submitted, and sends nothing', async () => {
    renderAt('/issue');
    fireEvent.click(await screen.findByTestId('issue-submit'));
    expect(messages()).toEqual([
      'Please select a License',
      'Event is empty',
      'Option content cannot be empty',
      'Option content cannot be empty',
      'Choose a category',
      'Last trading time is empty',
      'Expiration time is empty',
      'Enter an amount greater than 0',
      'Enter an amount greater than 0',
      'Network not connected',
    ]);
    expect(screen.getByTestId('issue-event').getAttribute('aria-invalid')).toBe('true');
    // The first field in error takes the focus, so a long form scrolls to it.
    expect(document.activeElement).toBe(screen.getByTestId('issue-event'));
    expect(screen.getByTestId('issue-form').dataset.stage).toBe('idle');
  });

  it("says a field's message when the field is left, before any submit", async () => {
    renderAt('/issue');
    const event = await screen.findByTestId('issue-event');
    fireEvent.blur(event);
    expect(messages()).toEqual(['Event is empty']);
    fireEvent.change(event, { target: { value: 'Will it rain?' } });
    expect(messages()).toEqual([]);
  });

  it('follows edits: repeats, removal, reordering and the chain-time checks', async () => {
    renderAt('/issue');
    fireEvent.click(await screen.findByTestId('issue-submit'));
    const [first, second] = screen.getAllByTestId('issue-option');
    fireEvent.change(first!, { target: { value: 'Yes' } });
    fireEvent.change(second!, { target: { value: ' yes' } });
    expect(messages()).toContain('Option content cannot be repeated');

    fireEvent.change(second!, { target: { value: 'No' } });
    fireEvent.click(screen.getAllByTestId('issue-option-down')[0]!);
    expect(screen.getAllByTestId('issue-option').map((input) => (input as HTMLInputElement).value)).toEqual(['No', 'Yes']);

    fireEvent.click(screen.getAllByTestId('issue-option-remove')[1]!);
    expect(screen.getAllByTestId('issue-option')).toHaveLength(1);
    expect(messages()).toContain('There cannot be less than two options');
    fireEvent.click(screen.getAllByTestId('issue-option-remove')[0]!);
    expect(messages()).toContain('Options cannot be empty');
    fireEvent.click(screen.getByTestId('issue-option-add'));
    fireEvent.click(screen.getByTestId('issue-option-add'));
    expect(screen.getAllByTestId('issue-option')).toHaveLength(2);

    // The date fields (the shared picker) load on first use; "now" is the chain's (2030), not the wall clock.
    await screen.findByTestId('issue-param-min-liquidity');
    const lastTrading = await screen.findByTestId('issue-last-trading-time', {}, { timeout: 4000 });
    const expiration = await screen.findByTestId('issue-expiration-time', {}, { timeout: 4000 });
    fillDateTime(lastTrading, { year: 2029, month: 6, day: 1, hour: 0, minute: 0 });
    expect(messages()).toContain('Last trading time must be greater than today');
    fillDateTime(lastTrading, { year: 2030, month: 2, day: 1, hour: 15, minute: 30 });
    expect(messages()).not.toContain('Last trading time must be greater than today');
    fillDateTime(expiration, { year: 2030, month: 1, day: 15, hour: 0, minute: 0 });
    expect(messages()).toContain('Last trading time is greater than expiration time');
  });

  it("checks the liquidity and the margin against the chain's minimums and shows what they mean", async () => {
    renderAt('/issue');
    await screen.findByTestId('issue-param-min-liquidity');
    fireEvent.change(screen.getByTestId('issue-liquidity'), { target: { value: '99.99' } });
    fireEvent.blur(screen.getByTestId('issue-liquidity'));
    fireEvent.change(screen.getByTestId('issue-margin'), { target: { value: '100' } });
    expect(messages()).toEqual(['Liquidity must be at least 100 USDT']);
    fireEvent.change(screen.getByTestId('issue-liquidity'), { target: { value: '100' } });
    expect(messages()).toEqual([]);
    expect(screen.getByTestId('issue-param-min-liquidity').textContent).toContain(
      'Split evenly over the 2 options: 50 USDT each.',
    );
    expect(screen.getByTestId('issue-capacity').textContent).toBe('20 × bond = 2,000 USDT');
    expect(screen.getByTestId('issue-param-fee').textContent).toContain('2%');
    // Spec §3's reward rate (1 − fee rate) and margin fee rate, from Markets.params().
    expect(screen.getByTestId('issue-param-reward').textContent).toContain('98%');
    expect(screen.getByTestId('issue-param-reward').textContent).toContain('The share of stakes paid to the winners.');
    expect(screen.getByTestId('issue-param-margin-fee').textContent).toContain('50%');
  });

  it('hides the margin when the License itself is the bond', async () => {
    renderAt('/issue');
    expect(await screen.findByTestId('issue-margin')).toBeTruthy();
    fireEvent.change(screen.getByTestId('issue-collateral'), { target: { value: 'nft' } });
    expect(screen.queryByTestId('issue-margin')).toBeNull();
  });

  it('keeps what was typed across a reload, the preset License from the link winning', async () => {
    const first = renderAt('/issue');
    fireEvent.change(await screen.findByTestId('issue-event'), { target: { value: 'Will it snow in Lisbon?' } });
    fireEvent.change(screen.getAllByTestId('issue-option')[0]!, { target: { value: 'Yes' } });
    expect(JSON.parse(window.localStorage.getItem(ISSUE_DRAFT_KEY) ?? '{}')).toMatchObject({ event: 'Will it snow in Lisbon?' });
    first.unmount();

    renderAt('/issue?license=12');
    expect(((await screen.findByTestId('issue-event')) as HTMLTextAreaElement).value).toBe('Will it snow in Lisbon?');
    expect((screen.getAllByTestId('issue-option')[0] as HTMLInputElement).value).toBe('Yes');
    await act(async () => undefined);
    expect(JSON.parse(window.localStorage.getItem(ISSUE_DRAFT_KEY) ?? '{}')).toMatchObject({ licenseId: '12' });
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

import { fireEvent, screen } from '@testing-library/react';
import { SHARED_INSTANCE_ID } from '@prds/shared/federation';
import { renderRemoteAt } from '@prds/shared/testing';
import App from './App';

function renderAt(path: string, mount: 'root' | 'host' = 'root') {
  return renderRemoteAt(App, path, { mount, withLocation: true });
}

const PAGES = [
  ['/portfolio', 'page-portfolio'],
  ['/deposit', 'page-deposit'],
  ['/bridge', 'page-bridge'],
] as const;

describe('portfolio App routes', () => {
  it.each(PAGES)('renders %s as %s with one h1', async (path, testId) => {
    renderAt(path);
    const page = await screen.findByTestId(testId);
    expect(page.querySelectorAll('h1')).toHaveLength(1);
  });

  it.each(PAGES)('matches the full path %s when the host mounts it under its * route', async (path, testId) => {
    renderAt(path, 'host');
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it('shows the shared not-found page for a path under its prefix that it has no page for', async () => {
    renderAt('/portfolio/xyz', 'host');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    for (const [, testId] of PAGES) expect(screen.queryByTestId(testId)).toBeNull();
  });

  it('renders the hidden shared probe', async () => {
    renderAt('/bridge');
    const probe = await screen.findByTestId('shared-probe');
    expect(probe.dataset.remote).toBe('mfe_portfolio');
    expect(probe.dataset.sharedInstance).toBe(SHARED_INSTANCE_ID);
  });
});

describe('portfolio page', () => {
  it('shows cash, portfolio value and the five P&L figures as unknown without a wallet', async () => {
    renderAt('/portfolio');
    const pnl = await screen.findByTestId('portfolio-pnl');
    const labels = Array.from(pnl.querySelectorAll('dt')).map((dt) => dt.textContent);
    expect(labels).toEqual([
      'Cash',
      'Portfolio value',
      'Invested',
      'Pending payoff',
      'Total payoff',
      'Profit',
      'Yesterday’s profit',
    ]);
    expect(Array.from(pnl.querySelectorAll('dd')).every((dd) => dd.textContent === '--')).toBe(true);
  });

  it('has the five tabs and keeps the chosen one in the URL', async () => {
    renderAt('/portfolio');
    const names = (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    expect(names).toEqual(['My Positions', 'History', 'Bought', 'Invested', 'Issued products']);
    expect(screen.getByTestId('portfolio-panel-positions').textContent).toBe('Connect your wallet to see your positions');
    fireEvent.click(screen.getByRole('tab', { name: 'Issued products' }));
    expect(screen.getByTestId('location').textContent).toBe('/portfolio?tab=issued');
    expect(screen.getByTestId('portfolio-panel-issued').textContent).toBe('Connect your wallet to see the markets you issued');
  });

  it('opens the tab named in the URL', async () => {
    renderAt('/portfolio?tab=history');
    expect((await screen.findByRole('tab', { name: 'History' })).getAttribute('aria-selected')).toBe('true');
  });
});

describe('deposit and bridge', () => {
  it('asks for a wallet on /deposit before showing an address', async () => {
    renderAt('/deposit');
    expect((await screen.findByTestId('deposit-connect')).textContent).toBe('Connect your wallet to deposit');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
  });

  it('lists the bridge routes of the chosen token and source chain from the shared configuration', async () => {
    renderAt('/bridge');
    const routes = await screen.findByTestId('bridge-routes');
    expect(routes.querySelectorAll('li').length).toBeGreaterThan(0);
    for (const link of Array.from(routes.querySelectorAll('a'))) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Not on BNB Smart Chain (the devnet): the page says where the bridged funds go.
    expect(screen.getByTestId('bridge-other-chain').textContent).toContain('BNB Smart Chain');
  });
});

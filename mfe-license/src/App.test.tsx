import { fireEvent, screen } from '@testing-library/react';
import { SHARED_INSTANCE_ID } from '@prds/shared/federation';
import { renderRemoteAt } from '@prds/shared/testing';
import App from './App';

function renderAt(path: string, mount: 'root' | 'host' = 'root') {
  return renderRemoteAt(App, path, { mount });
}

describe('License App routes', () => {
  it.each([
    ['/nft', 'page-nft-sale'],
    ['/nft/', 'page-nft-sale'],
    ['/nft/mine', 'page-nft-mine'],
    ['/nft/packet', 'page-nft-packet'],
  ])('renders %s as %s with one h1', async (path, testId) => {
    renderAt(path);
    const page = await screen.findByTestId(testId);
    expect(page.querySelectorAll('h1')).toHaveLength(1);
  });

  it.each([
    ['/nft', 'page-nft-sale'],
    ['/nft/mine', 'page-nft-mine'],
    ['/nft/packet', 'page-nft-packet'],
  ])('matches the full path %s when the host mounts it under its * route', async (path, testId) => {
    renderAt(path, 'host');
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });

  it('shows the shared not-found page for a path under its prefix that it has no page for', async () => {
    renderAt('/nft/xyz', 'host');
    expect(await screen.findByTestId('page-not-found')).toBeTruthy();
    expect(screen.queryByTestId('page-nft-sale')).toBeNull();
  });

  it('renders the hidden shared probe', async () => {
    renderAt('/nft');
    const probe = await screen.findByTestId('shared-probe');
    expect(probe.dataset.remote).toBe('mfe_license');
    expect(probe.dataset.sharedInstance).toBe(SHARED_INSTANCE_ID);
  });
});

describe('License tabs', () => {
  it('selects Get License on /nft and moves to My License as a route', async () => {
    renderAt('/nft');
    const sale = await screen.findByRole('tab', { name: 'Get License' });
    expect(sale.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'My License' }));
    expect(await screen.findByTestId('page-nft-mine')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My License' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Get License' }).getAttribute('aria-selected')).toBe('false');
  });

  it('asks for a wallet on My License before showing any License', async () => {
    renderAt('/nft/mine');
    expect((await screen.findByTestId('license-mine-empty')).textContent).toContain('Connect your wallet to see your Licenses');
    expect(screen.queryByTestId('license-mine-item')).toBeNull();
  });
});

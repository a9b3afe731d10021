import { MOBILE_WALLETS, walletDeepLink } from './mobileWallets';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1732760000';

describe('walletDeepLink', () => {
  it('opens each app through its own scheme with the URI encoded as one query value', () => {
    const links = Object.fromEntries(MOBILE_WALLETS.map((wallet) => [wallet.id, walletDeepLink(wallet, URI)]));
    const encoded = encodeURIComponent(URI);
    expect(links).toEqual({
      trust: `trust://wc?uri=${encoded}`,
      metamask: `metamask://wc?uri=${encoded}`,
      binance: `bnc://app.binance.com/cedefi/wc?uri=${encoded}`,
      okx: `okex://main/wc?uri=${encoded}`,
    });
    // The URI's own '&' and '=' stay inside the one parameter.
    expect(new URL(links.okx ?? '').searchParams.get('uri')).toBe(URI);
  });

  it('lists Trust Wallet, MetaMask, Binance Web3 Wallet and OKX with icons served by the page', () => {
    expect(MOBILE_WALLETS.map((wallet) => wallet.name)).toEqual([
      'Trust Wallet',
      'MetaMask',
      'Binance Web3 Wallet',
      'OKX Wallet',
    ]);
    for (const wallet of MOBILE_WALLETS) expect(wallet.icon).toMatch(/^data:image\/svg\+xml,/);
  });
});

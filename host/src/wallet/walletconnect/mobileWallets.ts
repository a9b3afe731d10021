/** A phone wallet the dialog links to: its app opens the pairing URI through its own scheme. */
export interface MobileWallet {
  readonly id: string;
  readonly name: string;
  /** The app's scheme as WalletConnect's registry gives it (its "native" link). */
  readonly scheme: string;
  /** Part of the page (data: URI): no icon is fetched from a wallet registry. */
  readonly icon: string;
}

/** A badge in the wallet's colours with its initial: drawn by the page (a data: URI), never fetched. */
function badge(background: string, color: string, text: string): string {
  const size = text.length > 1 ? 20 : 30;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="${32 + size * 0.35}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" ` +
    `fill="${color}" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The wallets most BSC users hold their funds in, built in so the list works without WalletConnect's explorer. */
export const MOBILE_WALLETS = [
  { id: 'trust', name: 'Trust Wallet', scheme: 'trust://', icon: badge('#0500FF', '#FFFFFF', 'T') },
  { id: 'metamask', name: 'MetaMask', scheme: 'metamask://', icon: badge('#F6851B', '#FFFFFF', 'M') },
  { id: 'binance', name: 'Binance Web3 Wallet', scheme: 'bnc://app.binance.com/cedefi/', icon: badge('#1E2026', '#F0B90B', 'B') },
  { id: 'okx', name: 'OKX Wallet', scheme: 'okex://main', icon: badge('#000000', '#FFFFFF', 'OKX') },
] as const satisfies readonly MobileWallet[];

/**
 * The link that opens `wallet` with a pairing URI: `<scheme>wc?uri=<uri, encoded>`, as WalletConnect's own
 * modal builds it (a scheme without "://" or a trailing slash gets a slash first).
 */
export function walletDeepLink(wallet: Pick<MobileWallet, 'scheme'>, uri: string): string {
  const base = wallet.scheme.endsWith('/') || wallet.scheme.endsWith('://') ? wallet.scheme : `${wallet.scheme}/`;
  return `${base}wc?uri=${encodeURIComponent(uri)}`;
}

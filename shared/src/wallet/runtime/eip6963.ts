import type { Provider } from '@web3-react/types';
import type { WalletOption } from '../walletTypes';

interface Eip6963Info {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

export interface InjectedWallet {
  readonly option: WalletOption;
  readonly provider: Provider;
}

const announced = new Map<string, InjectedWallet>();
let listening = false;

function isProvider(value: unknown): value is Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

function onAnnounce(event: Event): void {
  const detail = (event as CustomEvent<{ info?: Partial<Eip6963Info>; provider?: unknown }>).detail;
  const info = detail?.info;
  if (!info || typeof info.rdns !== 'string' || !info.rdns || !isProvider(detail.provider)) return;
  announced.set(info.rdns, {
    option: {
      id: `injected:${info.rdns}`,
      kind: 'injected',
      name: typeof info.name === 'string' && info.name ? info.name : info.rdns,
      ...(typeof info.icon === 'string' && /^(data:image\/|https:)/.test(info.icon) ? { icon: info.icon } : {}),
      rdns: info.rdns,
    },
    provider: detail.provider,
  });
}

function legacyInjected(): Provider | null {
  const ethereum = (window as { ethereum?: unknown }).ethereum;
  return isProvider(ethereum) ? ethereum : null;
}

/**
 * The browser's wallets: those announced through EIP-6963 (several extensions side by side) and a
 * legacy `window.ethereum` that did not announce itself. Announcements answer the request event
 * synchronously in practice; a short wait catches slower ones.
 */
export async function discoverInjectedWallets(waitMs = 150): Promise<InjectedWallet[]> {
  if (typeof window === 'undefined') return [];
  if (!listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    listening = true;
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  if (announced.size === 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  const wallets = [...announced.values()];
  const legacy = legacyInjected();
  if (legacy && !wallets.some((wallet) => wallet.provider === legacy)) {
    const isMetaMask = (legacy as { isMetaMask?: unknown }).isMetaMask === true;
    wallets.push({
      option: { id: 'injected', kind: 'injected', name: isMetaMask ? 'MetaMask' : 'Browser wallet' },
      provider: legacy,
    });
  }
  return wallets;
}

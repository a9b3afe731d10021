/** A wallet the user can pick in the connect dialog. */
export interface WalletOption {
  /** 'injected:<rdns>' for an EIP-6963 wallet, 'injected' for a legacy window.ethereum, 'dev', 'walletconnect'. */
  readonly id: string;
  readonly kind: 'injected' | 'dev' | 'walletconnect';
  readonly name: string;
  /** data: or https: URI an EIP-6963 wallet announces. */
  readonly icon?: string;
  readonly rdns?: string;
}

/** What the page remembers (localStorage) to reconnect after a reload without a prompt. */
export type WalletChoice =
  | { readonly kind: 'injected'; readonly rdns?: string }
  | { readonly kind: 'dev'; readonly account: string }
  /** The session itself (keys, topic) lives in WalletConnect's own store (IndexedDB). */
  | { readonly kind: 'walletconnect' };

/** A failure the wallet UI shows, as a locale key. */
export interface WalletError {
  readonly messageKey: string;
  readonly values?: Readonly<Record<string, string>>;
  /** The wallet's own words, shown beneath. */
  readonly detail?: string;
}

/** 'connecting' while a wallet is asked; 'connected' when it gave an account (on any chain). */
export type WalletStatus = 'idle' | 'connecting' | 'connected';

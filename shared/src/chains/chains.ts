import { readEnv } from './buildEnv';

export type ChainType = 'bsc' | 'devnet';

export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** Spec §3 "Chain configuration"; the shape `wallet_addEthereumChain` takes, plus our own fields. */
export interface ChainConfig {
  readonly chainType: ChainType;
  /** Symbol of the token markets are paid in on this chain. */
  readonly payToken: string;
  readonly chainName: string;
  /** Symbol of the platform (fungible ERC-20) token on this chain. */
  readonly ferc20: string;
  readonly chainId: string;
  readonly nativeCurrency: NativeCurrency;
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls: readonly string[];
  readonly iconUrls: readonly string[];
}

/** Every chain the app knows; adding an id here without its config below does not compile. */
export const CHAIN_IDS = ['0x38', '0x7a69'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

export const CHAINS = {
  '0x38': {
    chainType: 'bsc',
    payToken: 'USDT',
    chainName: 'BNB Smart Chain',
    ferc20: 'PRDS',
    chainId: '0x38',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
    blockExplorerUrls: ['https://bscscan.com'],
    iconUrls: [],
  },
  // The devnet uses 31337 so a real wallet can never mistake it for BSC mainnet.
  '0x7a69': {
    chainType: 'devnet',
    payToken: 'USDT',
    chainName: 'PRDS Devnet',
    ferc20: 'PRDS',
    chainId: '0x7a69',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: [readEnv('PRDS_DEVNET_RPC_URL') || 'http://127.0.0.1:8545'],
    blockExplorerUrls: [],
    iconUrls: [],
  },
} as const satisfies Record<ChainId, ChainConfig & { chainId: ChainId }>;

export type AppEnv = 'devnet' | 'production';

/** Ordered: the first entry is the default desireChainId, never the key order of CHAINS. */
export const ACTIVE_CHAINS: Record<AppEnv, readonly ChainId[]> = {
  devnet: ['0x7a69'],
  production: ['0x38'],
};

export function isChainId(value: unknown): value is ChainId {
  return typeof value === 'string' && (CHAIN_IDS as readonly string[]).includes(value);
}

/** Normalizes what wallets report (decimal number, '0x38', '0X38', '56') to a registry key, or null. */
export function toChainId(value: string | number | bigint | null | undefined): ChainId | null {
  if (value === null || value === undefined || value === '') return null;
  let n: bigint;
  try {
    n = BigInt(value);
  } catch {
    return null;
  }
  const hex = `0x${n.toString(16)}`;
  return isChainId(hex) ? hex : null;
}

export function getChainConfig(chainId: ChainId): ChainConfig {
  return CHAINS[chainId];
}

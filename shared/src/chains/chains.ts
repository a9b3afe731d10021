import { CHAIN_NAMES, type ChainType } from '@prds/contracts/chains';
import { readEnv, readUrlList } from './buildEnv';
import { TOKENS } from './tokens';

/** What clients call a chain (bsc, bsc-testnet, devnet): the one table in @prds/contracts (roles.ts CHAIN_NAMES), which the api reads too. */
export type { ChainType };

/** A chain's name for clients and its native currency (BNB; the testnet's tBNB), from that table. */
function named(chainId: keyof typeof CHAIN_NAMES) {
  const { chainType, nativeSymbol } = CHAIN_NAMES[chainId];
  return { chainType, nativeCurrency: { name: nativeSymbol, symbol: nativeSymbol, decimals: 18 } } as const;
}

export interface NativeCurrency {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** Spec §3 "Chain configuration"; the shape `wallet_addEthereumChain` takes, plus our own fields. */
export interface ChainConfig {
  readonly chainType: ChainType;
  /** Symbol of the token markets are paid in on this chain (TOKENS.payToken's: one table for every chain). */
  readonly payToken: string;
  readonly chainName: string;
  /** Symbol of the platform (fungible ERC-20) token on this chain (TOKENS.platformToken's). */
  readonly ferc20: string;
  readonly chainId: string;
  readonly nativeCurrency: NativeCurrency;
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls: readonly string[];
  readonly iconUrls: readonly string[];
}

/** Every chain the app knows; adding an id here without its config below does not compile. */
export const CHAIN_IDS = ['0x38', '0x61', '0x7a69'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

/** The token symbols every chain's config names (spec §3's payToken and ferc20), from the one token table. */
const TOKEN_SYMBOLS = { payToken: TOKENS.payToken.symbol, ferc20: TOKENS.platformToken.symbol } as const;

/**
 * RPC and explorer URLs come from the build (scripts/build-network.mjs: PRDS_BSC_RPC_URL, a comma-separated
 * list, and PRDS_BSC_EXPLORER_URL); the public endpoints are the fallback. The page reads the chain through
 * the first RPC URL, and the site's CSP (scripts/serve.mjs --rpc-url) must allow it.
 */
export const CHAINS = {
  '0x38': {
    ...named(56),
    ...TOKEN_SYMBOLS,
    chainName: 'BNB Smart Chain',
    chainId: '0x38',
    rpcUrls: readUrlList('PRDS_BSC_RPC_URL', ['https://bsc-dataseed.bnbchain.org']),
    blockExplorerUrls: readUrlList('PRDS_BSC_EXPLORER_URL', ['https://bscscan.com']),
    iconUrls: [],
  },
  '0x61': {
    ...named(97),
    ...TOKEN_SYMBOLS,
    chainName: 'BNB Smart Chain Testnet',
    chainId: '0x61',
    rpcUrls: readUrlList('PRDS_BSC_TESTNET_RPC_URL', ['https://data-seed-prebsc-1-s1.bnbchain.org:8545']),
    blockExplorerUrls: readUrlList('PRDS_BSC_TESTNET_EXPLORER_URL', ['https://testnet.bscscan.com']),
    iconUrls: [],
  },
  // The devnet uses 31337 so a real wallet can never mistake it for BSC mainnet.
  '0x7a69': {
    ...named(31337),
    ...TOKEN_SYMBOLS,
    chainName: 'PRDS Devnet',
    chainId: '0x7a69',
    rpcUrls: [readEnv('PRDS_DEVNET_RPC_URL') || 'http://127.0.0.1:8545'],
    blockExplorerUrls: [],
    iconUrls: [],
  },
} as const satisfies Record<ChainId, ChainConfig & { chainId: ChainId }>;

/** A build's environment (PRDS_ENV): the local devnet, BSC's testnet, or production on BSC. */
export type AppEnv = 'devnet' | 'testnet' | 'production';

/** Ordered: the first entry is the default desireChainId, never the key order of CHAINS. */
export const ACTIVE_CHAINS: Record<AppEnv, readonly ChainId[]> = {
  devnet: ['0x7a69'],
  testnet: ['0x61'],
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

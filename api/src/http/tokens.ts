import { CHAIN_NAMES, TOKENS, type TokenRole } from "@prds/contracts/chains";

/**
 * The tokens as clients are told of them, from the one token table (@prds/contracts/chains: TOKENS
 * by role, CHAIN_NAMES' native symbol per chain, both generated from contracts/scripts/roles.ts):
 * the api spells no symbol itself.
 */

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
/** The native coin's decimals (BNB's, as every EVM chain's). */
const NATIVE_DECIMALS = 18;

export interface TokenInfo {
  symbol: string;
  address: string;
  decimals: number;
}

/** What the chain this api serves is called (CHAIN_NAMES, the app's chain registry's source; config.ts refuses another id). */
export function chainNames(chainId: number): { chainType: string; nativeSymbol: string } {
  const names = (CHAIN_NAMES as Readonly<Record<number, { chainType: string; nativeSymbol: string }>>)[chainId];
  if (names === undefined) throw new Error(`chain ${chainId} is not one the app knows`);
  return names;
}

/** The token of `role` at its address on this chain. */
export function tokenInfo(role: TokenRole, address: string): TokenInfo {
  return { symbol: TOKENS[role].symbol, address, decimals: TOKENS[role].decimals };
}

/** The chain's native coin (address zero, as wallets list it). */
export function nativeToken(chainId: number): TokenInfo {
  return { symbol: chainNames(chainId).nativeSymbol, address: ZERO_ADDRESS, decimals: NATIVE_DECIMALS };
}

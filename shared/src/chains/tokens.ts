import { TOKENS as TOKEN_TABLE, type TokenRole as GeneratedTokenRole } from '@prds/contracts/chains';

export interface TokenInfo {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/**
 * The tokens of the contract registry by role: one table for the whole product (contracts/scripts/roles.ts
 * TOKENS, generated into @prds/contracts/chains). The chain registry's payToken and ferc20 symbols and every
 * page's amounts read it; a network's deployment parameters must agree with it.
 */
export const TOKENS = TOKEN_TABLE satisfies Record<GeneratedTokenRole, TokenInfo>;

/** The token roles of the contract registry (the pay token is DevUSDT on the devnet, Tether's USDT on BSC). */
export type TokenRole = GeneratedTokenRole;

export const PLATFORM_TOKEN = TOKENS.platformToken;
export const PAY_TOKEN = TOKENS.payToken;

/** Token approvals use the largest uint256 (spec §9). */
export const MAX_UINT256 = 2n ** 256n - 1n;

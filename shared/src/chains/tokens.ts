import type { Role } from '@prds/contracts/chains';

export interface TokenInfo {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

export const PLATFORM_TOKEN = { symbol: 'PRDS', name: 'PRDS', decimals: 18 } as const satisfies TokenInfo;
export const PAY_TOKEN = { symbol: 'USDT', name: 'Tether USD', decimals: 18 } as const satisfies TokenInfo;

/** The token roles of the contract registry (the pay token is DevUSDT on the devnet, Tether's USDT on BSC). */
export type TokenRole = Extract<Role, 'payToken' | 'platformToken'>;

export const TOKENS = { payToken: PAY_TOKEN, platformToken: PLATFORM_TOKEN } as const satisfies Record<TokenRole, TokenInfo>;

/** Token approvals use the largest uint256 (spec §9). */
export const MAX_UINT256 = 2n ** 256n - 1n;

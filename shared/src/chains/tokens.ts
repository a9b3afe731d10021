export interface TokenInfo {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

export const PLATFORM_TOKEN = { symbol: 'PRDS', name: 'PRDS', decimals: 18 } as const satisfies TokenInfo;
export const PAY_TOKEN = { symbol: 'USDT', name: 'Tether USD', decimals: 18 } as const satisfies TokenInfo;

/** Token approvals use the largest uint256 (spec §9). */
export const MAX_UINT256 = 2n ** 256n - 1n;

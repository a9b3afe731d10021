/** The chain time the list tests render at (seconds). */
export const NOW = 1_900_000_000;

/** One /api/markets card as the api answers it (an open two-option market), for tests' api servers. */
export function marketCard(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id: String(id),
    metadataHash: `0x${id}`,
    metadataStatus: 'approved',
    event: `Will market ${id} happen?`,
    category: 'crypto',
    issuer: '0x0000000000000000000000000000000000000001',
    options: [
      { index: 0, label: 'Yes', optionKey: '0x1', stake: '2', odds: '1.5', probability: '0.666666', payoutMultiplier: '1.47' },
      { index: 1, label: 'No', optionKey: '0x2', stake: '1', odds: '3', probability: '0.333333', payoutMultiplier: '2.94' },
    ],
    optionCount: 2,
    volume: '12345600000000000000000',
    pool: '0',
    liquidity: '0',
    tradeCount: 3,
    createdAt: NOW - 86_400,
    lastTradingTime: NOW + 5 * 3600,
    expirationTime: NOW + 48 * 3600,
    phase: 'open',
    state: 'Open',
    label: { key: 'guaranteeing', option: null },
    result: null,
    txHash: '0xabc',
    ...overrides,
  };
}

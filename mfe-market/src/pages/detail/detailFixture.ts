// Test data only (imported by this folder's tests and its subfolders'): a market detail as the api answers it.
import type { ChallengeView, MarketDetail, MarketDetailView, PositionView, VoteView } from '@prds/shared/markets';

export const E = 10n ** 18n;
export const NOW = 1_800_000_000;
export const DAY = 86_400;
export const ISSUER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const BUYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

export function marketFixture(overrides: Partial<MarketDetail> = {}): MarketDetail {
  return {
    id: '7',
    metadataHash: '0x' + '11'.repeat(32),
    metadataStatus: 'approved',
    event: 'Will it rain in Paris on Friday?',
    category: 'science',
    issuer: ISSUER,
    options: [
      {
        index: 0,
        label: 'Rain',
        optionKey: '0x01',
        stake: (60n * E).toString(),
        odds: '1.666666',
        probability: '0.6',
        payoutMultiplier: '1.63',
      },
      {
        index: 1,
        label: 'Dry',
        optionKey: '0x02',
        stake: (40n * E).toString(),
        odds: '2.5',
        probability: '0.4',
        payoutMultiplier: '2.45',
      },
    ],
    optionCount: 2,
    volume: (100n * E).toString(),
    pool: (100n * E).toString(),
    liquidity: (20n * E).toString(),
    tradeCount: 3,
    createdAt: NOW - 10 * DAY,
    lastTradingTime: NOW - 2 * DAY,
    expirationTime: NOW - DAY,
    phase: 'Trading',
    state: 'WaitingConfirmation',
    label: { key: 'waitingConfirmation', option: null },
    result: null,
    txHash: '0x' + 'aa'.repeat(32),
    description: null,
    resolutionSource: null,
    url: null,
    content: null,
    language: 'en',
    licenseId: '3',
    collateral: 'token',
    licenseStaked: false,
    licenseValue: '0',
    margin: (400n * E).toString(),
    capacity: (8000n * E).toString(),
    remainingCapacity: (7900n * E).toString(),
    buyersStake: (80n * E).toString(),
    feeTotal: '0',
    minPremium: (10n * E).toString(),
    premiumReached: true,
    minInvest: E.toString(),
    feeBps: 200,
    rewardRateBps: 9800,
    marginFeeBps: 5000,
    defaultLeverage: 2,
    payToken: '0x' + '22'.repeat(20),
    rentalEnd: 0,
    issuerResult: null,
    daoResult: null,
    early: false,
    knownAt: null,
    confirmedAt: null,
    windowEnd: null,
    responseEnd: null,
    issuerAbsent: false,
    appealed: false,
    challengeCount: 0,
    bondState: 'locked',
    overturned: false,
    finalizedAt: null,
    netPool: null,
    winningStake: null,
    issuerFee: null,
    platformFee: null,
    referralFees: null,
    invalidReason: null,
    ...overrides,
  };
}

export function positionFixture(overrides: Partial<PositionView> = {}): PositionView {
  return {
    account: BUYER,
    options: [
      {
        option: 1,
        label: 'Dry',
        stake: (10n * E).toString(),
        fee: (2n * E) / 10n,
        invested: ((102n * E) / 10n).toString(),
        pendingPayoff: (25n * E).toString(),
      },
    ].map((o) => ({ ...o, fee: o.fee.toString() })),
    invested: ((102n * E) / 10n).toString(),
    pendingPayoff: (25n * E).toString(),
    payout: '0',
    refund: '0',
    received: '0',
    claimed: false,
    profit: null,
    ...overrides,
  };
}

export function challengeFixture(overrides: Partial<ChallengeView> = {}): ChallengeView {
  return {
    index: 0,
    challenger: BUYER,
    option: 1,
    knownAt: 0,
    evidenceHash: '0x' + '33'.repeat(32),
    evidence: {
      hash: '0x' + '33'.repeat(32),
      imageHash: '0x' + '44'.repeat(32),
      imageUrl: '/api/evidence/0x' + '44'.repeat(32),
      text: 'Météo-France archive shows no rain.',
    },
    stake: (1000n * E).toString(),
    status: 'Open',
    prdsReturned: null,
    compensation: null,
    compensationState: 'none',
    filedAt: NOW - DAY,
    txHash: '0x' + 'bb'.repeat(32),
    ...overrides,
  };
}

export function voteFixture(overrides: Partial<VoteView> = {}): VoteView {
  return {
    kind: 'TwoChallenges',
    voteEnd: NOW + 2 * DAY,
    extended: false,
    snapshotBlock: 41,
    outcome: null,
    choices: [
      { choice: 0, kind: 'invalid', option: null, challengeIndex: null, tally: '0' },
      { choice: 1, kind: 'issuer', option: 0, challengeIndex: null, tally: (3000n * E).toString() },
      { choice: 2, kind: 'challenge', option: 1, challengeIndex: 0, tally: (1000n * E).toString() },
    ],
    totalWeight: (4000n * E).toString(),
    voterCount: 2,
    votes: [],
    ...overrides,
  };
}

export function viewFixture(overrides: Partial<MarketDetailView> = {}): MarketDetailView {
  return {
    market: marketFixture(),
    positions: null,
    challenges: [],
    vote: null,
    issuerRecord: {
      account: ISSUER,
      issued: 3,
      running: 1,
      finished: 2,
      cancelled: 0,
      void: 0,
      invalid: 0,
      challenged: 1,
      overturned: 0,
      bondsSlashed: 0,
      volume: '0',
      issuerFees: '0',
    },
    now: NOW,
    ...overrides,
  };
}

import type { IssuedMarket } from '@prds/shared/issue';
import { canCancel, issuerDuty } from './issuerDuty';

const EXPIRES = 1_900_000_000;
const DEADLINE = EXPIRES + 3 * 86_400;

function market(patch: Partial<IssuedMarket>): IssuedMarket {
  return {
    id: '1',
    metadataHash: `0x${'11'.repeat(32)}`,
    metadataStatus: 'approved',
    event: 'Will it rain?',
    category: 'science',
    issuer: '0x00000000000000000000000000000000000000aa',
    options: [],
    optionCount: 2,
    volume: '0',
    pool: '100',
    liquidity: '100',
    tradeCount: 0,
    createdAt: EXPIRES - 86_400,
    lastTradingTime: EXPIRES - 3600,
    expirationTime: EXPIRES,
    phase: 'Trading',
    state: 'Open',
    label: { key: 'guaranteeing', option: null },
    result: null,
    txHash: `0x${'22'.repeat(32)}`,
    licenseId: '7',
    licenseStaked: false,
    margin: '100',
    capacity: '2000',
    bondState: 'locked',
    issuerFee: null,
    challengeCount: 0,
    feeTotal: '0',
    confirmationDeadline: DEADLINE,
    responseEnd: null,
    liquidityClaimable: '0',
    liquidityProfit: null,
    issuerProfit: null,
    ...patch,
  };
}

describe('issuerDuty', () => {
  it.each<[string, Partial<IssuedMarket>, ReturnType<typeof issuerDuty>]>([
    ['trading: confirm after expiry', { state: 'Open' }, { kind: 'confirmAfter', from: EXPIRES, deadline: DEADLINE }],
    ['closed: confirm after expiry', { state: 'Closed' }, { kind: 'confirmAfter', from: EXPIRES, deadline: DEADLINE }],
    ['expired: confirm before the deadline', { state: 'WaitingConfirmation' }, { kind: 'confirm', deadline: DEADLINE }],
    [
      'challenged: answer before the response period ends',
      { phase: 'Challenging', state: 'Challenging', responseEnd: EXPIRES + 86_400 },
      { kind: 'respond', deadline: EXPIRES + 86_400 },
    ],
    ['confirmed, window open: nothing', { phase: 'Confirmed', state: 'Confirmed' }, { kind: 'none' }],
    ['a vote: nothing (the community decides)', { phase: 'Voting', state: 'Appealing' }, { kind: 'none' }],
    [
      'finished with liquidity to claim',
      { phase: 'Final', state: 'Finished', liquidityClaimable: '150' },
      { kind: 'claim', amount: 150n },
    ],
    ['finished, claimed', { phase: 'Final', state: 'Finished', liquidityClaimable: '0' }, { kind: 'none' }],
    ['the deadline passed: nothing left to confirm', { state: 'IssuerAbsent' }, { kind: 'none' }],
    ['cancelled', { phase: 'Cancelled', state: 'Cancelled' }, { kind: 'none' }],
  ])('%s', (_name, patch, expected) => {
    expect(issuerDuty(market(patch))).toEqual(expected);
  });
});

describe('canCancel (Markets.cancel)', () => {
  it.each<[string, Partial<IssuedMarket>, boolean]>([
    ['trading, no buys', {}, true],
    ['trading past expiry, no buys', { state: 'WaitingConfirmation' }, true],
    ['void for its premium but still stored as trading, no buys', { state: 'Void' }, true],
    ['one buy', { pool: '101' }, false],
    ['confirmed', { phase: 'Confirmed', state: 'Confirmed' }, false],
    ['already cancelled', { phase: 'Cancelled', state: 'Cancelled' }, false],
  ])('%s', (_name, patch, expected) => {
    expect(canCancel(market(patch))).toBe(expected);
  });
});

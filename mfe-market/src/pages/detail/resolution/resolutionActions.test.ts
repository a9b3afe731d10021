import { resolutionActions, winningChoiceOf } from './resolutionActions';
import {
  BUYER,
  DAY,
  ISSUER,
  NOW,
  OTHER,
  challengeFixture,
  marketFixture,
  positionFixture,
  viewFixture,
  voteFixture,
} from '../detailFixture';

const TIMES = { confirmationPeriod: 3 * DAY };

describe('resolutionActions: the issuer', () => {
  it('sets the result after expiration, within the 3 days to confirm', () => {
    const view = viewFixture();
    const actions = resolutionActions(view, ISSUER, NOW, TIMES);
    expect(actions).toMatchObject({ isIssuer: true, confirm: true, confirmEarly: false, respond: false, addMargin: true });
    expect(resolutionActions(view, ISSUER, view.market.expirationTime + 3 * DAY, TIMES).confirm).toBe(false);
    expect(resolutionActions(view, ISSUER, view.market.expirationTime + 3 * DAY, TIMES).advance).toBe('issuerAbsent');
  });

  it('confirms early only before expiration, and never when the premium was missed', () => {
    const open = viewFixture({
      market: marketFixture({ lastTradingTime: NOW + DAY, expirationTime: NOW + 2 * DAY, state: 'Open' }),
    });
    expect(resolutionActions(open, ISSUER, NOW, TIMES)).toMatchObject({ confirm: false, confirmEarly: true });
    const missed = viewFixture({ market: marketFixture({ premiumReached: false }) });
    expect(resolutionActions(missed, ISSUER, NOW, TIMES)).toMatchObject({ confirm: false, confirmEarly: false, advance: 'void' });
  });

  it('is not offered to anyone else', () => {
    const actions = resolutionActions(viewFixture(), BUYER, NOW, TIMES);
    expect(actions).toMatchObject({ isIssuer: false, confirm: false, confirmEarly: false, addMargin: false });
  });

  it('concedes or appeals only while challenged and within the response period', () => {
    const challenged = viewFixture({
      market: marketFixture({
        phase: 'Challenging',
        state: 'Challenging',
        result: 0,
        confirmedAt: NOW - DAY,
        windowEnd: NOW + 6 * DAY,
        responseEnd: NOW + DAY,
      }),
      challenges: [challengeFixture()],
    });
    expect(resolutionActions(challenged, ISSUER, NOW, TIMES).respond).toBe(true);
    const late = resolutionActions(challenged, ISSUER, NOW + DAY, TIMES);
    expect(late.respond).toBe(false);
    expect(late.advance).toBe('default');
  });

  it('adds margin only while the bond is locked in a live market', () => {
    expect(
      resolutionActions(
        viewFixture({ market: marketFixture({ phase: 'Final', state: 'Finished', bondState: 'released' }) }),
        ISSUER,
        NOW,
        TIMES,
      ).addMargin,
    ).toBe(false);
  });
});

describe('resolutionActions: challenges', () => {
  const confirmed = (overrides = {}) =>
    viewFixture({
      market: marketFixture({
        phase: 'Confirmed',
        state: 'Confirmed',
        result: 0,
        issuerResult: 0,
        confirmedAt: NOW - DAY,
        windowEnd: NOW + 6 * DAY,
        ...overrides,
      }),
      positions: positionFixture(),
    });

  it('lets a participant challenge within the 7-day window', () => {
    expect(resolutionActions(confirmed(), BUYER, NOW, TIMES).challenge).toBe('available');
    expect(resolutionActions(confirmed(), BUYER, NOW + 6 * DAY, TIMES).challenge).toBe('closed');
  });

  it('says why someone else cannot', () => {
    expect(resolutionActions(confirmed(), null, NOW, TIMES).challenge).toBe('notConnected');
    expect(resolutionActions(confirmed(), ISSUER, NOW, TIMES).challenge).toBe('issuer');
    expect(resolutionActions({ ...confirmed(), positions: null }, OTHER, NOW, TIMES).challenge).toBe('notParticipant');
    expect(
      resolutionActions(
        { ...confirmed(), challenges: [challengeFixture({ challenger: BUYER.toUpperCase().replace('0X', '0x') })] },
        BUYER,
        NOW,
        TIMES,
      ).challenge,
    ).toBe('alreadyChallenged');
  });

  it('closes a second challenge once the issuer response period is over', () => {
    const view = viewFixture({
      market: marketFixture({
        phase: 'Challenging',
        state: 'Challenging',
        result: 0,
        confirmedAt: NOW - DAY,
        windowEnd: NOW + 6 * DAY,
        responseEnd: NOW + DAY,
      }),
      positions: positionFixture({ account: OTHER }),
      challenges: [challengeFixture()],
    });
    expect(resolutionActions(view, OTHER, NOW, TIMES).challenge).toBe('available');
    expect(resolutionActions(view, OTHER, NOW + DAY, TIMES).challenge).toBe('closed');
  });

  it('finalizes once the window closes unchallenged', () => {
    expect(resolutionActions(confirmed(), BUYER, NOW + 6 * DAY, TIMES).advance).toBe('finalize');
    expect(resolutionActions(confirmed(), BUYER, NOW, TIMES).advance).toBeNull();
  });
});

describe('resolutionActions: the vote', () => {
  const voting = (voteOverrides = {}) =>
    viewFixture({
      market: marketFixture({ phase: 'Voting', state: 'Voting', result: 0, confirmedAt: NOW - DAY, windowEnd: NOW + 6 * DAY }),
      challenges: [challengeFixture(), challengeFixture({ index: 1, challenger: OTHER })],
      vote: voteFixture(voteOverrides),
    });

  it('is open until its end, once per voter, and then asks to be tallied', () => {
    expect(resolutionActions(voting(), BUYER, NOW, TIMES).vote).toBe('available');
    expect(resolutionActions(voting(), null, NOW, TIMES).vote).toBe('notConnected');
    const voted = voting({ votes: [{ voter: BUYER, choice: 1, weight: '1', time: NOW, reward: null }] });
    expect(resolutionActions(voted, BUYER, NOW, TIMES).vote).toBe('voted');
    const ended = resolutionActions(voting(), BUYER, NOW + 2 * DAY, TIMES);
    expect(ended.vote).toBe('closed');
    expect(ended.advance).toBe('tally');
  });

  it('offers the voter reward to the winning side when a challenge lost, until claimed', () => {
    const finished = (reward: string | null) =>
      viewFixture({
        market: marketFixture({ phase: 'Final', state: 'Finished', result: 0 }),
        challenges: [challengeFixture({ status: 'Lost' })],
        vote: voteFixture({ outcome: 'IssuerWins', votes: [{ voter: OTHER, choice: 1, weight: '5', time: NOW, reward }] }),
      });
    expect(winningChoiceOf(finished(null))).toBe(1);
    expect(resolutionActions(finished(null), OTHER, NOW, TIMES).voterReward).toBe(true);
    expect(resolutionActions(finished('10'), OTHER, NOW, TIMES).voterReward).toBe(false);
    expect(resolutionActions(finished(null), BUYER, NOW, TIMES).voterReward).toBe(false);
  });
});

describe('resolutionActions: claims', () => {
  it('claims a payout once final and only until claimed', () => {
    const view = viewFixture({
      market: marketFixture({ phase: 'Final', state: 'Finished', result: 1 }),
      positions: positionFixture(),
    });
    expect(resolutionActions(view, BUYER, NOW, TIMES).claim).toBe(true);
    expect(
      resolutionActions({ ...view, positions: positionFixture({ claimed: true, pendingPayoff: '0' }) }, BUYER, NOW, TIMES).claim,
    ).toBe(false);
  });

  it('claims nothing while the result can still be challenged', () => {
    const view = viewFixture({
      market: marketFixture({ phase: 'Confirmed', state: 'Confirmed', result: 1, windowEnd: NOW + DAY }),
      positions: positionFixture(),
    });
    expect(resolutionActions(view, BUYER, NOW, TIMES).claim).toBe(false);
  });

  it('lists the compensation a proven challenger can claim', () => {
    const view = viewFixture({
      market: marketFixture({ phase: 'Final', state: 'Finished', result: 1 }),
      challenges: [
        challengeFixture({ status: 'Won', compensation: '200', compensationState: 'pending' }),
        challengeFixture({ index: 1, challenger: OTHER, status: 'Lost' }),
      ],
    });
    expect(resolutionActions(view, BUYER, NOW, TIMES).compensation).toEqual([0]);
    expect(resolutionActions(view, OTHER, NOW, TIMES).compensation).toEqual([]);
  });
});

import type { MarketDetailView } from '@prds/shared/markets';

/**
 * What the connected account may do to resolve a market right now, decided the way the contract
 * decides it (Markets.sol confirm / confirmEarly / addMargin, MarketsDisputes.sol challenge / concede /
 * appeal / vote / advance / claim*), from the api's view and chain time. The page offers an action
 * only when the contract would accept it, so a click never ends in a revert the page could foresee.
 */

export type ChallengeAvailability = 'available' | 'closed' | 'notConnected' | 'issuer' | 'notParticipant' | 'alreadyChallenged';

/** The deadline `advance(id)` would move the market past. */
export type AdvanceKind = 'void' | 'issuerAbsent' | 'finalize' | 'default' | 'tally';

export interface ResolutionActions {
  readonly isIssuer: boolean;
  readonly isParticipant: boolean;
  readonly confirm: boolean;
  readonly confirmEarly: boolean;
  /** Concede or appeal the open challenge. */
  readonly respond: boolean;
  readonly addMargin: boolean;
  readonly challenge: ChallengeAvailability;
  readonly vote: 'available' | 'closed' | 'notConnected' | 'voted';
  readonly advance: AdvanceKind | null;
  /** Payout or refund waiting for this account. */
  readonly claim: boolean;
  /** Indexes of this account's challenges whose compensation waits to be claimed. */
  readonly compensation: readonly number[];
  /** This account voted for the winning choice of a vote whose losers' stakes pay voters, and has not claimed. */
  readonly voterReward: boolean;
}

export interface ProtocolTimes {
  /** Seconds after expiration the issuer has to confirm (3 days by default). */
  readonly confirmationPeriod: number;
}

const SETTLED_STATES = new Set(['Finished', 'Void', 'Invalid']);
const LIVE_BOND_PHASES = new Set(['Trading', 'Confirmed', 'Challenging', 'Voting']);

const same = (a: string | null | undefined, b: string | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && a.toLowerCase() === b.toLowerCase();

function advanceKind(view: MarketDetailView, now: number, times: ProtocolTimes): AdvanceKind | null {
  const { market, vote } = view;
  switch (market.phase) {
    case 'Trading':
      if (now >= market.lastTradingTime && !market.premiumReached) return 'void';
      if (now >= market.expirationTime + times.confirmationPeriod) return 'issuerAbsent';
      return null;
    case 'Confirmed':
      return market.windowEnd !== null && now >= market.windowEnd ? 'finalize' : null;
    case 'Challenging':
      return market.responseEnd !== null && now >= market.responseEnd ? 'default' : null;
    case 'Voting':
      return vote?.voteEnd !== null && vote?.voteEnd !== undefined && now >= vote.voteEnd ? 'tally' : null;
    default:
      return null;
  }
}

function challengeAvailability(
  view: MarketDetailView,
  account: string | null,
  now: number,
  isParticipant: boolean,
): ChallengeAvailability {
  const { market, challenges } = view;
  const phaseOpen = market.phase === 'Confirmed' || market.phase === 'Challenging';
  const windowOpen = market.windowEnd !== null && now < market.windowEnd;
  const responseOpen = market.phase !== 'Challenging' || (market.responseEnd !== null && now < market.responseEnd);
  if (!phaseOpen || !windowOpen || !responseOpen) return 'closed';
  if (account === null) return 'notConnected';
  if (same(account, market.issuer)) return 'issuer';
  if (challenges.some((c) => same(c.challenger, account))) return 'alreadyChallenged';
  if (!isParticipant) return 'notParticipant';
  return 'available';
}

export function resolutionActions(
  view: MarketDetailView,
  account: string | null,
  now: number,
  times: ProtocolTimes,
): ResolutionActions {
  const { market, positions, vote, challenges } = view;
  const isIssuer = same(account, market.issuer);
  const isParticipant = (positions?.options ?? []).some((o) => BigInt(o.stake) > 0n);
  const trading = market.phase === 'Trading';
  const premiumMissed = now >= market.lastTradingTime && !market.premiumReached;

  let voteState: ResolutionActions['vote'] = 'closed';
  if (market.phase === 'Voting' && vote?.voteEnd != null && now < vote.voteEnd) {
    if (account === null) voteState = 'notConnected';
    else voteState = vote.votes.some((b) => same(b.voter, account)) ? 'voted' : 'available';
  }

  const winningChoice = vote?.outcome != null ? winningChoiceOf(view) : null;
  const myBallot = account === null ? undefined : vote?.votes.find((b) => same(b.voter, account));

  return {
    isIssuer,
    isParticipant,
    confirm:
      isIssuer &&
      trading &&
      !premiumMissed &&
      now >= market.expirationTime &&
      now < market.expirationTime + times.confirmationPeriod,
    confirmEarly: isIssuer && trading && !premiumMissed && now < market.expirationTime,
    respond: isIssuer && market.phase === 'Challenging' && market.responseEnd !== null && now < market.responseEnd,
    addMargin: isIssuer && LIVE_BOND_PHASES.has(market.phase) && market.bondState === 'locked',
    challenge: challengeAvailability(view, account, now, isParticipant),
    vote: voteState,
    advance: advanceKind(view, now, times),
    claim: positions !== null && !positions.claimed && SETTLED_STATES.has(market.state) && BigInt(positions.pendingPayoff) > 0n,
    compensation: challenges.filter((c) => same(c.challenger, account) && c.compensationState === 'pending').map((c) => c.index),
    // Losing challengers' stakes pay the winning side's voters (half of each); `reward` is set once claimed.
    voterReward:
      myBallot !== undefined &&
      winningChoice !== null &&
      myBallot.choice === winningChoice &&
      myBallot.reward === null &&
      challenges.some((c) => c.status === 'Lost'),
  };
}

/** The choice the tally chose: the one with the most weight (the api's tallies are final once an outcome is set). */
export function winningChoiceOf(view: MarketDetailView): number | null {
  const { vote } = view;
  if (vote === null || vote.outcome === null) return null;
  let best: { choice: number; tally: bigint } | null = null;
  for (const c of vote.choices) {
    const tally = BigInt(c.tally);
    if (best === null || tally > best.tally) best = { choice: c.choice, tally };
  }
  return best !== null && best.tally > 0n ? best.choice : null;
}

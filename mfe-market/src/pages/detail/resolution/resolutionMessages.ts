import type { MessageDescriptor } from '@prds/shared/i18n';
import type { TxMessages } from '@prds/shared/wallet';
import type { AdvanceKind } from './resolutionActions';

// Each resolution flow words its own outcome; the custom errors a user can hit (MarketsDisputes.sol,
// Markets.sol confirm / confirmEarly / addMargin / claim) get a message each.

const COMMON_REVERTS = {
  NotIssuer: { id: 'market.resolution.revert.notIssuer' },
  MarketNotOpen: { id: 'market.resolution.revert.marketNotOpen' },
  InvalidOption: { id: 'market.resolution.revert.invalidOption' },
  ERC20InsufficientBalance: { id: 'market.resolution.revert.insufficientBalance' },
} as const;

export const CONFIRM_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.confirm.success',
  failedId: 'market.resolution.confirm.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: {
    ...COMMON_REVERTS,
    NotExpired: { id: 'market.resolution.revert.notExpired' },
    ConfirmationDeadlinePassed: { id: 'market.resolution.revert.confirmationDeadlinePassed' },
    EarlyConfirmationTooLate: { id: 'market.resolution.revert.earlyTooLate' },
    KnownTimeInFuture: { id: 'market.resolution.revert.knownTimeInFuture' },
    KnownTimeOutOfRange: { id: 'market.resolution.revert.knownTimeOutOfRange' },
    PremiumNotReached: { id: 'market.resolution.revert.premiumNotReached' },
  },
};

export const RESPOND_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.respond.success',
  failedId: 'market.resolution.respond.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: {
    ...COMMON_REVERTS,
    NotChallenging: { id: 'market.resolution.revert.notChallenging' },
    ResponsePeriodOver: { id: 'market.resolution.revert.responsePeriodOver' },
  },
};

export const MARGIN_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.margin.success',
  failedId: 'market.resolution.margin.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: { ...COMMON_REVERTS, MarketSettled: { id: 'market.resolution.revert.marketSettled' } },
};

export const CHALLENGE_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.challenge.success',
  failedId: 'market.resolution.challenge.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: {
    ...COMMON_REVERTS,
    NotConfirmed: { id: 'market.resolution.revert.notConfirmed' },
    ChallengeWindowClosed: { id: 'market.resolution.revert.windowClosed' },
    IssuerCannotChallenge: { id: 'market.resolution.revert.issuerCannotChallenge' },
    AlreadyChallenged: { id: 'market.resolution.revert.alreadyChallenged' },
    NotParticipant: { id: 'market.resolution.revert.notParticipant' },
    KnownTimeNotAllowed: { id: 'market.resolution.revert.knownTimeNotAllowed' },
    KnownTimeOutOfRange: { id: 'market.resolution.revert.knownTimeOutOfRange' },
    ClaimMatchesResult: { id: 'market.resolution.revert.claimMatchesResult' },
  },
};

export const VOTE_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.vote.success',
  failedId: 'market.resolution.vote.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: {
    NotVoting: { id: 'market.resolution.revert.notVoting' },
    VotingClosed: { id: 'market.resolution.revert.votingClosed' },
    InvalidChoice: { id: 'market.resolution.revert.invalidChoice' },
    AlreadyVoted: { id: 'market.resolution.revert.alreadyVoted' },
    NoVotingPower: { id: 'market.resolution.revert.noVotingPower' },
  },
};

export const ADVANCE_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.advance.success',
  failedId: 'market.resolution.advance.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: { NothingToAdvance: { id: 'market.resolution.revert.nothingToAdvance' } },
};

export const CLAIM_TX_MESSAGES: TxMessages = {
  confirmedId: 'market.resolution.claim.success',
  failedId: 'market.resolution.claim.failed',
  cancelledId: 'market.resolution.txCancelled',
  revert: {
    NotFinal: { id: 'market.resolution.revert.notFinal' },
    NothingToClaim: { id: 'market.resolution.revert.nothingToClaim' },
    NoCompensation: { id: 'market.resolution.revert.noCompensation' },
    NoReward: { id: 'market.resolution.revert.noReward' },
  },
};

/** What the button that calls `advance(id)` says for each deadline. */
export const ADVANCE_LABEL = {
  void: { id: 'market.resolution.advance.void' },
  issuerAbsent: { id: 'market.resolution.advance.issuerAbsent' },
  finalize: { id: 'market.resolution.advance.finalize' },
  default: { id: 'market.resolution.advance.default' },
  tally: { id: 'market.resolution.advance.tally' },
} as const satisfies Record<AdvanceKind, MessageDescriptor>;

/** `IMarketsTypes.ChallengeStatus` in words. */
export const CHALLENGE_STATUS_LABEL = {
  None: { id: 'market.resolution.challengeStatus.open' },
  Open: { id: 'market.resolution.challengeStatus.open' },
  Conceded: { id: 'market.resolution.challengeStatus.conceded' },
  WonByDefault: { id: 'market.resolution.challengeStatus.wonByDefault' },
  Won: { id: 'market.resolution.challengeStatus.won' },
  Lost: { id: 'market.resolution.challengeStatus.lost' },
  Refunded: { id: 'market.resolution.challengeStatus.refunded' },
  ReturnedLessPenalty: { id: 'market.resolution.challengeStatus.returnedLessPenalty' },
  Superseded: { id: 'market.resolution.challengeStatus.superseded' },
} as const satisfies Record<string, MessageDescriptor>;

/** Spec §4 'receiving compensation' (pending) / 'received'. */
export const COMPENSATION_STATE_LABEL = {
  none: null,
  pending: { id: 'market.resolution.compensation.pending' },
  received: { id: 'market.resolution.compensation.received' },
} as const satisfies Record<'none' | 'pending' | 'received', MessageDescriptor | null>;

export const VOTE_KIND_LABEL = {
  Appeal: { id: 'market.resolution.voteKind.appeal' },
  TwoChallenges: { id: 'market.resolution.voteKind.twoChallenges' },
  IssuerAbsent: { id: 'market.resolution.voteKind.issuerAbsent' },
} as const satisfies Record<string, MessageDescriptor>;

export function labelOf<T extends Record<string, MessageDescriptor | null>>(
  table: T,
  key: string | null,
): MessageDescriptor | null {
  if (key === null || !Object.hasOwn(table, key)) return null;
  return table[key as keyof T] ?? null;
}

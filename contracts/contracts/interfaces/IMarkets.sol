// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Types, events and errors shared by Markets and its dispute module (one storage, one address).
interface IMarketsTypes {
    /// Stored phase of a market; MarketState (below) is what a label shows, derived from it and the time.
    enum Phase {
        None,
        Trading,
        Confirmed,
        Challenging,
        Voting,
        Final,
        Cancelled,
        Void,
        Invalid
    }

    /// The market's state for labels (spec §4).
    enum MarketState {
        None,
        Open, // guaranteeing: buys accepted
        Closed, // after the last trading time, before expiration
        WaitingConfirmation, // expired, the issuer has until the confirmation deadline
        IssuerAbsent, // the confirmation deadline passed; advance() starts the vote
        EarlyConfirmed, // confirmed early; challenge window open
        Confirmed, // confirmed; challenge window open
        Challenging, // one challenge, the issuer may concede or appeal
        Appealing, // vote after the issuer's appeal
        Voting, // vote after two challenges or an absent issuer
        WaitResult, // a deadline passed; advance() moves it on (default, tally, finalize)
        Finished, // final: winners claim
        Cancelled,
        Void, // minimum premium not reached: all refunded
        Invalid // all refunded
    }

    enum VoteKind {
        None,
        Appeal, // candidates: 0 invalid, 1 issuer's claim, 2 the challenge
        TwoChallenges, // candidates: 0 invalid, 1 issuer's claim, 2 first challenge, 3 second (absent when both claim the same)
        IssuerAbsent // candidates: 0 invalid, 1 + k option k
    }

    enum ChallengeStatus {
        None,
        Open,
        Conceded, // the issuer conceded: stake returned, the claim became the confirmed result
        WonByDefault, // the issuer did not respond: stake returned plus compensation
        Won, // the vote chose this claim: stake returned plus compensation
        Lost, // stake split between winning voters and the treasury
        Refunded, // the vote found the market invalid: stake returned in full
        ReturnedLessPenalty, // quorum missed twice: stake returned less the penalty
        Superseded // the result changed by a concession to another challenge before a vote
    }

    enum InvalidReason {
        Vote, // the vote chose 'invalid' or tied
        AbsentNoQuorum // the issuer was absent and the vote missed its quorum twice
    }

    enum TallyOutcome {
        IssuerWins,
        ChallengerWins,
        Invalid,
        QuorumMissed, // after the extension: the issuer's claim stands (absent issuer: invalid)
        OptionChosen // absent-issuer vote chose an option
    }

    /// Deployment parameters; all readable through params().
    struct Params {
        uint16 feeBps;
        uint16 issuerShareBps;
        uint16 platformShareBps;
        uint16 referrerShareBps;
        uint16 capacityMultiple;
        uint256 challengeStake;
        uint32 votingPeriod;
        uint16 quorumBps;
        uint32 responsePeriod;
        uint32 confirmationPeriod;
        uint32 challengeWindow;
        uint256 minLiquidity;
        uint256 minMargin;
        uint256 minPremium;
        uint256 minInvest;
        uint16 marginFeeBps;
        uint16 quorumPenaltyBps;
        uint32 checkpointInterval;
        uint8 maxOptions;
    }

    struct Deps {
        address payToken;
        address prds;
        address license;
        address treasury;
    }

    struct IssueParams {
        uint256 licenseId;
        bytes32 metadataHash; // hash of the event text and metadata kept by the api
        bytes32[] options; // option hashes (or short strings), unique and non-zero
        uint40 lastTradingTime;
        uint40 expirationTime;
        uint256 liquidity;
        uint256 margin; // token bond; may be 0 only when the License is staked
        bool stakeLicense; // owner only: lock the License itself as (part of) the bond
    }

    struct MarketView {
        address issuer;
        MarketState state;
        uint8 optionCount;
        uint40 createdAt;
        uint40 lastTradingTime;
        uint40 expirationTime;
        uint256 licenseId;
        bool licenseStaked;
        uint256 licenseValue;
        uint256 margin;
        uint256 liquidity;
        uint256 pool; // sum of stakes (fees excluded)
        uint256 feeTotal;
        uint256 capacity;
        uint8 result;
        bool early;
        uint40 knownAt;
        uint40 confirmedAt;
        uint40 windowEnd;
        bool bondSettled;
        uint256 netPool; // once final: the pool shared by winners
        uint256 winningStake;
        bytes32 metadataHash;
    }

    struct Challenge {
        address challenger;
        uint40 knownAt; // claimed time the outcome became known (0: not early)
        uint8 option;
        ChallengeStatus status;
        bool compensationClaimed;
        bytes32 evidenceHash;
        uint128 stake;
        uint128 compensation;
    }

    struct Dispute {
        VoteKind kind;
        uint8 candidates;
        uint8 openCount;
        uint32 openA; // index in challengesOf(id)
        uint32 openB;
        bool extended;
        bool sharedClaim; // both open challenges make the same claim: one candidate (2) for both
        uint8 winningChoice;
        uint40 responseEnd;
        uint40 voteEnd;
        uint64 snapshotBlock;
        uint128 totalVotes;
        uint128 winningVotes;
        uint128 rewardPool; // PRDS for voters on the winning side
    }

    struct Ballot {
        uint8 choicePlusOne;
        bool rewarded;
        uint128 weight;
    }

    // ---- events (everything an indexer needs) ----
    event MarketIssued(
        uint256 indexed id,
        address indexed issuer,
        uint256 indexed licenseId,
        bytes32 metadataHash,
        bytes32[] options,
        uint40 lastTradingTime,
        uint40 expirationTime,
        uint256 liquidity,
        uint256 margin,
        bool licenseStaked,
        uint256 licenseValue,
        uint256 capacity,
        uint64 rentalEnd
    );
    event ReferrerBound(address indexed account, address indexed referrer);
    event Bought(
        uint256 indexed id,
        address indexed buyer,
        uint8 option,
        uint256 amount,
        uint256 stake,
        uint256 fee,
        address indexed referrer,
        uint256 optionStake,
        uint256 pool,
        uint40 time
    );
    event MarginAdded(uint256 indexed id, address indexed issuer, uint256 amount, uint256 margin, uint256 capacity);
    event ResultConfirmed(
        uint256 indexed id,
        address indexed issuer,
        uint8 option,
        bool early,
        uint40 knownAt,
        uint40 windowEnd,
        uint64 snapshotBlock
    );
    event MarketCancelled(uint256 indexed id, address indexed issuer, uint256 indexed licenseId, uint256 refund);
    event MarketVoided(uint256 indexed id, uint256 buyersStake, uint256 minPremium);
    event MarketInvalidated(uint256 indexed id, InvalidReason reason);
    event MarketFinalized(
        uint256 indexed id,
        uint8 result,
        bool early,
        uint40 knownAt,
        uint256 netPool,
        uint256 winningStake,
        uint256 feeTotal,
        uint256 issuerFee,
        uint256 platformFee,
        uint256 referralFees
    );
    event BondReleased(uint256 indexed id, address indexed issuer, uint256 margin, bool licenseReturned);
    event BondSlashed(
        uint256 indexed id, uint256 toTreasury, uint256 compensation, address indexed challenger, bool licenseToTreasury
    );
    event Claimed(uint256 indexed id, address indexed account, uint256 payout, uint256 refund);
    event ReferralClaimed(uint256 indexed id, address indexed referrer, uint256 amount);
    event Credited(address indexed account, uint256 amount, uint256 balance);
    event Withdrawn(address indexed account, uint256 amount);
    event IssuerAbsent(uint256 indexed id, address indexed issuer);
    event Challenged(
        uint256 indexed id,
        uint256 index,
        address indexed challenger,
        uint8 option,
        uint40 knownAt,
        bytes32 evidenceHash,
        uint256 stake
    );
    event ChallengeConceded(uint256 indexed id, uint256 index, uint8 option, uint40 knownAt, uint40 windowEnd);
    event ChallengeDefaulted(uint256 indexed id, uint256 index, uint8 option, uint40 knownAt, uint40 windowEnd);
    event Appealed(uint256 indexed id, address indexed issuer);
    event VoteStarted(uint256 indexed id, VoteKind kind, uint8 candidates, uint40 voteEnd, uint64 snapshotBlock);
    event Voted(uint256 indexed id, address indexed voter, uint8 choice, uint256 weight);
    event VoteExtended(uint256 indexed id, uint40 voteEnd, uint256 totalVotes, uint256 quorum);
    event VoteTallied(
        uint256 indexed id, TallyOutcome outcome, uint8 winningChoice, uint256 totalVotes, uint256 quorum
    );
    event ChallengeSettled(
        uint256 indexed id, uint256 index, address indexed challenger, ChallengeStatus status, uint256 prdsReturned, uint256 compensation
    );
    event CompensationClaimed(uint256 indexed id, uint256 index, address indexed challenger, uint256 amount);
    event VoterRewardClaimed(uint256 indexed id, address indexed voter, uint256 amount);

    // ---- errors (every rejected case) ----
    error InvalidParams();
    error MarketNotFound(uint256 id);
    error InvalidOptionCount(uint256 count, uint256 max);
    error EmptyOption(uint256 index);
    error DuplicateOption(uint256 index);
    error LastTradingTimeNotInFuture(uint256 lastTradingTime, uint256 nowTime);
    error ExpirationBeforeLastTrading(uint256 expirationTime, uint256 lastTradingTime);
    error LiquidityTooLow(uint256 liquidity, uint256 minLiquidity);
    error MarginTooLow(uint256 margin, uint256 minMargin);
    error RenterCannotStakeLicense(uint256 licenseId);
    error MarketNotOpen(uint256 id);
    error TradingClosed(uint256 id, uint256 lastTradingTime);
    error InvalidOption(uint256 id, uint256 option);
    error AmountBelowMinimum(uint256 amount, uint256 minInvest);
    error IssuerCannotBuy(uint256 id);
    error SelfReferral(address account);
    error CapacityExceeded(uint256 id, uint256 pool, uint256 capacity);
    error PayoutBelowMinimum(uint256 payout, uint256 minPayout);
    error NotIssuer(uint256 id, address caller);
    error NotExpired(uint256 id, uint256 expirationTime);
    error ConfirmationDeadlinePassed(uint256 id, uint256 deadline);
    error EarlyConfirmationTooLate(uint256 id, uint256 expirationTime);
    error KnownTimeInFuture(uint256 knownAt, uint256 nowTime);
    error KnownTimeOutOfRange(uint256 knownAt, uint256 earliest, uint256 latest);
    error PremiumNotReached(uint256 id, uint256 buyersStake, uint256 minPremium);
    error MarketHasBuys(uint256 id);
    error ZeroAmount();
    error AmountTooLarge(uint256 amount);
    error MarketSettled(uint256 id);
    error NotFinal(uint256 id);
    error NothingToClaim(uint256 id, address account);
    error InsufficientCredit(uint256 requested, uint256 available);
    error FeeOnTransferNotSupported(address token, uint256 expected, uint256 received);
    error NotConfirmed(uint256 id);
    error ChallengeWindowClosed(uint256 id, uint256 windowEnd);
    error IssuerCannotChallenge(uint256 id);
    error NotParticipant(uint256 id, address account);
    error AlreadyChallenged(uint256 id, address account);
    error KnownTimeNotAllowed(uint256 id);
    error ClaimMatchesResult(uint256 id);
    error NotChallenging(uint256 id);
    error ResponsePeriodOver(uint256 id, uint256 responseEnd);
    error NotVoting(uint256 id);
    error VotingClosed(uint256 id, uint256 voteEnd);
    error InvalidChoice(uint256 id, uint256 choice);
    error AlreadyVoted(uint256 id, address voter);
    error NoVotingPower(uint256 id, address voter);
    error NothingToAdvance(uint256 id);
    error NoReward(uint256 id, address voter);
    error NoCompensation(uint256 id, uint256 index);
    error DelegateCallOnly();
}

/// The whole surface of the Markets address (trading in Markets, disputes routed to MarketsDisputes).
interface IMarkets is IMarketsTypes {
    // trading
    /// Issues a market with a License (its current user issues); pulls liquidity + margin (and the
    /// License when staked). Emits MarketIssued.
    function issue(IssueParams calldata p) external returns (uint256 id);
    /// Buys a position: charges `amount` rounded down to whole fee units (Bought.amount), the fee set
    /// aside until final; reverts when the payout if `option` wins would be below `minPayout`.
    /// `referrer` binds once per account (ignored once bound; zero for none).
    function buy(uint256 id, uint8 option, uint256 amount, uint256 minPayout, address referrer) external;
    /// Issuer, after expiration and before the confirmation deadline.
    function confirm(uint256 id, uint8 option) external;
    /// Issuer, before expiration: trading closes; stakes from the checkpoint interval of `knownAt`
    /// onwards are refunded in full when final.
    function confirmEarly(uint256 id, uint8 option, uint40 knownAt) external;
    /// Issuer, no buys yet: irreversible; refunds liquidity and margin, recycles the License use.
    function cancel(uint256 id) external;
    /// Issuer: raises the bond and the capacity (capacityMultiple × bond).
    function addMargin(uint256 id, uint256 amount) external;
    /// Pays `account` its payout and refunds (anyone may call; funds go to `account`). Finalizes a
    /// market whose challenge window has closed, or voids one that missed its minimum premium, first.
    function claim(uint256 id, address account) external returns (uint256 payout, uint256 refund);
    /// The caller's referrer share of a final market.
    function claimReferral(uint256 id) external returns (uint256 amount);
    /// Withdraws the caller's free balance (released margin, issuer/platform fees, slashed bonds).
    function withdraw(uint256 amount) external;

    // disputes and deadlines (executed by MarketsDisputes on this contract's storage)
    /// A participant (any stake in the market, not the issuer), once per market, within the window:
    /// stakes params().challengeStake PRDS. `knownAt` is 0, or another time (early confirmations only).
    function challenge(uint256 id, uint8 option, uint40 knownAt, bytes32 evidenceHash) external;
    /// Issuer, within the response period of a first challenge.
    function concede(uint256 id) external;
    /// Issuer, within the response period of a first challenge: sends it to a vote.
    function appeal(uint256 id) external;
    /// PRDS holders, with voting power at disputeOf(id).snapshotBlock; `choice` as in VoteKind.
    function vote(uint256 id, uint8 choice) external;
    /// Anyone: moves the market past the deadline it has reached (void by premium, issuer absent,
    /// finalize, default of an unanswered challenge, tally). Reverts NothingToAdvance otherwise.
    function advance(uint256 id) external;
    /// Pays a winning challenger's compensation (anyone may call; it goes to the challenger).
    function claimCompensation(uint256 id, uint256 index) external returns (uint256 amount);
    /// The caller's share of losing challenge stakes, for votes on the winning claim.
    function claimVoterReward(uint256 id) external returns (uint256 amount);

    // views
    function params() external view returns (Params memory);
    function deps() external view returns (Deps memory);
    function marketCount() external view returns (uint256);
    function marketState(uint256 id) external view returns (MarketState);
    function getMarket(uint256 id) external view returns (MarketView memory);
    function optionStake(uint256 id, uint8 option) external view returns (uint256);
    function optionStakes(uint256 id) external view returns (uint256[] memory);
    function positionOf(uint256 id, address account, uint8 option) external view returns (uint256 stake, uint256 fee);
    function stakeAt(uint256 id, address account, uint8 option, uint40 time) external view returns (uint256 stake);
    function quote(uint256 id, uint8 option, uint256 amount)
        external
        view
        returns (uint256 stake, uint256 fee, uint256 payoutIfWins);
    function remainingCapacity(uint256 id) external view returns (uint256);
    function hasBought(address account) external view returns (bool);
    function referrerOf(address account) external view returns (address);
    function creditOf(address account) external view returns (uint256);
    function referralOwed(uint256 id, address referrer) external view returns (uint256);
    function disputeOf(uint256 id) external view returns (Dispute memory);
    function challengesOf(uint256 id) external view returns (Challenge[] memory);
    function hasChallenged(uint256 id, address account) external view returns (bool);
    function tallyOf(uint256 id, uint8 choice) external view returns (uint256);
    function ballotOf(uint256 id, address voter) external view returns (Ballot memory);
    function disputesModule() external view returns (address);
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IMarketsTypes
/// @notice Types, events and errors shared by Markets and its dispute module (one storage, one address).
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
    /// @notice A market was issued.
    /// @param id The market.
    /// @param issuer Its issuer (the License's owner or renter).
    /// @param licenseId The License used.
    /// @param metadataHash Hash of the event text and metadata kept by the api.
    /// @param options The option hashes.
    /// @param lastTradingTime Buys are accepted until then, unix seconds.
    /// @param expirationTime When the outcome is due, unix seconds.
    /// @param liquidity The issuer's seed, spread over the options.
    /// @param margin The token bond.
    /// @param licenseStaked Whether the License is locked as part of the bond.
    /// @param licenseValue The staked License's value (its type price), else 0.
    /// @param capacity The most stake the pool accepts.
    /// @param rentalEnd The rental's end when a renter issued, else 0.
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
    /// @notice `referrer` became `account`'s referrer (once per account).
    /// @param account The referred buyer.
    /// @param referrer The referrer.
    event ReferrerBound(address indexed account, address indexed referrer);
    /// @notice A position was bought.
    /// @param id The market.
    /// @param buyer The buyer.
    /// @param option The option bought.
    /// @param amount Pay-token units charged (whole fee units).
    /// @param stake The stake added to the pool.
    /// @param fee The fee set aside.
    /// @param referrer The buyer's referrer, or the zero address.
    /// @param optionStake The option's total stake after the buy.
    /// @param pool The pool after the buy.
    /// @param time The block time.
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
    /// @notice The issuer raised the bond.
    /// @param id The market.
    /// @param issuer The issuer.
    /// @param amount Pay-token units added.
    /// @param margin The margin now.
    /// @param capacity The capacity now.
    event MarginAdded(uint256 indexed id, address indexed issuer, uint256 amount, uint256 margin, uint256 capacity);
    /// @notice The issuer confirmed a result; the challenge window runs until `windowEnd`.
    /// @param id The market.
    /// @param issuer The issuer.
    /// @param option The confirmed option.
    /// @param early Whether it was confirmed before expiration.
    /// @param knownAt When the outcome became known (early confirmations), else 0.
    /// @param windowEnd The challenge window's end, unix seconds.
    /// @param snapshotBlock The block whose PRDS voting power counts in a dispute vote.
    event ResultConfirmed(
        uint256 indexed id,
        address indexed issuer,
        uint8 option,
        bool early,
        uint40 knownAt,
        uint40 windowEnd,
        uint64 snapshotBlock
    );
    /// @notice The issuer cancelled a market without buys.
    /// @param id The market.
    /// @param issuer The issuer.
    /// @param licenseId The License whose use was given back.
    /// @param refund Liquidity and margin refunded.
    event MarketCancelled(uint256 indexed id, address indexed issuer, uint256 indexed licenseId, uint256 refund);
    /// @notice The buyers' stakes missed the minimum premium: the market is void and everyone is refunded.
    /// @param id The market.
    /// @param buyersStake The buyers' stakes that counted.
    /// @param minPremium The minimum premium.
    event MarketVoided(uint256 indexed id, uint256 buyersStake, uint256 minPremium);
    /// @notice The market is invalid: everyone is refunded.
    /// @param id The market.
    /// @param reason Why.
    event MarketInvalidated(uint256 indexed id, InvalidReason reason);
    /// @notice The result is final: winners may claim.
    /// @param id The market.
    /// @param result The winning option.
    /// @param early Whether the result was known before expiration.
    /// @param knownAt When it became known (early results), else 0.
    /// @param netPool The pool shared by the winners.
    /// @param winningStake The winning option's stake that shares it.
    /// @param feeTotal The fees shared out.
    /// @param issuerFee The issuer's share.
    /// @param platformFee The platform's share (to the treasury).
    /// @param referralFees The referrers' shares.
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
    /// @notice The bond went back to the issuer (margin credited, a staked License returned).
    /// @param id The market.
    /// @param issuer The issuer.
    /// @param margin The margin credited.
    /// @param licenseReturned Whether a staked License was returned.
    event BondReleased(uint256 indexed id, address indexed issuer, uint256 margin, bool licenseReturned);
    /// @notice The bond was slashed.
    /// @param id The market.
    /// @param toTreasury Margin credited to the treasury.
    /// @param compensation Margin set aside for the challenger.
    /// @param challenger The challenger compensated, or the zero address.
    /// @param licenseToTreasury Whether a staked License went to the treasury.
    event BondSlashed(
        uint256 indexed id, uint256 toTreasury, uint256 compensation, address indexed challenger, bool licenseToTreasury
    );
    /// @notice A position holder was paid.
    /// @param id The market.
    /// @param account The holder.
    /// @param payout Winnings.
    /// @param refund Stakes refunded.
    event Claimed(uint256 indexed id, address indexed account, uint256 payout, uint256 refund);
    /// @notice A referrer was paid its share of a market's fees.
    /// @param id The market.
    /// @param referrer The referrer.
    /// @param amount Pay-token units.
    event ReferralClaimed(uint256 indexed id, address indexed referrer, uint256 amount);
    /// @notice Free balance was credited (withdraw() takes it out).
    /// @param account The account.
    /// @param amount Pay-token units credited.
    /// @param balance Its free balance now.
    event Credited(address indexed account, uint256 amount, uint256 balance);
    /// @notice Free balance was withdrawn.
    /// @param account The account.
    /// @param amount Pay-token units.
    event Withdrawn(address indexed account, uint256 amount);
    /// @notice The issuer did not confirm in time: its bond is slashed and a vote on the result starts.
    /// @param id The market.
    /// @param issuer The issuer.
    event IssuerAbsent(uint256 indexed id, address indexed issuer);
    /// @notice A participant challenged the confirmed result.
    /// @param id The market.
    /// @param index The challenge's index in challengesOf(id).
    /// @param challenger The challenger.
    /// @param option The option it claims.
    /// @param knownAt The time it claims the outcome became known, or 0.
    /// @param evidenceHash Hash of its evidence.
    /// @param stake PRDS staked.
    event Challenged(
        uint256 indexed id,
        uint256 index,
        address indexed challenger,
        uint8 option,
        uint40 knownAt,
        bytes32 evidenceHash,
        uint256 stake
    );
    /// @notice The issuer conceded: the challenge's claim is the confirmed result and the window reopens.
    /// @param id The market.
    /// @param index The challenge.
    /// @param option The result now.
    /// @param knownAt Its known time, or 0.
    /// @param windowEnd The new challenge window's end.
    event ChallengeConceded(uint256 indexed id, uint256 index, uint8 option, uint40 knownAt, uint40 windowEnd);
    /// @notice The issuer did not answer a challenge in time: the challenge's claim is the confirmed result.
    /// @param id The market.
    /// @param index The challenge.
    /// @param option The result now.
    /// @param knownAt Its known time, or 0.
    /// @param windowEnd The new challenge window's end.
    event ChallengeDefaulted(uint256 indexed id, uint256 index, uint8 option, uint40 knownAt, uint40 windowEnd);
    /// @notice The issuer appealed a challenge: a PRDS vote decides.
    /// @param id The market.
    /// @param issuer The issuer.
    event Appealed(uint256 indexed id, address indexed issuer);
    /// @notice A dispute vote started.
    /// @param id The market.
    /// @param kind What the vote decides (candidates as in VoteKind).
    /// @param candidates How many choices.
    /// @param voteEnd The vote's end, unix seconds.
    /// @param snapshotBlock The block whose PRDS voting power counts.
    event VoteStarted(uint256 indexed id, VoteKind kind, uint8 candidates, uint40 voteEnd, uint64 snapshotBlock);
    /// @notice A PRDS holder voted.
    /// @param id The market.
    /// @param voter The voter.
    /// @param choice The candidate.
    /// @param weight Its voting power.
    event Voted(uint256 indexed id, address indexed voter, uint8 choice, uint256 weight);
    /// @notice The vote missed its quorum: it runs once more.
    /// @param id The market.
    /// @param voteEnd The new end.
    /// @param totalVotes Voting power cast so far.
    /// @param quorum Voting power needed.
    event VoteExtended(uint256 indexed id, uint40 voteEnd, uint256 totalVotes, uint256 quorum);
    /// @notice The vote was counted.
    /// @param id The market.
    /// @param outcome What it decided.
    /// @param winningChoice The winning candidate (0 when none).
    /// @param totalVotes Voting power cast.
    /// @param quorum Voting power needed.
    event VoteTallied(
        uint256 indexed id, TallyOutcome outcome, uint8 winningChoice, uint256 totalVotes, uint256 quorum
    );
    /// @notice A challenge was settled.
    /// @param id The market.
    /// @param index The challenge.
    /// @param challenger The challenger.
    /// @param status How it ended.
    /// @param prdsReturned PRDS returned to the challenger.
    /// @param compensation Pay-token compensation it may claim.
    event ChallengeSettled(
        uint256 indexed id, uint256 index, address indexed challenger, ChallengeStatus status, uint256 prdsReturned, uint256 compensation
    );
    /// @notice A winning challenger's compensation was paid.
    /// @param id The market.
    /// @param index The challenge.
    /// @param challenger The challenger.
    /// @param amount Pay-token units.
    event CompensationClaimed(uint256 indexed id, uint256 index, address indexed challenger, uint256 amount);
    /// @notice A voter on the winning side was paid its share of losing challenge stakes.
    /// @param id The market.
    /// @param voter The voter.
    /// @param amount PRDS units.
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

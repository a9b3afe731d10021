// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IMarketsTypes} from "../interfaces/IMarketsTypes.sol";
import {ILicense} from "../interfaces/ILicense.sol";

/// @title MarketsBase
/// @notice Storage and shared rules of the markets protocol. Markets and MarketsDisputes both inherit it and
/// run on the same storage (Markets delegates dispute calls), so neither may declare state of its own.
abstract contract MarketsBase is IMarketsTypes, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// The two latest checkpoints of a stake history, in one slot: cumulative stake up to and
    /// including `bucket` (time / checkpointInterval), and the one before it. A buy in the same interval,
    /// or an account's second interval, touches only this slot.
    struct Head {
        uint32 bucket;
        uint96 stake;
        uint32 prevBucket;
        uint96 prevStake;
    }

    /// An archived checkpoint (third-latest and older); `count` (in past[0] only) is how many there are.
    struct Past {
        uint32 bucket;
        uint96 stake;
        uint128 count;
    }

    /// Checkpointed stakes, so a stake can be split at any moment (early confirmation). Fees are not
    /// stored: every buy's fee is exactly stake × FEE_NUM / (FEE_DEN − FEE_NUM) (see buy), so the fee
    /// of any stake split follows from the stake.
    struct History {
        Head head;
        mapping(uint256 => Past) past;
    }

    struct Market {
        // slot 0: read by every buy
        address issuer;
        uint40 lastTradingTime;
        uint40 expirationTime;
        uint8 optionCount;
        Phase phase;
        // slot 1: read and written by every buy (fees live in the option checkpoints, not here)
        uint104 pool;
        uint104 capacity;
        // slot 2
        uint128 margin;
        uint128 licenseValue;
        // slot 3
        uint128 liquidity;
        // slot 4
        uint256 licenseId;
        // slot 5: the confirmed claim's times
        uint40 createdAt;
        uint40 confirmedAt;
        uint40 windowEnd;
        uint40 knownAt;
        bool early;
        bool licenseStaked;
        bool bondSettled;
        uint64 confirmBlock;
        // slot 6: the confirmed option and, once final, everything a claim reads besides slot 0
        uint104 netPool;
        uint104 winningStake;
        uint32 cutoffBucket;
        uint8 result;
        // slot 7
        bytes32 metadataHash;
    }

    struct Account {
        address referrer;
        bool bought;
    }

    uint256 internal constant BPS = 10_000;
    uint32 internal constant NO_CUTOFF = type(uint32).max;

    IERC20 internal immutable PAY_TOKEN;
    IERC20 internal immutable PRDS_TOKEN;
    ILicense internal immutable LICENSE;
    address internal immutable TREASURY;

    uint256 internal immutable FEE_BPS;
    /// The fee rate as a reduced fraction: buys are charged in units of FEE_DEN wei, FEE_NUM of each
    /// unit being the fee, so stakes and fees stay in an exact ratio.
    uint256 internal immutable FEE_NUM;
    uint256 internal immutable FEE_DEN;
    uint256 internal immutable ISSUER_SHARE_BPS;
    uint256 internal immutable PLATFORM_SHARE_BPS;
    uint256 internal immutable REFERRER_SHARE_BPS;
    uint256 internal immutable CAPACITY_MULTIPLE;
    uint256 internal immutable CHALLENGE_STAKE;
    uint256 internal immutable VOTING_PERIOD;
    uint256 internal immutable QUORUM_BPS;
    uint256 internal immutable RESPONSE_PERIOD;
    uint256 internal immutable CONFIRMATION_PERIOD;
    uint256 internal immutable CHALLENGE_WINDOW;
    uint256 internal immutable MIN_LIQUIDITY;
    uint256 internal immutable MIN_MARGIN;
    uint256 internal immutable MIN_PREMIUM;
    uint256 internal immutable MIN_INVEST;
    uint256 internal immutable MARGIN_FEE_BPS;
    uint256 internal immutable QUORUM_PENALTY_BPS;
    uint256 internal immutable CHECKPOINT_INTERVAL;
    uint256 internal immutable MAX_OPTIONS;

    // ---- storage (shared layout) ----
    uint256 internal _marketCount;
    mapping(uint256 => Market) internal _markets;
    mapping(uint256 => mapping(uint256 => History)) internal _optionStakes;
    mapping(uint256 => mapping(address => mapping(uint256 => History))) internal _positions;
    mapping(address => Account) internal _accounts;
    mapping(address => uint256) internal _credit;
    /// Referrer shares as checkpointed histories (stake field = cumulative share), so the shares of
    /// buys refunded after an early confirmation are never paid out.
    mapping(uint256 => mapping(address => History)) internal _referrals;
    mapping(uint256 => History) internal _referralTotals;
    mapping(uint256 => Dispute) internal _disputes;
    mapping(uint256 => Challenge[]) internal _challenges;
    mapping(uint256 => mapping(address => bool)) internal _hasChallenged;
    mapping(uint256 => mapping(uint256 => uint256)) internal _tallies;
    mapping(uint256 => mapping(address => Ballot)) internal _ballots;

    constructor(Deps memory d, Params memory p) {
        if (
            d.payToken == address(0) || d.prds == address(0) || d.license == address(0) || d.treasury == address(0)
                || uint256(p.issuerShareBps) + p.platformShareBps + p.referrerShareBps != BPS || p.feeBps >= BPS
                || p.marginFeeBps > BPS || p.quorumPenaltyBps > BPS || p.quorumBps > BPS || p.capacityMultiple == 0
                || p.checkpointInterval == 0 || p.maxOptions < 2 || p.minInvest == 0 || p.minLiquidity == 0
                || p.votingPeriod == 0 || p.challengeWindow == 0
        ) revert InvalidParams();
        PAY_TOKEN = IERC20(d.payToken);
        PRDS_TOKEN = IERC20(d.prds);
        LICENSE = ILicense(d.license);
        TREASURY = d.treasury;
        FEE_BPS = p.feeBps;
        uint256 g = _gcd(p.feeBps, BPS);
        FEE_NUM = p.feeBps / g;
        FEE_DEN = BPS / g;
        if (p.minInvest < BPS / g) revert InvalidParams();
        ISSUER_SHARE_BPS = p.issuerShareBps;
        PLATFORM_SHARE_BPS = p.platformShareBps;
        REFERRER_SHARE_BPS = p.referrerShareBps;
        CAPACITY_MULTIPLE = p.capacityMultiple;
        CHALLENGE_STAKE = p.challengeStake;
        VOTING_PERIOD = p.votingPeriod;
        QUORUM_BPS = p.quorumBps;
        RESPONSE_PERIOD = p.responsePeriod;
        CONFIRMATION_PERIOD = p.confirmationPeriod;
        CHALLENGE_WINDOW = p.challengeWindow;
        MIN_LIQUIDITY = p.minLiquidity;
        MIN_MARGIN = p.minMargin;
        MIN_PREMIUM = p.minPremium;
        MIN_INVEST = p.minInvest;
        MARGIN_FEE_BPS = p.marginFeeBps;
        QUORUM_PENALTY_BPS = p.quorumPenaltyBps;
        CHECKPOINT_INTERVAL = p.checkpointInterval;
        MAX_OPTIONS = p.maxOptions;
    }

    // ---- checkpoints ----

    function _bucket(uint256 time) internal view returns (uint32) {
        return uint32(time / CHECKPOINT_INTERVAL);
    }

    function _gcd(uint256 a, uint256 b) private pure returns (uint256) {
        while (b != 0) (a, b) = (b, a % b);
        return a;
    }

    /// The fee that came with `stake` (zero for the issuer's seed, which pays none).
    function _feeOf(uint256 stake) internal view returns (uint256) {
        return stake * FEE_NUM / (FEE_DEN - FEE_NUM);
    }

    /// Adds `amount` at `bucket` (never earlier than the head's) and returns the new cumulative stake.
    function _record(History storage h, uint32 bucket, uint256 amount) internal returns (uint256 total) {
        Head memory p = h.head;
        total = uint256(p.stake) + amount;
        if (total > type(uint96).max) revert AmountTooLarge(total);
        if (p.bucket == bucket || (p.bucket == 0 && p.stake == 0)) {
            h.head = Head(bucket, uint96(total), p.prevBucket, p.prevStake);
        } else {
            // A bucket-0 point (none, or the issuer's seed) is never archived: lookups fall back to it.
            if (p.prevBucket != 0) _archive(h, p.prevBucket, p.prevStake);
            h.head = Head(bucket, uint96(total), p.bucket, p.stake);
        }
    }

    function _archive(History storage h, uint32 bucket, uint96 stake) private {
        Past storage first = h.past[0];
        uint256 n = first.count;
        if (n == 0) {
            h.past[0] = Past(bucket, stake, 1);
        } else {
            h.past[n] = Past(bucket, stake, 0);
            first.count = uint128(n + 1);
        }
    }

    /// Cumulative stake of the checkpoints strictly before bucket `cutoff`; `base` is the stake at
    /// bucket 0 (the seed for an option's total, zero otherwise).
    function _at(History storage h, uint32 cutoff, uint256 base) internal view returns (uint256) {
        Head memory p = h.head;
        if (p.bucket < cutoff) return p.stake;
        if (p.prevBucket < cutoff) return p.prevBucket == 0 ? base : p.prevStake;
        uint256 n = h.past[0].count;
        uint256 lo = 0;
        uint256 hi = n;
        while (lo < hi) {
            uint256 mid = (lo + hi) / 2;
            if (h.past[mid].bucket < cutoff) lo = mid + 1;
            else hi = mid;
        }
        return lo == 0 ? base : h.past[lo - 1].stake;
    }

    function _cutoffOf(Market storage m) internal view returns (uint32) {
        return m.early ? _bucket(m.knownAt) : NO_CUTOFF;
    }

    // ---- tokens ----

    /// Pulls exactly `amount`; a token that delivers less (fee on transfer) is refused.
    function _pull(IERC20 token, address from, uint256 amount) internal {
        if (amount == 0) return;
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(from, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received != amount) revert FeeOnTransferNotSupported(address(token), amount, received);
    }

    function _addCredit(address account, uint256 amount) internal {
        if (amount == 0) return;
        uint256 balance = _credit[account] + amount;
        _credit[account] = balance;
        emit Credited(account, amount, balance);
    }

    // ---- market lifecycle shared by both contracts ----

    function _market(uint256 id) internal view returns (Market storage m) {
        m = _markets[id];
        if (m.phase == Phase.None) revert MarketNotFound(id);
    }

    /// The pool (seed included) of the stakes placed before `cutoff`.
    function _poolAt(uint256 id, Market storage m, uint32 cutoff) internal view returns (uint256 netPool) {
        uint256 n = m.optionCount;
        uint256 seed = m.liquidity / n;
        for (uint256 i = 0; i < n; ++i) {
            netPool += _at(_optionStakes[id][i], cutoff, seed);
        }
    }

    /// True once trading has ended with buyers' stakes below the minimum premium (spec: void).
    function _premiumMissed(Market storage m) internal view returns (bool) {
        return block.timestamp >= m.lastTradingTime && m.pool - m.liquidity < MIN_PREMIUM;
    }

    function _releaseBond(uint256 id, Market storage m) internal {
        if (m.bondSettled) return;
        m.bondSettled = true;
        uint256 margin = m.margin;
        _addCredit(m.issuer, margin);
        if (m.licenseStaked) LICENSE.transferFrom(address(this), m.issuer, m.licenseId);
        emit BondReleased(id, m.issuer, margin, m.licenseStaked);
    }

    /// Slashes the bond: `compensationBps` of the token bond to `challenger` (claimable), the rest of
    /// it and a staked License to the treasury. Returns the compensation.
    function _slashBond(uint256 id, Market storage m, address challenger, uint256 compensationBps)
        internal
        returns (uint256 compensation)
    {
        if (m.bondSettled) return 0;
        m.bondSettled = true;
        uint256 margin = m.margin;
        compensation = margin * compensationBps / BPS;
        _addCredit(TREASURY, margin - compensation);
        if (m.licenseStaked) LICENSE.transferFrom(address(this), TREASURY, m.licenseId);
        emit BondSlashed(id, margin - compensation, compensation, challenger, m.licenseStaked);
    }

    function _void(uint256 id, Market storage m, uint256 buyersStake) internal {
        m.phase = Phase.Void;
        emit MarketVoided(id, buyersStake, MIN_PREMIUM);
        _releaseBond(id, m);
    }

    function _invalidate(uint256 id, Market storage m, InvalidReason reason) internal {
        m.phase = Phase.Invalid;
        emit MarketInvalidated(id, reason);
        _releaseBond(id, m);
    }

    /// Makes the confirmed claim (m.result, m.early, m.knownAt) final, or void when the buyers'
    /// stakes before its cutoff miss the minimum premium.
    function _finalize(uint256 id, Market storage m) internal {
        uint32 cutoff = _cutoffOf(m);
        uint256 netPool = _poolAt(id, m, cutoff);
        uint256 buyers = netPool - m.liquidity;
        if (buyers < MIN_PREMIUM) {
            _void(id, m, buyers);
            return;
        }
        uint256 winning = _at(_optionStakes[id][m.result], cutoff, m.liquidity / m.optionCount);
        m.phase = Phase.Final;
        m.netPool = uint104(netPool);
        m.winningStake = uint104(winning);
        m.cutoffBucket = cutoff;
        uint256 fees = _feeOf(buyers);
        uint256 issuerFee = fees * ISSUER_SHARE_BPS / BPS;
        uint256 referral = _at(_referralTotals[id], cutoff, 0);
        uint256 platformFee = fees - issuerFee - referral;
        emit MarketFinalized(id, m.result, m.early, m.knownAt, netPool, winning, fees, issuerFee, platformFee, referral);
        _addCredit(m.issuer, issuerFee);
        _addCredit(TREASURY, platformFee);
        _releaseBond(id, m);
    }
}

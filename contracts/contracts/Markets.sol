// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MarketsBase} from "./markets/MarketsBase.sol";
import {IMarketsTrading} from "./interfaces/IMarkets.sol";

/// @title Markets, the PRDS prediction markets
/// @notice All prediction markets in one contract: issue, buy, confirm, cancel, claim, views. Dispute calls
/// (challenge, concede, appeal, vote, advance, dispute rewards and views) are delegated to
/// MarketsDisputes, which runs on this contract's storage, so the protocol has one address and
/// stays under the 24 KiB code limit. The full ABI is IMarkets.
contract Markets is MarketsBase, IMarketsTrading {
    using SafeERC20 for IERC20;

    address private immutable DISPUTES;

    constructor(Deps memory d, Params memory p, address disputes) MarketsBase(d, p) {
        if (disputes.code.length == 0) revert InvalidParams();
        DISPUTES = disputes;
    }

    // The fallback is the dispute module's proxy: it must forward calldata and bubble up the return
    // data or revert reason unchanged, which only assembly does.
    // solhint-disable no-complex-fallback, no-inline-assembly
    /// @notice Routes every dispute call (challenge, concede, appeal, vote, advance, dispute payouts and
    /// views, see IMarkets) to MarketsDisputes, run on this contract's storage by delegatecall.
    fallback() external {
        address target = DISPUTES;
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
    // solhint-enable no-complex-fallback, no-inline-assembly

    // ---------------------------------------------------------------- issue

    /// @inheritdoc IMarketsTrading
    function issue(IssueParams calldata p) external nonReentrant returns (uint256 id) {
        uint256 n = p.options.length;
        if (n < 2 || n > MAX_OPTIONS) revert InvalidOptionCount(n, MAX_OPTIONS);
        for (uint256 i = 0; i < n; ++i) {
            bytes32 o = p.options[i];
            if (o == bytes32(0)) revert EmptyOption(i);
            for (uint256 j = 0; j < i; ++j) {
                if (p.options[j] == o) revert DuplicateOption(i);
            }
        }
        if (p.lastTradingTime <= block.timestamp) revert LastTradingTimeNotInFuture(p.lastTradingTime, block.timestamp);
        if (p.lastTradingTime > p.expirationTime) revert ExpirationBeforeLastTrading(p.expirationTime, p.lastTradingTime);
        if (p.liquidity < MIN_LIQUIDITY) revert LiquidityTooLow(p.liquidity, MIN_LIQUIDITY);
        if (!p.stakeLicense && p.margin < MIN_MARGIN) revert MarginTooLow(p.margin, MIN_MARGIN);
        if (p.margin > type(uint128).max) revert AmountTooLarge(p.margin);

        uint64 rentalEnd = LICENSE.useForIssue(p.licenseId, msg.sender, p.expirationTime);
        uint256 licenseValue;
        if (p.stakeLicense) {
            // A renter holds the License only until the rental's end; only the owner can lock it.
            if (rentalEnd != 0) revert RenterCannotStakeLicense(p.licenseId);
            licenseValue = LICENSE.typePrice(LICENSE.info(p.licenseId).licenseType);
        }

        uint256 seed = p.liquidity / n;
        uint256 liquidity = seed * n;
        uint256 capacity = (p.margin + licenseValue) * CAPACITY_MULTIPLE;
        if (capacity > type(uint96).max) revert AmountTooLarge(capacity);
        if (liquidity > capacity) revert CapacityExceeded(0, liquidity, capacity);

        id = ++_marketCount;
        Market storage m = _markets[id];
        m.issuer = msg.sender;
        m.lastTradingTime = p.lastTradingTime;
        m.expirationTime = p.expirationTime;
        m.optionCount = uint8(n);
        m.phase = Phase.Trading;
        m.pool = uint104(liquidity);
        m.capacity = uint104(capacity);
        m.margin = uint128(p.margin);
        m.liquidity = uint128(liquidity);
        m.licenseId = p.licenseId;
        m.createdAt = uint40(block.timestamp);
        m.licenseStaked = p.stakeLicense;
        m.licenseValue = uint128(licenseValue);
        m.metadataHash = p.metadataHash;
        // The seed is placed "before any time" (bucket 0), so no cutoff can make it late.
        for (uint256 i = 0; i < n; ++i) {
            _record(_optionStakes[id][i], 0, seed);
            _record(_positions[id][msg.sender][i], 0, seed);
        }

        emit MarketIssued(
            id,
            msg.sender,
            p.licenseId,
            p.metadataHash,
            p.options,
            p.lastTradingTime,
            p.expirationTime,
            liquidity,
            p.margin,
            p.stakeLicense,
            licenseValue,
            capacity,
            rentalEnd
        );

        _pull(PAY_TOKEN, msg.sender, liquidity + p.margin);
        if (p.stakeLicense) LICENSE.transferFrom(msg.sender, address(this), p.licenseId);
    }

    /// @inheritdoc IMarketsTrading
    function addMargin(uint256 id, uint256 amount) external nonReentrant {
        Market storage m = _market(id);
        if (msg.sender != m.issuer) revert NotIssuer(id, msg.sender);
        if (amount == 0) revert ZeroAmount();
        Phase ph = m.phase;
        // Margin can be added while the market is live and its bond not yet released or slashed.
        if (ph > Phase.Voting || m.bondSettled) revert MarketSettled(id);
        uint256 margin = m.margin + amount;
        uint256 capacity = (margin + m.licenseValue) * CAPACITY_MULTIPLE;
        if (capacity > type(uint96).max) revert AmountTooLarge(amount);
        m.margin = uint128(margin);
        m.capacity = uint104(capacity);
        emit MarginAdded(id, msg.sender, amount, margin, capacity);
        _pull(PAY_TOKEN, msg.sender, amount);
    }

    // ---------------------------------------------------------------- buy

    /// @inheritdoc IMarketsTrading
    function buy(uint256 id, uint8 option, uint256 amount, uint256 minPayout, address referrer) external nonReentrant {
        Market storage m = _markets[id];
        Phase ph = m.phase;
        if (ph != Phase.Trading) {
            if (ph == Phase.None) revert MarketNotFound(id);
            revert MarketNotOpen(id);
        }
        if (block.timestamp >= m.lastTradingTime) revert TradingClosed(id, m.lastTradingTime);
        if (option >= m.optionCount) revert InvalidOption(id, option);
        if (amount < MIN_INVEST) revert AmountBelowMinimum(amount, MIN_INVEST);
        if (msg.sender == m.issuer) revert IssuerCannotBuy(id);

        // Charged in whole fee units, so every stake carries exactly its fee (see MarketsBase.History);
        // the buyer keeps the remainder (< FEE_DEN wei).
        uint256 units = amount / FEE_DEN;
        uint256 charge = units * FEE_DEN;
        uint256 fee = units * FEE_NUM;
        uint256 stake = charge - fee;
        uint256 pool = m.pool + stake;
        if (pool > m.capacity) revert CapacityExceeded(id, pool, m.capacity);

        Account storage a = _accounts[msg.sender];
        Account memory acc = a;
        if (acc.referrer == address(0) && referrer != address(0)) {
            if (referrer == msg.sender) revert SelfReferral(msg.sender);
            acc.referrer = referrer;
            a.referrer = referrer;
            emit ReferrerBound(msg.sender, referrer);
        }
        if (!acc.bought) a.bought = true;

        uint32 bucket = _bucket(block.timestamp);
        uint256 optionTotal = _record(_optionStakes[id][option], bucket, stake);
        uint256 payout = stake * pool / optionTotal;
        if (payout < minPayout) revert PayoutBelowMinimum(payout, minPayout);
        _record(_positions[id][msg.sender][option], bucket, stake);

        m.pool = uint104(pool);
        if (acc.referrer != address(0)) {
            uint256 refFee = fee * REFERRER_SHARE_BPS / BPS;
            if (refFee != 0) {
                _record(_referrals[id][acc.referrer], bucket, refFee);
                _record(_referralTotals[id], bucket, refFee);
            }
        }

        emit Bought(id, msg.sender, option, charge, stake, fee, acc.referrer, optionTotal, pool, uint40(block.timestamp));
        _pull(PAY_TOKEN, msg.sender, charge);
    }

    // ---------------------------------------------------------------- confirm / cancel

    /// @inheritdoc IMarketsTrading
    function confirm(uint256 id, uint8 option) external {
        Market storage m = _issuerMarket(id);
        if (m.phase != Phase.Trading) revert MarketNotOpen(id);
        if (block.timestamp < m.expirationTime) revert NotExpired(id, m.expirationTime);
        uint256 deadline = uint256(m.expirationTime) + CONFIRMATION_PERIOD;
        if (block.timestamp >= deadline) revert ConfirmationDeadlinePassed(id, deadline);
        _confirm(id, m, option, false, 0);
    }

    /// @inheritdoc IMarketsTrading
    function confirmEarly(uint256 id, uint8 option, uint40 knownAt) external {
        Market storage m = _issuerMarket(id);
        if (m.phase != Phase.Trading) revert MarketNotOpen(id);
        if (block.timestamp >= m.expirationTime) revert EarlyConfirmationTooLate(id, m.expirationTime);
        if (knownAt > block.timestamp) revert KnownTimeInFuture(knownAt, block.timestamp);
        if (knownAt < m.createdAt) revert KnownTimeOutOfRange(knownAt, m.createdAt, block.timestamp);
        _confirm(id, m, option, true, knownAt);
    }

    function _issuerMarket(uint256 id) private view returns (Market storage m) {
        m = _market(id);
        if (msg.sender != m.issuer) revert NotIssuer(id, msg.sender);
    }

    function _confirm(uint256 id, Market storage m, uint8 option, bool early, uint40 knownAt) private {
        if (option >= m.optionCount) revert InvalidOption(id, option);
        // A market already void by its premium cannot be confirmed; advance() records the void.
        if (_premiumMissed(m)) revert PremiumNotReached(id, m.pool - m.liquidity, MIN_PREMIUM);
        uint40 windowEnd = uint40(block.timestamp + CHALLENGE_WINDOW);
        m.phase = Phase.Confirmed;
        m.result = option;
        m.early = early;
        m.knownAt = knownAt;
        m.confirmedAt = uint40(block.timestamp);
        m.windowEnd = windowEnd;
        m.confirmBlock = uint64(block.number);
        emit ResultConfirmed(id, msg.sender, option, early, knownAt, windowEnd, uint64(block.number - 1));
    }

    /// @inheritdoc IMarketsTrading
    function cancel(uint256 id) external nonReentrant {
        Market storage m = _issuerMarket(id);
        if (m.phase != Phase.Trading) revert MarketNotOpen(id);
        if (m.pool != m.liquidity) revert MarketHasBuys(id);
        m.phase = Phase.Cancelled;
        m.bondSettled = true;
        uint256 n = m.optionCount;
        for (uint256 i = 0; i < n; ++i) {
            delete _positions[id][msg.sender][i].head;
        }
        uint256 refund = uint256(m.liquidity) + m.margin;
        uint256 licenseId = m.licenseId;
        emit MarketCancelled(id, msg.sender, licenseId, refund);
        if (m.licenseStaked) LICENSE.transferFrom(address(this), msg.sender, licenseId);
        LICENSE.recycleUse(licenseId);
        PAY_TOKEN.safeTransfer(msg.sender, refund);
    }

    // ---------------------------------------------------------------- claims

    /// @inheritdoc IMarketsTrading
    function claim(uint256 id, address account) external nonReentrant returns (uint256 payout, uint256 refund) {
        Market storage m = _market(id);
        Phase ph = m.phase;
        if (ph == Phase.Confirmed && block.timestamp >= m.windowEnd) {
            _finalize(id, m);
            ph = m.phase;
        } else if (ph == Phase.Trading && _premiumMissed(m)) {
            _void(id, m, m.pool - m.liquidity);
            ph = Phase.Void;
        }
        uint256 n = m.optionCount;
        bool any;
        if (ph == Phase.Final) {
            // One slot holds all the final figures.
            uint32 cutoff = m.cutoffBucket;
            uint256 result = m.result;
            uint256 netPool = m.netPool;
            uint256 winningStake = m.winningStake;
            for (uint256 i = 0; i < n; ++i) {
                History storage h = _positions[id][account][i];
                Head memory p = h.head;
                if (p.stake == 0) continue;
                any = true;
                uint256 counted = p.bucket < cutoff ? p.stake : _at(h, cutoff, 0);
                // Stakes placed after the outcome was known come back in full, fee included.
                uint256 late = p.stake - counted;
                refund += late + _feeOf(late);
                if (i == result && counted != 0) payout += counted * netPool / winningStake;
                delete h.head;
            }
        } else if (ph == Phase.Void || ph == Phase.Invalid) {
            bool issuer = account == m.issuer; // the seed paid no fee
            for (uint256 i = 0; i < n; ++i) {
                History storage h = _positions[id][account][i];
                uint256 stake = h.head.stake;
                if (stake == 0) continue;
                any = true;
                refund += issuer ? stake : stake + _feeOf(stake);
                delete h.head;
            }
        } else {
            revert NotFinal(id);
        }
        if (!any) revert NothingToClaim(id, account);
        emit Claimed(id, account, payout, refund);
        uint256 total = payout + refund;
        if (total != 0) PAY_TOKEN.safeTransfer(account, total);
    }

    /// @inheritdoc IMarketsTrading
    function claimReferral(uint256 id) external nonReentrant returns (uint256 amount) {
        Market storage m = _market(id);
        if (m.phase != Phase.Final) revert NotFinal(id);
        History storage h = _referrals[id][msg.sender];
        amount = _at(h, m.cutoffBucket, 0);
        if (amount == 0) revert NothingToClaim(id, msg.sender);
        delete h.head;
        emit ReferralClaimed(id, msg.sender, amount);
        PAY_TOKEN.safeTransfer(msg.sender, amount);
    }

    /// @inheritdoc IMarketsTrading
    function withdraw(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 available = _credit[msg.sender];
        if (amount > available) revert InsufficientCredit(amount, available);
        _credit[msg.sender] = available - amount;
        emit Withdrawn(msg.sender, amount);
        PAY_TOKEN.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IMarketsTrading
    function params() external view returns (Params memory) {
        return Params({
            feeBps: uint16(FEE_BPS),
            issuerShareBps: uint16(ISSUER_SHARE_BPS),
            platformShareBps: uint16(PLATFORM_SHARE_BPS),
            referrerShareBps: uint16(REFERRER_SHARE_BPS),
            capacityMultiple: uint16(CAPACITY_MULTIPLE),
            challengeStake: CHALLENGE_STAKE,
            votingPeriod: uint32(VOTING_PERIOD),
            quorumBps: uint16(QUORUM_BPS),
            responsePeriod: uint32(RESPONSE_PERIOD),
            confirmationPeriod: uint32(CONFIRMATION_PERIOD),
            challengeWindow: uint32(CHALLENGE_WINDOW),
            minLiquidity: MIN_LIQUIDITY,
            minMargin: MIN_MARGIN,
            minPremium: MIN_PREMIUM,
            minInvest: MIN_INVEST,
            marginFeeBps: uint16(MARGIN_FEE_BPS),
            quorumPenaltyBps: uint16(QUORUM_PENALTY_BPS),
            checkpointInterval: uint32(CHECKPOINT_INTERVAL),
            maxOptions: uint8(MAX_OPTIONS)
        });
    }

    /// @inheritdoc IMarketsTrading
    function deps() external view returns (Deps memory) {
        return Deps(address(PAY_TOKEN), address(PRDS_TOKEN), address(LICENSE), TREASURY);
    }

    /// @inheritdoc IMarketsTrading
    function disputesModule() external view returns (address) {
        return DISPUTES;
    }

    /// @inheritdoc IMarketsTrading
    function marketCount() external view returns (uint256) {
        return _marketCount;
    }

    /// @inheritdoc IMarketsTrading
    function hasBought(address account) external view returns (bool) {
        return _accounts[account].bought;
    }

    /// @inheritdoc IMarketsTrading
    function referrerOf(address account) external view returns (address) {
        return _accounts[account].referrer;
    }

    /// @inheritdoc IMarketsTrading
    function creditOf(address account) external view returns (uint256) {
        return _credit[account];
    }

    /// @inheritdoc IMarketsTrading
    function referralOwed(uint256 id, address referrer) external view returns (uint256) {
        Market storage m = _markets[id];
        return _at(_referrals[id][referrer], m.phase == Phase.Final ? m.cutoffBucket : NO_CUTOFF, 0);
    }

    /// @inheritdoc IMarketsTrading
    function marketState(uint256 id) public view returns (MarketState) {
        Market storage m = _markets[id];
        Phase ph = m.phase;
        uint256 t = block.timestamp;
        if (ph == Phase.None) return MarketState.None;
        if (ph == Phase.Trading) {
            if (t < m.lastTradingTime) return MarketState.Open;
            if (_premiumMissed(m)) return MarketState.Void;
            if (t < m.expirationTime) return MarketState.Closed;
            if (t < uint256(m.expirationTime) + CONFIRMATION_PERIOD) return MarketState.WaitingConfirmation;
            return MarketState.IssuerAbsent;
        }
        if (ph == Phase.Confirmed) {
            if (t < m.windowEnd) return m.early ? MarketState.EarlyConfirmed : MarketState.Confirmed;
            uint256 netPool = _poolAt(id, m, _cutoffOf(m));
            return netPool - m.liquidity < MIN_PREMIUM ? MarketState.Void : MarketState.Finished;
        }
        Dispute storage d = _disputes[id];
        if (ph == Phase.Challenging) return t < d.responseEnd ? MarketState.Challenging : MarketState.WaitResult;
        if (ph == Phase.Voting) {
            if (t >= d.voteEnd) return MarketState.WaitResult;
            return d.kind == VoteKind.Appeal ? MarketState.Appealing : MarketState.Voting;
        }
        if (ph == Phase.Final) return MarketState.Finished;
        if (ph == Phase.Cancelled) return MarketState.Cancelled;
        if (ph == Phase.Void) return MarketState.Void;
        return MarketState.Invalid;
    }

    /// @inheritdoc IMarketsTrading
    function getMarket(uint256 id) external view returns (MarketView memory v) {
        Market storage m = _market(id);
        v.issuer = m.issuer;
        v.state = marketState(id);
        v.optionCount = m.optionCount;
        v.createdAt = m.createdAt;
        v.lastTradingTime = m.lastTradingTime;
        v.expirationTime = m.expirationTime;
        v.licenseId = m.licenseId;
        v.licenseStaked = m.licenseStaked;
        v.licenseValue = m.licenseValue;
        v.margin = m.margin;
        v.liquidity = m.liquidity;
        v.pool = m.pool;
        v.feeTotal = _feeOf(uint256(m.pool) - m.liquidity);
        v.capacity = m.capacity;
        v.result = m.result;
        v.early = m.early;
        v.knownAt = m.knownAt;
        v.confirmedAt = m.confirmedAt;
        v.windowEnd = m.windowEnd;
        v.bondSettled = m.bondSettled;
        v.netPool = m.netPool;
        v.winningStake = m.winningStake;
        v.metadataHash = m.metadataHash;
    }

    /// @inheritdoc IMarketsTrading
    function optionStake(uint256 id, uint8 option) external view returns (uint256) {
        return _optionStakes[id][option].head.stake;
    }

    /// @inheritdoc IMarketsTrading
    function optionStakes(uint256 id) external view returns (uint256[] memory stakes) {
        uint256 n = _market(id).optionCount;
        stakes = new uint256[](n);
        for (uint256 i = 0; i < n; ++i) {
            stakes[i] = _optionStakes[id][i].head.stake;
        }
    }

    /// @inheritdoc IMarketsTrading
    function positionOf(uint256 id, address account, uint8 option) external view returns (uint256 stake, uint256 fee) {
        stake = _positions[id][account][option].head.stake;
        fee = account == _markets[id].issuer ? 0 : _feeOf(stake);
    }

    /// @inheritdoc IMarketsTrading
    function stakeAt(uint256 id, address account, uint8 option, uint40 time) external view returns (uint256 stake) {
        stake = _at(_positions[id][account][option], _bucket(time), 0);
    }

    /// @inheritdoc IMarketsTrading
    function quote(uint256 id, uint8 option, uint256 amount)
        external
        view
        returns (uint256 stake, uint256 fee, uint256 payoutIfWins)
    {
        Market storage m = _market(id);
        if (option >= m.optionCount) revert InvalidOption(id, option);
        uint256 units = amount / FEE_DEN;
        fee = units * FEE_NUM;
        stake = units * FEE_DEN - fee;
        uint256 optionTotal = uint256(_optionStakes[id][option].head.stake) + stake;
        payoutIfWins = optionTotal == 0 ? 0 : stake * (uint256(m.pool) + stake) / optionTotal;
    }

    /// @inheritdoc IMarketsTrading
    function remainingCapacity(uint256 id) external view returns (uint256) {
        Market storage m = _market(id);
        return m.capacity > m.pool ? m.capacity - m.pool : 0;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IMarketsTypes} from "./IMarketsTypes.sol";

/// @title IMarketsTrading
/// @notice The calls Markets runs itself: issue, buy, confirm, cancel, claims and views.
interface IMarketsTrading is IMarketsTypes {
    // trading
    /// @notice Issues a market with a License (its current user issues); pulls liquidity + margin (and the
    /// License when staked). Emits MarketIssued.
    /// @param p The License, metadata hash, options, times, liquidity, margin and whether to stake the License.
    /// @return id The new market's id.
    function issue(IssueParams calldata p) external returns (uint256 id);
    /// @notice Buys a position: charges `amount` rounded down to whole fee units (Bought.amount), the fee set
    /// aside until final; reverts when the payout if `option` wins would be below `minPayout`.
    /// `referrer` binds once per account (ignored once bound; zero for none).
    /// @param id The market.
    /// @param option The option bought.
    /// @param amount Pay-token units to spend, fee included.
    /// @param minPayout The least payout if `option` wins the buyer accepts (slippage guard).
    /// @param referrer The account referring the buyer, or the zero address.
    function buy(uint256 id, uint8 option, uint256 amount, uint256 minPayout, address referrer) external;
    /// @notice Issuer, after expiration and before the confirmation deadline: confirms the result; the
    /// challenge window opens.
    /// @param id The market.
    /// @param option The winning option.
    function confirm(uint256 id, uint8 option) external;
    /// @notice Issuer, before expiration: trading closes; stakes from the checkpoint interval of `knownAt`
    /// onwards are refunded in full when final.
    /// @param id The market.
    /// @param option The winning option.
    /// @param knownAt When the outcome became known, unix seconds (not in the future).
    function confirmEarly(uint256 id, uint8 option, uint40 knownAt) external;
    /// @notice Issuer, no buys yet: irreversible; refunds liquidity and margin, recycles the License use.
    /// @param id The market.
    function cancel(uint256 id) external;
    /// @notice Issuer: raises the bond and the capacity (capacityMultiple × bond) while the market is live.
    /// @param id The market.
    /// @param amount Pay-token units added to the margin.
    function addMargin(uint256 id, uint256 amount) external;
    /// @notice Pays `account` its payout and refunds (anyone may call; funds go to `account`, so a referrer
    /// can settle a referee). Finalizes a market whose challenge window has closed, or voids one that
    /// missed its minimum premium, first.
    /// @param id The market.
    /// @param account The position holder paid.
    /// @return payout Winnings paid.
    /// @return refund Stakes refunded (void, invalid, or placed after an early result was known).
    function claim(uint256 id, address account) external returns (uint256 payout, uint256 refund);
    /// @notice The caller's referrer share of a final market's fees.
    /// @param id The market.
    /// @return amount Pay-token units paid.
    function claimReferral(uint256 id) external returns (uint256 amount);
    /// @notice Withdraws the caller's free balance (released margin, issuer/platform fees, slashed bonds).
    /// @param amount Pay-token units, at most creditOf(caller).
    function withdraw(uint256 amount) external;

    // views
    /// @notice The protocol's parameters, fixed at deployment.
    /// @return The Params.
    function params() external view returns (Params memory);
    /// @notice The pay token, PRDS, License and treasury addresses.
    /// @return The Deps.
    function deps() external view returns (Deps memory);
    /// @notice Markets issued so far; ids run from 1 to marketCount().
    /// @return The count.
    function marketCount() external view returns (uint256);
    /// @notice The market's state as a label shows it, from its phase and the time (spec §4).
    /// @param id The market.
    /// @return The MarketState.
    function marketState(uint256 id) external view returns (MarketState);
    /// @notice A market's figures: issuer, state, times, bond, pool, fees, capacity, result and settlement.
    /// @param id The market.
    /// @return v The MarketView.
    function getMarket(uint256 id) external view returns (MarketView memory);
    /// @notice The total stake on one option (the issuer's seed included).
    /// @param id The market.
    /// @param option The option.
    /// @return The stake, pay-token units.
    function optionStake(uint256 id, uint8 option) external view returns (uint256);
    /// @notice The total stake on each option (the issuer's seed included).
    /// @param id The market.
    /// @return stakes One entry per option.
    function optionStakes(uint256 id) external view returns (uint256[] memory);
    /// @notice `account`'s stake on `option` and the fee it paid with it (none for the issuer's seed).
    /// @param id The market.
    /// @param account The position holder.
    /// @param option The option.
    /// @return stake Pay-token units staked.
    /// @return fee Pay-token units of fee paid.
    function positionOf(uint256 id, address account, uint8 option) external view returns (uint256 stake, uint256 fee);
    /// @notice The stake `account` had on `option` before the checkpoint interval containing `time`.
    /// @param id The market.
    /// @param account The position holder.
    /// @param option The option.
    /// @param time Unix seconds.
    /// @return stake Pay-token units staked before that interval.
    function stakeAt(uint256 id, address account, uint8 option, uint40 time) external view returns (uint256 stake);
    /// @notice What buy() would do now with `amount` on `option`.
    /// @param id The market.
    /// @param option The option.
    /// @param amount Pay-token units to spend, fee included.
    /// @return stake The stake bought.
    /// @return fee The fee charged.
    /// @return payoutIfWins The payout if `option` wins and nothing else is bought.
    function quote(uint256 id, uint8 option, uint256 amount)
        external
        view
        returns (uint256 stake, uint256 fee, uint256 payoutIfWins);
    /// @notice How much more stake the market accepts before its capacity is reached.
    /// @param id The market.
    /// @return Pay-token units.
    function remainingCapacity(uint256 id) external view returns (uint256);
    /// @notice Whether `account` ever bought a position (the free PRDS claim's condition).
    /// @param account The wallet.
    /// @return True once it has bought.
    function hasBought(address account) external view returns (bool);
    /// @notice The referrer bound to `account` at its first buy with one, or the zero address.
    /// @param account The wallet.
    /// @return The referrer.
    function referrerOf(address account) external view returns (address);
    /// @notice `account`'s free balance, withdrawable with withdraw().
    /// @param account The wallet.
    /// @return Pay-token units.
    function creditOf(address account) external view returns (uint256);
    /// @notice The referrer share of fees `referrer` is owed in a market: once final, what claimReferral
    /// pays (0 once paid); before, the share recorded so far.
    /// @param id The market.
    /// @param referrer The referrer.
    /// @return Pay-token units.
    function referralOwed(uint256 id, address referrer) external view returns (uint256);
    /// @notice The MarketsDisputes contract dispute calls are delegated to.
    /// @return Its address.
    function disputesModule() external view returns (address);
}

/// @title IMarketsDisputes
/// @notice The calls Markets routes to MarketsDisputes, executed on Markets' storage: challenges, the
/// issuer's response, the vote, deadlines, dispute payouts and views.
interface IMarketsDisputes is IMarketsTypes {
    // disputes and deadlines (executed by MarketsDisputes on the Markets storage)
    /// @notice A participant (any stake in the market, not the issuer), once per market, within the window:
    /// stakes params().challengeStake PRDS. `knownAt` is 0, or another time (early confirmations only).
    /// @param id The market.
    /// @param option The option the challenger claims won.
    /// @param knownAt 0, or the time the challenger claims the outcome became known.
    /// @param evidenceHash Hash of the evidence kept by the api.
    function challenge(uint256 id, uint8 option, uint40 knownAt, bytes32 evidenceHash) external;
    /// @notice Issuer, within the response period of a first challenge: the challenge's claim becomes the
    /// confirmed result and the challenger's stake is returned.
    /// @param id The market.
    function concede(uint256 id) external;
    /// @notice Issuer, within the response period of a first challenge: sends it to a PRDS vote.
    /// @param id The market.
    function appeal(uint256 id) external;
    /// @notice PRDS holders, with voting power at disputeOf(id).snapshotBlock, once each; `choice` as in VoteKind.
    /// @param id The market.
    /// @param choice The candidate voted for.
    function vote(uint256 id, uint8 choice) external;
    /// @notice Anyone: moves the market past the deadline it has reached (void by premium, issuer absent,
    /// finalize, default of an unanswered challenge, tally). Reverts NothingToAdvance otherwise.
    /// @param id The market.
    function advance(uint256 id) external;
    /// @notice Pays a winning challenger's compensation (anyone may call; it goes to the challenger).
    /// @param id The market.
    /// @param index The challenge's index in challengesOf(id).
    /// @return amount Pay-token units paid.
    function claimCompensation(uint256 id, uint256 index) external returns (uint256 amount);
    /// @notice The caller's share of losing challenge stakes, for votes on the winning claim.
    /// @param id The market.
    /// @return amount PRDS units paid.
    function claimVoterReward(uint256 id) external returns (uint256 amount);

    // views
    /// @notice A market's dispute: kind of vote, candidates, open challenges, deadlines, snapshot and tally.
    /// @param id The market.
    /// @return The Dispute.
    function disputeOf(uint256 id) external view returns (Dispute memory);
    /// @notice Every challenge of a market, in order.
    /// @param id The market.
    /// @return The Challenges.
    function challengesOf(uint256 id) external view returns (Challenge[] memory);
    /// @notice Whether `account` has challenged the market (once per market).
    /// @param id The market.
    /// @param account The wallet.
    /// @return True once it has.
    function hasChallenged(uint256 id, address account) external view returns (bool);
    /// @notice The voting power cast for `choice`.
    /// @param id The market.
    /// @param choice The candidate.
    /// @return PRDS voting power.
    function tallyOf(uint256 id, uint8 choice) external view returns (uint256);
    /// @notice `voter`'s ballot: its choice plus one (0: none), weight and whether its reward was paid.
    /// @param id The market.
    /// @param voter The voter.
    /// @return The Ballot.
    function ballotOf(uint256 id, address voter) external view returns (Ballot memory);
}

/// @title IMarkets
/// @notice The whole surface of the Markets address (trading in Markets, disputes routed to MarketsDisputes).
/// @dev Only a union of the two: Markets implements IMarketsTrading, MarketsDisputes IMarketsDisputes.
interface IMarkets is IMarketsTrading, IMarketsDisputes {} // solhint-disable-line no-empty-blocks

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IVotes} from "@openzeppelin/contracts/governance/utils/IVotes.sol";
import {MarketsBase} from "./markets/MarketsBase.sol";
import {IMarketsDisputes} from "./interfaces/IMarkets.sol";

/// @title MarketsDisputes
/// @notice Challenges, the issuer's response, the PRDS vote and every deadline transition. Runs only by
/// delegatecall from Markets, on Markets' storage and balances.
contract MarketsDisputes is MarketsBase, IMarketsDisputes {
    using SafeERC20 for IERC20;

    address private immutable SELF;

    constructor(Deps memory d, Params memory p) MarketsBase(d, p) {
        SELF = address(this);
    }

    modifier delegated() {
        if (address(this) == SELF) revert DelegateCallOnly();
        _;
    }

    // ---------------------------------------------------------------- challenge and response

    /// @inheritdoc IMarketsDisputes
    function challenge(uint256 id, uint8 option, uint40 knownAt, bytes32 evidenceHash) external delegated nonReentrant {
        Market storage m = _market(id);
        Dispute storage d = _disputes[id];
        Phase ph = m.phase;
        if (ph != Phase.Confirmed && ph != Phase.Challenging) revert NotConfirmed(id);
        if (block.timestamp >= m.windowEnd) revert ChallengeWindowClosed(id, m.windowEnd);
        if (ph == Phase.Challenging && block.timestamp >= d.responseEnd) revert ChallengeWindowClosed(id, d.responseEnd);
        if (msg.sender == m.issuer) revert IssuerCannotChallenge(id);
        if (_hasChallenged[id][msg.sender]) revert AlreadyChallenged(id, msg.sender);
        if (!_isParticipant(id, m, msg.sender)) revert NotParticipant(id, msg.sender);
        if (option >= m.optionCount) revert InvalidOption(id, option);
        if (knownAt != 0) {
            // Another time is a claim only against an early confirmation.
            if (!m.early) revert KnownTimeNotAllowed(id);
            if (knownAt < m.createdAt || knownAt > m.confirmedAt) {
                revert KnownTimeOutOfRange(knownAt, m.createdAt, m.confirmedAt);
            }
        }
        if (_sameClaim(option, knownAt, m.result, m.early ? m.knownAt : 0)) revert ClaimMatchesResult(id);
        Challenge[] storage list = _challenges[id];
        uint256 index = list.length;
        list.push(
            Challenge({
                challenger: msg.sender,
                knownAt: knownAt,
                option: option,
                status: ChallengeStatus.Open,
                compensationClaimed: false,
                evidenceHash: evidenceHash,
                stake: uint128(CHALLENGE_STAKE),
                compensation: 0
            })
        );
        _hasChallenged[id][msg.sender] = true;
        emit Challenged(id, index, msg.sender, option, knownAt, evidenceHash, CHALLENGE_STAKE);

        if (d.openCount == 0) {
            d.openCount = 1;
            d.openA = uint32(index);
            d.responseEnd = uint40(block.timestamp + RESPONSE_PERIOD);
            m.phase = Phase.Challenging;
        } else {
            // A second challenge: the community decides at once. Two challengers making the same
            // claim (the only other claim in a two-option market) share one candidate.
            Challenge storage first = list[d.openA];
            bool shared = _sameClaim(option, knownAt, first.option, first.knownAt);
            d.openCount = 2;
            d.openB = uint32(index);
            d.sharedClaim = shared;
            _startVote(id, m, d, VoteKind.TwoChallenges, shared ? 3 : 4, m.confirmBlock - 1);
        }
        _pull(PRDS_TOKEN, msg.sender, CHALLENGE_STAKE);
    }

    /// @inheritdoc IMarketsDisputes
    function concede(uint256 id) external delegated nonReentrant {
        (Market storage m, Dispute storage d) = _issuerResponse(id);
        Challenge storage c = _challenges[id][d.openA];
        c.status = ChallengeStatus.Conceded;
        uint40 windowEnd = _adoptClaim(m, d, c);
        emit ChallengeConceded(id, d.openA, c.option, c.knownAt, windowEnd);
        emit ChallengeSettled(id, d.openA, c.challenger, ChallengeStatus.Conceded, c.stake, 0);
        PRDS_TOKEN.safeTransfer(c.challenger, c.stake);
    }

    /// @inheritdoc IMarketsDisputes
    function appeal(uint256 id) external delegated nonReentrant {
        // One appeal per market holds by construction: an appeal's vote always ends the dispute.
        (Market storage m, Dispute storage d) = _issuerResponse(id);
        emit Appealed(id, msg.sender);
        _startVote(id, m, d, VoteKind.Appeal, 3, m.confirmBlock - 1);
    }

    function _issuerResponse(uint256 id) private view returns (Market storage m, Dispute storage d) {
        m = _market(id);
        if (msg.sender != m.issuer) revert NotIssuer(id, msg.sender);
        if (m.phase != Phase.Challenging) revert NotChallenging(id);
        d = _disputes[id];
        if (block.timestamp >= d.responseEnd) revert ResponsePeriodOver(id, d.responseEnd);
    }

    /// Makes challenge `c` the confirmed claim and reopens the challenge window for everyone else.
    function _adoptClaim(Market storage m, Dispute storage d, Challenge storage c) private returns (uint40 windowEnd) {
        m.result = c.option;
        m.early = c.knownAt != 0;
        m.knownAt = c.knownAt;
        windowEnd = uint40(block.timestamp + CHALLENGE_WINDOW);
        m.windowEnd = windowEnd;
        m.phase = Phase.Confirmed;
        d.openCount = 0;
    }

    // ---------------------------------------------------------------- vote

    /// @inheritdoc IMarketsDisputes
    function vote(uint256 id, uint8 choice) external delegated {
        Market storage m = _market(id);
        if (m.phase != Phase.Voting) revert NotVoting(id);
        Dispute storage d = _disputes[id];
        if (block.timestamp >= d.voteEnd) revert VotingClosed(id, d.voteEnd);
        if (choice >= d.candidates) revert InvalidChoice(id, choice);
        Ballot storage b = _ballots[id][msg.sender];
        if (b.choicePlusOne != 0) revert AlreadyVoted(id, msg.sender);
        // Power at the block before the confirmation: PRDS bought once the result was known has no weight.
        uint256 weight = IVotes(address(PRDS_TOKEN)).getPastVotes(msg.sender, d.snapshotBlock);
        if (weight == 0) revert NoVotingPower(id, msg.sender);
        b.choicePlusOne = choice + 1;
        b.weight = uint128(weight);
        _tallies[id][choice] += weight;
        d.totalVotes += uint128(weight);
        emit Voted(id, msg.sender, choice, weight);
    }

    function _startVote(uint256 id, Market storage m, Dispute storage d, VoteKind kind, uint8 candidates, uint64 snapshot)
        private
    {
        m.phase = Phase.Voting;
        d.kind = kind;
        d.candidates = candidates;
        d.snapshotBlock = snapshot;
        uint40 voteEnd = uint40(block.timestamp + VOTING_PERIOD);
        d.voteEnd = voteEnd;
        emit VoteStarted(id, kind, candidates, voteEnd, snapshot);
    }

    // ---------------------------------------------------------------- deadlines (anyone)

    /// @inheritdoc IMarketsDisputes
    function advance(uint256 id) external delegated nonReentrant {
        Market storage m = _market(id);
        Phase ph = m.phase;
        uint256 t = block.timestamp;
        if (ph == Phase.Trading) {
            if (_premiumMissed(m)) {
                _void(id, m, m.pool - m.liquidity);
            } else if (t >= uint256(m.expirationTime) + CONFIRMATION_PERIOD) {
                _issuerAbsent(id, m);
            } else {
                revert NothingToAdvance(id);
            }
        } else if (ph == Phase.Confirmed && t >= m.windowEnd) {
            _finalize(id, m);
        } else if (ph == Phase.Challenging && t >= _disputes[id].responseEnd) {
            _default(id, m);
        } else if (ph == Phase.Voting && t >= _disputes[id].voteEnd) {
            _tally(id, m);
        } else {
            revert NothingToAdvance(id);
        }
    }

    function _issuerAbsent(uint256 id, Market storage m) private {
        emit IssuerAbsent(id, m.issuer);
        _slashBond(id, m, address(0), 0);
        m.confirmBlock = uint64(block.number);
        _startVote(id, m, _disputes[id], VoteKind.IssuerAbsent, m.optionCount + 1, uint64(block.number - 1));
    }

    /// The issuer neither conceded nor appealed: it loses the challenge by default.
    function _default(uint256 id, Market storage m) private {
        Dispute storage d = _disputes[id];
        Challenge storage c = _challenges[id][d.openA];
        c.status = ChallengeStatus.WonByDefault;
        uint256 compensation = _slashBond(id, m, c.challenger, MARGIN_FEE_BPS);
        c.compensation = uint128(compensation);
        uint40 windowEnd = _adoptClaim(m, d, c);
        emit ChallengeDefaulted(id, d.openA, c.option, c.knownAt, windowEnd);
        emit ChallengeSettled(id, d.openA, c.challenger, ChallengeStatus.WonByDefault, c.stake, compensation);
        PRDS_TOKEN.safeTransfer(c.challenger, c.stake);
    }

    function _tally(uint256 id, Market storage m) private {
        Dispute storage d = _disputes[id];
        uint256 supply = IVotes(address(PRDS_TOKEN)).getPastTotalSupply(d.snapshotBlock);
        uint256 quorum = supply * QUORUM_BPS / BPS;
        uint256 total = d.totalVotes;
        bool absent = d.kind == VoteKind.IssuerAbsent;

        if (total == 0 || total < quorum) {
            if (!d.extended) {
                d.extended = true;
                uint40 voteEnd = uint40(block.timestamp + VOTING_PERIOD);
                d.voteEnd = voteEnd;
                emit VoteExtended(id, voteEnd, total, quorum);
                return;
            }
            emit VoteTallied(id, TallyOutcome.QuorumMissed, 0, total, quorum);
            if (absent) {
                _invalidate(id, m, InvalidReason.AbsentNoQuorum);
            } else {
                // The issuer's claim stands; a challenge is never free.
                _returnOpen(id, d, ChallengeStatus.ReturnedLessPenalty, QUORUM_PENALTY_BPS);
                _finalize(id, m);
            }
            return;
        }

        (uint8 winner, uint256 top, bool tie) = _plurality(id, d.candidates);
        if (tie || winner == 0) {
            emit VoteTallied(id, TallyOutcome.Invalid, 0, total, quorum);
            if (!absent) _returnOpen(id, d, ChallengeStatus.Refunded, 0);
            _invalidate(id, m, InvalidReason.Vote);
            return;
        }
        d.winningChoice = winner;
        d.winningVotes = uint128(top);
        if (absent) {
            emit VoteTallied(id, TallyOutcome.OptionChosen, winner, total, quorum);
            m.result = winner - 1;
            m.early = false;
            m.knownAt = 0;
            _finalize(id, m);
            return;
        }
        if (winner == 1) {
            emit VoteTallied(id, TallyOutcome.IssuerWins, winner, total, quorum);
            _loseOpen(id, d, type(uint256).max, type(uint256).max);
            _finalize(id, m);
            return;
        }
        emit VoteTallied(id, TallyOutcome.ChallengerWins, winner, total, quorum);
        uint256 winA = winner == 2 ? d.openA : d.openB;
        uint256 winB = d.sharedClaim ? d.openB : type(uint256).max;
        _loseOpen(id, d, winA, winB);
        Challenge storage c = _challenges[id][winA];
        uint256 compensation = _slashBond(id, m, c.challenger, MARGIN_FEE_BPS);
        m.result = c.option;
        m.early = c.knownAt != 0;
        m.knownAt = c.knownAt;
        if (winB == type(uint256).max) {
            _winChallenge(id, winA, compensation);
        } else {
            // Challengers proven right together share the compensation.
            _winChallenge(id, winA, compensation / 2);
            _winChallenge(id, winB, compensation - compensation / 2);
        }
        _finalize(id, m);
    }

    function _winChallenge(uint256 id, uint256 index, uint256 compensation) private {
        Challenge storage c = _challenges[id][index];
        c.status = ChallengeStatus.Won;
        c.compensation = uint128(compensation);
        emit ChallengeSettled(id, index, c.challenger, ChallengeStatus.Won, c.stake, compensation);
        PRDS_TOKEN.safeTransfer(c.challenger, c.stake);
    }

    function _plurality(uint256 id, uint256 candidates) private view returns (uint8 winner, uint256 top, bool tie) {
        for (uint256 i = 0; i < candidates; ++i) {
            uint256 v = _tallies[id][i];
            if (v > top) {
                top = v;
                winner = uint8(i);
                tie = false;
            } else if (v == top && v != 0) {
                tie = true;
            }
        }
    }

    /// Open challenges other than the winners lose: half of each stake to the winning voters, half to the treasury.
    function _loseOpen(uint256 id, Dispute storage d, uint256 winA, uint256 winB) private {
        uint256 toTreasury;
        uint256 toVoters;
        uint256 count = d.openCount;
        for (uint256 k = 0; k < count; ++k) {
            uint256 index = k == 0 ? d.openA : d.openB;
            if (index == winA || index == winB) continue;
            Challenge storage c = _challenges[id][index];
            c.status = ChallengeStatus.Lost;
            uint256 half = uint256(c.stake) / 2;
            toVoters += half;
            toTreasury += c.stake - half;
            emit ChallengeSettled(id, index, c.challenger, ChallengeStatus.Lost, 0, 0);
        }
        d.openCount = 0;
        d.rewardPool += uint128(toVoters);
        if (toTreasury != 0) PRDS_TOKEN.safeTransfer(TREASURY, toTreasury);
    }

    /// Returns every open challenge's stake less `penaltyBps` (kept for the treasury).
    function _returnOpen(uint256 id, Dispute storage d, ChallengeStatus status, uint256 penaltyBps) private {
        uint256 count = d.openCount;
        uint256 toTreasury;
        for (uint256 k = 0; k < count; ++k) {
            uint256 index = k == 0 ? d.openA : d.openB;
            Challenge storage c = _challenges[id][index];
            c.status = status;
            uint256 penalty = uint256(c.stake) * penaltyBps / BPS;
            toTreasury += penalty;
            emit ChallengeSettled(id, index, c.challenger, status, c.stake - penalty, 0);
            PRDS_TOKEN.safeTransfer(c.challenger, c.stake - penalty);
        }
        d.openCount = 0;
        if (toTreasury != 0) PRDS_TOKEN.safeTransfer(TREASURY, toTreasury);
    }

    // ---------------------------------------------------------------- dispute payouts

    /// @inheritdoc IMarketsDisputes
    function claimCompensation(uint256 id, uint256 index) external delegated nonReentrant returns (uint256 amount) {
        _market(id);
        Challenge[] storage list = _challenges[id];
        if (index >= list.length) revert NoCompensation(id, index);
        Challenge storage c = list[index];
        amount = c.compensation;
        if (amount == 0 || c.compensationClaimed) revert NoCompensation(id, index);
        c.compensationClaimed = true;
        emit CompensationClaimed(id, index, c.challenger, amount);
        PAY_TOKEN.safeTransfer(c.challenger, amount);
    }

    /// @inheritdoc IMarketsDisputes
    function claimVoterReward(uint256 id) external delegated nonReentrant returns (uint256 amount) {
        _market(id);
        Dispute storage d = _disputes[id];
        Ballot storage b = _ballots[id][msg.sender];
        if (d.rewardPool == 0 || b.rewarded || b.choicePlusOne == 0 || b.choicePlusOne - 1 != d.winningChoice) {
            revert NoReward(id, msg.sender);
        }
        b.rewarded = true;
        amount = uint256(d.rewardPool) * b.weight / d.winningVotes;
        emit VoterRewardClaimed(id, msg.sender, amount);
        PRDS_TOKEN.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IMarketsDisputes
    function disputeOf(uint256 id) external view returns (Dispute memory) {
        return _disputes[id];
    }

    /// @inheritdoc IMarketsDisputes
    function challengesOf(uint256 id) external view returns (Challenge[] memory) {
        return _challenges[id];
    }

    /// @inheritdoc IMarketsDisputes
    function hasChallenged(uint256 id, address account) external view returns (bool) {
        return _hasChallenged[id][account];
    }

    /// @inheritdoc IMarketsDisputes
    function tallyOf(uint256 id, uint8 choice) external view returns (uint256) {
        return _tallies[id][choice];
    }

    /// @inheritdoc IMarketsDisputes
    function ballotOf(uint256 id, address voter) external view returns (Ballot memory) {
        return _ballots[id][voter];
    }

    // ---------------------------------------------------------------- helpers

    function _isParticipant(uint256 id, Market storage m, address account) private view returns (bool) {
        uint256 n = m.optionCount;
        for (uint256 i = 0; i < n; ++i) {
            if (_positions[id][account][i].head.stake != 0) return true;
        }
        return false;
    }

    function _sameClaim(uint8 optionA, uint40 knownA, uint8 optionB, uint40 knownB) private view returns (bool) {
        if (optionA != optionB) return false;
        if (knownA == 0 || knownB == 0) return knownA == knownB;
        return _bucket(knownA) == _bucket(knownB);
    }
}

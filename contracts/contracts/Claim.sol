// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// What Claim needs from Markets: whether an account ever bought a position.
interface IPositionRegistry {
    function hasBought(address account) external view returns (bool);
}

/// The free PRDS claim: a fixed amount once per wallet, for wallets that have bought at least one
/// position (a real cost per wallet, so empty wallets cannot farm it), paid from this contract's balance.
contract Claim {
    using SafeERC20 for IERC20;

    enum Eligibility {
        Eligible,
        AlreadyClaimed,
        NoPositionBought,
        InsufficientContractBalance
    }

    IERC20 public immutable prds;
    IPositionRegistry public immutable markets;
    uint256 public immutable claimAmount;

    mapping(address account => bool) public claimed;
    uint256 public totalClaimed;

    event Claimed(address indexed account, uint256 amount);

    error ZeroAddress();
    error InvalidClaimAmount();
    /// 'Each user can only claim once'
    error AlreadyClaimed(address account);
    error NoPositionBought(address account);
    /// 'Insufficient balance in contract'
    error InsufficientContractBalance(uint256 balance, uint256 claimAmount);

    constructor(IERC20 prds_, IPositionRegistry markets_, uint256 claimAmount_) {
        if (address(prds_) == address(0) || address(markets_) == address(0)) revert ZeroAddress();
        if (claimAmount_ == 0) revert InvalidClaimAmount();
        prds = prds_;
        markets = markets_;
        claimAmount = claimAmount_;
    }

    function claim() external {
        address account = msg.sender;
        if (claimed[account]) revert AlreadyClaimed(account);
        if (!markets.hasBought(account)) revert NoPositionBought(account);
        uint256 balance = prds.balanceOf(address(this));
        if (balance < claimAmount) revert InsufficientContractBalance(balance, claimAmount);
        claimed[account] = true;
        totalClaimed += claimAmount;
        prds.safeTransfer(account, claimAmount);
        emit Claimed(account, claimAmount);
    }

    /// Why `account` can or cannot claim now, checked in the same order as claim().
    function eligibility(address account) external view returns (Eligibility) {
        if (claimed[account]) return Eligibility.AlreadyClaimed;
        if (!markets.hasBought(account)) return Eligibility.NoPositionBought;
        if (prds.balanceOf(address(this)) < claimAmount) return Eligibility.InsufficientContractBalance;
        return Eligibility.Eligible;
    }
}

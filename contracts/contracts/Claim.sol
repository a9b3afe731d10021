// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title IPositionRegistry
/// @notice What Claim needs from Markets: whether an account ever bought a position.
interface IPositionRegistry {
    /// @notice Whether `account` ever bought a position in any market.
    /// @param account The wallet.
    /// @return True once it has bought.
    function hasBought(address account) external view returns (bool);
}

/// @title Claim, the free PRDS claim
/// @notice The free PRDS claim: a fixed amount once per wallet, for wallets that have bought at least one
/// position (a real cost per wallet, so empty wallets cannot farm it), paid from this contract's balance.
contract Claim {
    using SafeERC20 for IERC20;

    enum Eligibility {
        Eligible,
        AlreadyClaimed,
        NoPositionBought,
        InsufficientContractBalance
    }

    /// @notice The PRDS token paid out.
    IERC20 public immutable prds;
    /// @notice The Markets contract that says who has bought a position.
    IPositionRegistry public immutable markets;
    /// @notice PRDS units paid per claim.
    uint256 public immutable claimAmount;

    /// @notice Whether an account has claimed.
    mapping(address account => bool) public claimed;
    /// @notice PRDS units paid out so far.
    uint256 public totalClaimed;

    /// @notice `account` claimed `amount` PRDS.
    /// @param account The wallet paid.
    /// @param amount PRDS units.
    event Claimed(address indexed account, uint256 amount);

    error ZeroAddress();
    error InvalidClaimAmount();
    /// 'Each user can only claim once'
    error AlreadyClaimed(address account);
    error NoPositionBought(address account);
    /// 'Insufficient balance in contract'
    error InsufficientContractBalance(uint256 balance, uint256 claimAmount);

    /// @notice Fixes the token, the registry and the amount for good.
    /// @param prds_ The PRDS token.
    /// @param markets_ The Markets contract (its hasBought).
    /// @param claimAmount_ PRDS units per claim, not zero.
    constructor(IERC20 prds_, IPositionRegistry markets_, uint256 claimAmount_) {
        if (address(prds_) == address(0) || address(markets_) == address(0)) revert ZeroAddress();
        if (claimAmount_ == 0) revert InvalidClaimAmount();
        prds = prds_;
        markets = markets_;
        claimAmount = claimAmount_;
    }

    /// @notice Pays the caller claimAmount PRDS, once per wallet, if it has bought a position and this
    /// contract still holds enough. Emits Claimed.
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

    /// @notice Why `account` can or cannot claim now, checked in the same order as claim().
    /// @param account The wallet.
    /// @return Eligible, or the reason claim() would revert.
    function eligibility(address account) external view returns (Eligibility) {
        if (claimed[account]) return Eligibility.AlreadyClaimed;
        if (!markets.hasBought(account)) return Eligibility.NoPositionBought;
        if (prds.balanceOf(address(this)) < claimAmount) return Eligibility.InsufficientContractBalance;
        return Eligibility.Eligible;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/// @title PRDS, the Prediction DAO Share
/// @notice The governance token. Holding PRDS means having votes: every holder is delegated to itself on
/// its first receipt unless it already chose a delegate, so nobody has to send a delegate
/// transaction before a dispute vote snapshot counts its balance.
contract PRDS is ERC20, ERC20Permit, ERC20Votes {
    /// @notice Mints the whole supply to `holder`; there is no other mint.
    /// @param holder Receives the whole supply.
    /// @param supply Total supply, minted once (18 decimals).
    constructor(address holder, uint256 supply) ERC20("Prediction DAO Share", "PRDS") ERC20Permit("Prediction DAO Share") {
        _mint(holder, supply);
    }

    function _update(address from, address to, uint256 value) internal override(ERC20, ERC20Votes) {
        if (to != address(0) && delegates(to) == address(0)) {
            // Delegating before the balance moves lets ERC20Votes count the incoming value once.
            _delegate(to, to);
        }
        super._update(from, to, value);
    }

    /// @notice The next ERC-2612 permit nonce of `owner` (the same counter as its vote delegation by signature).
    /// @param owner The account.
    /// @return The nonce its next signature must use.
    function nonces(address owner) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }
}

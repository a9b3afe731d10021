// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Test only: stands in for Markets.hasBought so Claim's own rules can be tested in isolation.
contract CorePositionRegistry {
    mapping(address account => bool) public hasBought;

    function markBought(address account) external {
        hasBought[account] = true;
    }
}

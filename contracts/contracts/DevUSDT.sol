// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title DevUSDT, the devnet's pay token
/// @notice Stands in for BSC USDT on the devnet only (18 decimals like BSC's). Anyone may mint so the
/// seed, tests and the app's faucet can fund accounts; it is never deployed to a real chain.
contract DevUSDT is ERC20, ERC20Permit {
    error DevnetOnly(uint256 chainId);

    constructor() ERC20("Tether USD (devnet)", "USDT") ERC20Permit("Tether USD (devnet)") {
        // Chain 31337 is Hardhat's; refusing elsewhere keeps a free-mint token off real networks.
        if (block.chainid != 31337) revert DevnetOnly(block.chainid);
    }

    /// @notice Mints `amount` to `to`; anyone may call (devnet only).
    /// @param to The account credited.
    /// @param amount Token units (18 decimals).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

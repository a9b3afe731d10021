// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A standard ERC-20 (OpenZeppelin's, 18 decimals) whose runtime code the BSC rehearsal places at
/// BSC USDT's address with hardhat_setCode (scripts/rehearsalToken.ts), then writes its name, symbol
/// and balances straight into storage: the protocol then meets Tether's token at Tether's address,
/// with no mint of ours. Never deployed anywhere.
contract StandardERC20 is ERC20 {
    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}
}

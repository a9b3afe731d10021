// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Test only: a pay token that calls back into `target` during a transfer, once armed.
contract MarketsReentrantToken is ERC20 {
    address private _target;
    bytes private _data;

    constructor() ERC20("Reentrant Token", "REE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(address target, bytes calldata data) external {
        _target = target;
        _data = data;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address target = _target;
        if (target != address(0) && from != address(0)) {
            _target = address(0);
            (bool ok, bytes memory ret) = target.call(_data);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }
}

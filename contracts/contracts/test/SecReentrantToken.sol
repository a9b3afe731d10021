// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Test only: a pay token that calls back into a target while it moves tokens, to prove the protocol's
/// contracts cannot be re-entered mid-transfer. The token contract can also act as a user (`exec`), so
/// it can hold positions and try to claim twice from inside its own payout.
contract SecReentrantToken is ERC20 {
    uint8 public constant ON_TRANSFER = 1; // fires when a contract pays out (transfer)
    uint8 public constant ON_TRANSFER_FROM = 2; // fires when a contract pulls a payment (transferFrom)

    address public target;
    bytes public attackData;
    uint8 public when;
    bool private _attacking;

    uint256 public attempts;
    uint256 public successes;
    bytes public lastReturn;

    event ReentryAttempt(address indexed target, bool ok, bytes returnData);

    constructor() ERC20("Reentrant USD", "rUSD") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function arm(address target_, bytes calldata data, uint8 when_) external {
        target = target_;
        attackData = data;
        when = when_;
    }

    function disarm() external {
        when = 0;
    }

    /// Lets the token contract itself act as an account (approve, buy, claim...).
    function exec(address to, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = to.call(data);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    function transfer(address to, uint256 value) public override returns (bool) {
        _maybeAttack(ON_TRANSFER);
        return super.transfer(to, value);
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        _maybeAttack(ON_TRANSFER_FROM);
        return super.transferFrom(from, to, value);
    }

    function _maybeAttack(uint8 hook) private {
        if (when & hook == 0 || _attacking) return;
        _attacking = true;
        (bool ok, bytes memory ret) = target.call(attackData);
        ++attempts;
        if (ok) ++successes;
        lastReturn = ret;
        emit ReentryAttempt(target, ok, ret);
        _attacking = false;
    }
}

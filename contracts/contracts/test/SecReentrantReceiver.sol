// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";

/// Test only: an account contract whose ERC-721 receipt hook calls back into a target (a marketplace
/// buying the same listing again, a License moved while received...). It accepts the token either way
/// and records whether the re-entry got through.
contract SecReentrantReceiver is IERC721Receiver {
    address public target;
    bytes public attackData;
    bool public armed;
    bool private _attacking;

    uint256 public received;
    uint256 public attempts;
    uint256 public successes;
    bytes public lastReturn;

    event ReentryAttempt(address indexed target, bool ok, bytes returnData);

    function arm(address target_, bytes calldata data) external {
        target = target_;
        attackData = data;
        armed = true;
    }

    function disarm() external {
        armed = false;
    }

    /// Acts as an account: approvals, buys, listings.
    function exec(address to, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory ret) = to.call(data);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        return ret;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        ++received;
        if (armed && !_attacking) {
            _attacking = true;
            (bool ok, bytes memory ret) = target.call(attackData);
            ++attempts;
            if (ok) ++successes;
            lastReturn = ret;
            emit ReentryAttempt(target, ok, ret);
            _attacking = false;
        }
        return IERC721Receiver.onERC721Received.selector;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Test only: an ERC-20 that answers `false` instead of reverting when a transfer cannot happen (too
/// little balance or allowance), and always once `failAll` is set. A caller that ignores the result
/// would credit payments that never arrived.
contract SecFalseReturnToken {
    string public constant name = "False USD";
    string public constant symbol = "xUSD";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    bool public failAll;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function setFailAll(bool value) external {
        failAll = value;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        if (failAll || balanceOf[msg.sender] < amount) return false;
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        if (failAll || balanceOf[from] < amount || allowance[from][msg.sender] < amount) return false;
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

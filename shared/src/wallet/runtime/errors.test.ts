import { Interface } from 'ethers';
import { abis } from '@prds/contracts';
import { decodeRevert, isInsufficientFunds, isUserRejection } from './errors';

const claim = new Interface(abis.Claim);
const account = '0x00000000000000000000000000000000000000A1';

describe('decodeRevert', () => {
  it("names one of our custom errors from a wallet's nested revert data", () => {
    const data = claim.encodeErrorResult('AlreadyClaimed', [account]);
    // MetaMask-style nesting: { code, message, data: { originalError: { data } } }
    const error = {
      code: -32603,
      message: 'Internal JSON-RPC error.',
      data: { originalError: { code: 3, data, message: 'execution reverted' } },
    };
    expect(decodeRevert(error)).toEqual({ name: 'AlreadyClaimed', text: `AlreadyClaimed(${account})` });
  });

  it('decodes errors of another contract of ours (a nested call reverting)', () => {
    const data = claim.encodeErrorResult('InsufficientContractBalance', [5n, 10n]);
    expect(decodeRevert({ info: { error: { data } } })).toEqual({
      name: 'InsufficientContractBalance',
      text: 'InsufficientContractBalance(5, 10)',
    });
  });

  it('decodes a plain require message and falls back to the selector for unknown errors', () => {
    const data = Interface.from(['error Error(string)']).encodeErrorResult('Error', ['too late']);
    expect(decodeRevert({ data })).toEqual({ name: 'Error', text: 'Error(too late)' });
    expect(decodeRevert({ data: '0xdeadbeef' })).toEqual({ name: 'unknown', text: '0xdeadbeef' });
    expect(decodeRevert(new Error('network down'))).toBeNull();
  });
});

describe('wallet error classes', () => {
  it('recognises a refusal in the EIP-1193 and ethers forms, nested or not', () => {
    expect(isUserRejection({ code: 4001, message: 'User rejected the request.' })).toBe(true);
    expect(isUserRejection({ code: 'ACTION_REJECTED' })).toBe(true);
    // WalletConnect: a phone declining a request answers USER_REJECTED.
    expect(isUserRejection({ code: 5000, message: 'User rejected.' })).toBe(true);
    expect(isUserRejection({ code: -32603, error: { code: 4001 } })).toBe(true);
    expect(isUserRejection({ code: -32603, message: 'boom' })).toBe(false);
  });

  it('recognises a wallet that cannot pay for gas', () => {
    expect(isInsufficientFunds({ code: 'INSUFFICIENT_FUNDS' })).toBe(true);
    expect(
      isInsufficientFunds({
        code: -32000,
        message: "Sender doesn't have enough funds to send tx. The max upfront cost is: 1 and the sender's balance is: 0.",
      }),
    ).toBe(true);
    expect(isInsufficientFunds({ code: -32000, message: 'nonce too low' })).toBe(false);
  });
});

import type { TxState } from '../transactionTypes';
import { minedFailure } from './minedFailure';

const HASH = `0x${'1'.repeat(64)}`;
const replayed = (over: Partial<TxState>): TxState => ({
  phase: 'failed',
  step: 'main',
  messageKey: 'flow.failed',
  hash: HASH,
  explorerUrl: null,
  reason: 'reverted',
  ...over,
});

describe('minedFailure', () => {
  it('says a transaction that used all its gas ran out of gas, whatever a replay at that block finds', () => {
    const state = minedFailure(
      replayed({ messageKey: 'flow.revert.tradingClosed', reason: 'TradingClosed(1, 2)' }),
      103_771n,
      103_771n,
      'flow.failed',
    );
    expect(state).toMatchObject({
      phase: 'failed',
      messageKey: 'flow.failed',
      noteKey: 'tx.outOfGas',
      reason: 'out of gas: 103771 of 103771',
      hash: HASH,
    });
  });

  it("says a reverted one was reverted on chain, with the flow's message for the decoded reason", () => {
    const state = minedFailure(
      replayed({ messageKey: 'flow.revert.payoutBelowMinimum', reason: 'PayoutBelowMinimum(1, 2)' }),
      60_000n,
      200_000n,
      'flow.failed',
    );
    expect(state).toMatchObject({
      phase: 'failed',
      messageKey: 'flow.revert.payoutBelowMinimum',
      noteKey: 'tx.revertedOnChain',
      reason: 'PayoutBelowMinimum(1, 2)',
    });
  });

  it('never reports a mined transaction as cancelled or insufficient funds from the replay', () => {
    const state = minedFailure(replayed({ phase: 'cancelled', messageKey: 'flow.cancelled' }), 1n, 2n, 'flow.failed');
    expect(state).toMatchObject({ phase: 'failed', messageKey: 'flow.failed', noteKey: 'tx.revertedOnChain' });
  });
});

import { DEFAULT_TX_MESSAGES, type TxState } from '../transactionTypes';

/**
 * The state of a transaction mined with status 0, in words: it did not happen, and its gas was still
 * paid. One that used all of its limit ran out of gas (a revert stops short of the limit), so the
 * flow's failure message and the gas figures stand, not a revert reason a later replay may find;
 * otherwise the revert reason decoded from the replay, if any, with the flow's own message for it.
 */
export function minedFailure(replayed: TxState, gasUsed: bigint, gasLimit: bigint, failedId: string): TxState {
  const outOfGas = gasUsed >= gasLimit;
  return {
    ...replayed,
    phase: 'failed',
    messageKey: outOfGas || replayed.phase !== 'failed' ? failedId : replayed.messageKey,
    noteKey: outOfGas ? DEFAULT_TX_MESSAGES.outOfGasId : DEFAULT_TX_MESSAGES.revertedOnChainId,
    reason: outOfGas ? `out of gas: ${gasUsed} of ${gasLimit}` : replayed.reason,
  };
}

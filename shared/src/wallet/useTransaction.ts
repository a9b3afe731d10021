import { useCallback, useRef, useState } from 'react';
import type { ContractRef, RoleOf, WriteFunctionName } from '../contracts/contractTypes';
import { loadWalletRuntime } from './loadWalletRuntime';
import type { TransactionRequest, TxMessages, TxResult, TxState } from './transactionTypes';

export interface TransactionControls {
  /** The latest state, null before the first run (or after reset). */
  readonly state: TxState | null;
  /** True from the click until the final state. */
  readonly busy: boolean;
  readonly run: <C extends ContractRef, F extends WriteFunctionName<RoleOf<C>>>(
    request: TransactionRequest<C, F>,
  ) => Promise<TxResult>;
  readonly reset: () => void;
}

/** One flow's transaction: run it through the shared helper and show its progress in the flow's words. */
export function useTransaction(messages: TxMessages): TransactionControls {
  const [state, setState] = useState<TxState | null>(null);
  const [busy, setBusy] = useState(false);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const running = useRef(false);

  const run = useCallback(
    async <C extends ContractRef, F extends WriteFunctionName<RoleOf<C>>>(request: TransactionRequest<C, F>) => {
      if (running.current) return { ok: false, phase: 'failed', hash: null } satisfies TxResult;
      running.current = true;
      setBusy(true);
      try {
        const runtime = await loadWalletRuntime();
        return await runtime.executeTransaction(request as unknown as TransactionRequest, messagesRef.current, setState);
      } catch (error) {
        // Only the lazy chunk failing to load gets here; the helper itself reports failures as states.
        const failed: TxState = {
          phase: 'failed',
          step: 'main',
          messageKey: messagesRef.current.failedId,
          hash: null,
          explorerUrl: null,
          reason: error instanceof Error ? error.message : String(error),
        };
        setState(failed);
        return { ok: false, phase: 'failed', hash: null } satisfies TxResult;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );

  const reset = useCallback(() => setState(null), []);
  return { state, busy, run, reset };
}

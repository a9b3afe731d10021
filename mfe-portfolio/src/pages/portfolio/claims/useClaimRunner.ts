import { useCallback, useState } from 'react';
import { useTransaction, type Address, type TxMessages, type TxResult } from '@prds/shared/wallet';
import { afterStep, type ClaimStep, type StepStatus } from './claimPlan';

export const CLAIM_TX_MESSAGES: TxMessages = {
  confirmedId: 'portfolio.claim.success',
  failedId: 'portfolio.claim.failed',
  cancelledId: 'portfolio.tx.cancelled',
  revert: {
    NothingToClaim: { id: 'portfolio.claim.revert.nothing' },
    NoReward: { id: 'portfolio.claim.revert.nothing' },
    NoCompensation: { id: 'portfolio.claim.revert.nothing' },
    NotFinal: { id: 'portfolio.claim.revert.notFinal' },
  },
};

export interface ClaimRun {
  readonly steps: readonly ClaimStep[];
  readonly statuses: readonly StepStatus[];
  readonly hashes: readonly (string | null)[];
}

export interface ClaimRunner {
  /** The plan being claimed or last claimed (its statuses stay until dismissed). */
  readonly run: ClaimRun | null;
  readonly busy: boolean;
  readonly tx: ReturnType<typeof useTransaction>;
  /** Sends the steps one transaction after another; a refusal or failure stops the rest. */
  readonly start: (steps: readonly ClaimStep[]) => Promise<void>;
  readonly dismiss: () => void;
}

/** The claim call of one step (typed per function from the ABI, hence one call per kind). */
function send(tx: ReturnType<typeof useTransaction>, step: ClaimStep, account: Address): Promise<TxResult> {
  const id = BigInt(step.marketId);
  switch (step.kind) {
    case 'position':
      return tx.run({ contract: 'markets', fn: 'claim', args: [id, account] });
    case 'compensation':
      return tx.run({ contract: 'markets', fn: 'claimCompensation', args: [id, BigInt(step.index ?? 0)] });
    case 'voterReward':
      return tx.run({ contract: 'markets', fn: 'claimVoterReward', args: [id] });
    case 'referral':
      return tx.run({ contract: 'markets', fn: 'claimReferral', args: [id] });
  }
}

/**
 * Claims a plan through the shared transaction helper, one transaction at a time, each step's
 * outcome kept (claimed with its hash, refused, failed, not sent), so 'Claim all' shows its progress
 * and a refusal in the wallet stops the rest cleanly. The helper refreshes the account's queries
 * after each claim, so what is still due updates as it goes.
 */
export function useClaimRunner(account: Address | null): ClaimRunner {
  const tx = useTransaction(CLAIM_TX_MESSAGES);
  const [run, setRun] = useState<ClaimRun | null>(null);
  const [busy, setBusy] = useState(false);

  const start = useCallback(
    async (steps: readonly ClaimStep[]) => {
      if (account === null || steps.length === 0 || busy) return;
      setBusy(true);
      let statuses: StepStatus[] = steps.map(() => 'waiting');
      const hashes: (string | null)[] = steps.map(() => null);
      setRun({ steps, statuses, hashes: [...hashes] });
      try {
        for (let i = 0; i < steps.length; i++) {
          const step = steps[i];
          if (step === undefined) break;
          statuses = statuses.map((status, k) => (k === i ? 'running' : status));
          setRun({ steps, statuses, hashes: [...hashes] });
          const result = await send(tx, step, account);
          hashes[i] = result.hash;
          const outcome = result.ok ? 'claimed' : result.phase === 'cancelled' ? 'cancelled' : 'failed';
          statuses = afterStep(statuses, i, outcome);
          setRun({ steps, statuses, hashes: [...hashes] });
          if (!result.ok) break;
        }
      } finally {
        setBusy(false);
      }
    },
    [account, busy, tx],
  );

  const dismiss = useCallback(() => {
    setRun(null);
    tx.reset();
  }, [tx]);

  return { run, busy, tx, start, dismiss };
}

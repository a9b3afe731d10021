import { erc20Abi, type Role } from '@prds/contracts';
import type { InterfaceAbi } from 'ethers';
import type { ChainId } from '@prds/shared/chains';
import { MAX_UINT256, TOKENS } from '@prds/shared/chains';
import type { Address } from '../../contracts/contractTypes';
import { getApiClient } from '@prds/shared/http';
import type { ApiEnvelope } from '@prds/shared/http';
import { queryClient, queryKeys } from '@prds/shared/query';
import { accountAtom, chainIdAtom, desireChainIdAtom } from '@prds/shared/state';
import { prdsStore } from '@prds/shared/state';
import { explorerTxUrl } from '../chainLinks';
import {
  DEFAULT_TX_MESSAGES,
  type TransactionApproval,
  type TransactionRequest,
  type TxMessages,
  type TxResult,
  type TxState,
} from '../transactionTypes';
import { browserProvider, contractAddress, contractOn, readContract, readProvider, roleOf } from './chainAccess';
import { gasLimitFor } from './gasLimit';
import { minedFailure } from './minedFailure';
import { decodeRevert, isInsufficientFunds, isUserRejection, walletMessage } from './errors';
import { currentProvider } from './session';
import type { Eip1193Provider } from 'ethers';

const RECEIPT_POLL_MS = 500;
const RECEIPT_TIMEOUT_MS = 10 * 60_000;
const INDEX_POLL_MS = 750;
const INDEX_TIMEOUT_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Update = (state: TxState) => void;

interface Step {
  readonly chainId: ChainId;
  readonly account: Address;
  readonly provider: Eip1193Provider;
  readonly role: Role;
  /** The role's own ABI unless given (a token's approval goes through the standard ERC-20 one). */
  readonly abi?: InterfaceAbi;
  readonly fn: string;
  readonly args: readonly unknown[];
  readonly value: bigint;
  readonly kind: 'approve' | 'main';
  readonly values?: Readonly<Record<string, string>>;
}

function base(step: Step['kind']): Pick<TxState, 'step' | 'hash' | 'explorerUrl' | 'reason'> {
  return { step, hash: null, explorerUrl: null, reason: null };
}

/** Turns a wallet / node failure into the flow's words: cancelled, 'Insufficient Funds', or failed with its reason. */
function failure(error: unknown, messages: TxMessages, step: Step['kind'], hash: string | null, chainId: ChainId): TxState {
  const explorerUrl = hash === null ? null : explorerTxUrl(chainId, hash);
  if (isUserRejection(error)) return { ...base(step), hash, explorerUrl, phase: 'cancelled', messageKey: messages.cancelledId };
  if (isInsufficientFunds(error)) {
    return {
      ...base(step),
      hash,
      explorerUrl,
      phase: 'failed',
      messageKey: messages.insufficientFundsId ?? DEFAULT_TX_MESSAGES.insufficientFundsId,
    };
  }
  const revert = decodeRevert(error);
  return {
    ...base(step),
    hash,
    explorerUrl,
    phase: 'failed',
    messageKey: (revert && messages.revert?.[revert.name]?.id) || messages.failedId,
    reason: revert?.text ?? walletMessage(error),
  };
}

async function waitForReceipt(chainId: ChainId, hash: string) {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    const receipt = await readProvider(chainId).getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} after ${RECEIPT_TIMEOUT_MS / 60_000} minutes`);
    await sleep(RECEIPT_POLL_MS);
  }
}

/** Polls `/api/get-trans-status` until the api has indexed the transaction; false on time-out. */
async function waitForIndexing(hash: string): Promise<boolean> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const answer = await getApiClient().post<ApiEnvelope<{ status?: string }>>('/api/get-trans-status', { hash });
      if (answer.data.status === 'indexed' || answer.data.status === 'failed') return true;
    } catch {
      // The api being briefly unreachable is not the transaction's failure: keep polling until the deadline.
    }
    await sleep(INDEX_POLL_MS);
  }
  return false;
}

/** Runs one call: checks (revert, gas money), asks the wallet, waits for the receipt. */
async function runStep(step: Step, messages: TxMessages, update: Update): Promise<{ state: TxState; hash: string | null }> {
  const busyKey = step.kind === 'approve' ? (messages.approvingId ?? DEFAULT_TX_MESSAGES.approvingId) : undefined;
  update({
    ...base(step.kind),
    phase: step.kind === 'approve' ? 'approving' : 'checking',
    messageKey: busyKey ?? messages.checkingId ?? DEFAULT_TX_MESSAGES.checkingId,
    ...(step.values ? { values: step.values } : {}),
  });
  const signer = await browserProvider(step.provider, step.chainId).getSigner(step.account);
  const contract = contractOn(step.chainId, step.role, signer, step.abi);
  const request = await contract.getFunction(step.fn).populateTransaction(...step.args, { value: step.value });

  let gas: bigint;
  try {
    gas = await signer.estimateGas({ ...request, from: step.account });
  } catch (error) {
    return { state: failure(error, messages, step.kind, null, step.chainId), hash: null };
  }
  // The limit covers the call's worst path when mined later (gasLimit.ts); the wallet must hold gas
  // money for the whole limit, or the node refuses the transaction.
  const gasLimit = gasLimitFor(gas, step.role, step.fn);
  const reader = readProvider(step.chainId);
  const [fees, balance] = await Promise.all([reader.getFeeData(), reader.getBalance(step.account)]);
  const price = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
  if (balance < gasLimit * price + step.value) {
    return {
      state: {
        ...base(step.kind),
        phase: 'failed',
        messageKey: messages.insufficientFundsId ?? DEFAULT_TX_MESSAGES.insufficientFundsId,
      },
      hash: null,
    };
  }

  update({
    ...base(step.kind),
    phase: step.kind === 'approve' ? 'approving' : 'waitingWallet',
    messageKey: busyKey ?? messages.waitingWalletId ?? DEFAULT_TX_MESSAGES.waitingWalletId,
    ...(step.values ? { values: step.values } : {}),
  });
  let hash: string;
  try {
    const sent = await signer.sendTransaction({ ...request, gasLimit });
    hash = sent.hash;
  } catch (error) {
    return { state: failure(error, messages, step.kind, null, step.chainId), hash: null };
  }

  const explorerUrl = explorerTxUrl(step.chainId, hash);
  update({
    ...base(step.kind),
    hash,
    explorerUrl,
    phase: step.kind === 'approve' ? 'approving' : 'pending',
    messageKey: busyKey ?? messages.pendingId ?? DEFAULT_TX_MESSAGES.pendingId,
    ...(step.values ? { values: step.values } : {}),
  });
  const receipt = await waitForReceipt(step.chainId, hash);
  if (receipt.status !== 1) {
    // Mined but reverted: replay the call at that block to learn why.
    let reason: unknown = new Error('reverted');
    try {
      await reader.call({ ...request, from: step.account, blockTag: receipt.blockNumber });
    } catch (error) {
      reason = error;
    }
    const failed = failure(reason, messages, step.kind, hash, step.chainId);
    // Mined with status 0: nothing happened but the gas was paid; say so (minedFailure.ts).
    return { state: minedFailure(failed, receipt.gasUsed, gasLimit, messages.failedId), hash };
  }
  return { state: { ...base(step.kind), hash, explorerUrl, phase: 'confirmed', messageKey: messages.confirmedId }, hash };
}

/**
 * The approval a request still needs, or null: a token allowance below the amount gets the maximum
 * uint256 (spec §9); NFTs the called contract may not move yet get `setApprovalForAll` once.
 */
async function approvalStep(
  approve: TransactionApproval,
  common: Pick<Step, 'chainId' | 'account' | 'provider'>,
  target: Address,
): Promise<Step | null> {
  if ('token' in approve) {
    const { token, amount } = approve;
    const allowance = await readContract(common.chainId, token, 'allowance', [common.account, target]);
    if (allowance >= amount) return null;
    return {
      ...common,
      role: token,
      abi: erc20Abi,
      fn: 'approve',
      args: [target, MAX_UINT256],
      value: 0n,
      kind: 'approve',
      values: { symbol: TOKENS[token].symbol },
    };
  }
  const { nft } = approve;
  if (await readContract(common.chainId, nft, 'isApprovedForAll', [common.account, target])) return null;
  return {
    ...common,
    role: nft,
    fn: 'setApprovalForAll',
    args: [target, true],
    value: 0n,
    kind: 'approve',
    values: { symbol: await readContract(common.chainId, nft, 'symbol', []) },
  };
}

/** The flow's queries, the chain reads and the account's (its /api/user/info query included). */
function refreshKeys(request: TransactionRequest, chainId: ChainId, account: string) {
  return [...(request.invalidate ?? []), queryKeys.chain(chainId), queryKeys.account(account)];
}

/**
 * The transaction helper every flow uses (ARCHITECTURE "Wallet and chain"): approve the maximum
 * uint256 only when the allowance is short, send, report each phase in the flow's words, then poll
 * the api until it has indexed the result and refresh the shared cache. Never throws: a failure is
 * the last state reported and the result's `ok: false`.
 */
export async function executeTransaction(request: TransactionRequest, messages: TxMessages, update: Update): Promise<TxResult> {
  const store = prdsStore;
  const account = store.get(accountAtom);
  const chainId = store.get(chainIdAtom);
  const desired = store.get(desireChainIdAtom);
  const provider = currentProvider() as Eip1193Provider | null;
  const finish = (state: TxState, hash: string | null = state.hash): TxResult => {
    update(state);
    return { ok: state.phase === 'confirmed', phase: state.phase, hash };
  };
  if (!provider || account === null || chainId !== desired) {
    return finish({
      ...base('main'),
      phase: 'failed',
      messageKey: messages.notConnectedId ?? DEFAULT_TX_MESSAGES.notConnectedId,
    });
  }
  const role = roleOf(request.contract);
  const target = contractAddress(desired, role);
  if (target === null) {
    return finish({ ...base('main'), phase: 'failed', messageKey: DEFAULT_TX_MESSAGES.notAvailableId });
  }
  const common = { chainId: desired, account, provider };
  try {
    const approvals: readonly TransactionApproval[] =
      request.approve === undefined ? [] : 'length' in request.approve ? request.approve : [request.approve];
    for (const approve of approvals) {
      const approval = await approvalStep(approve, common, target);
      if (approval !== null) {
        const approved = await runStep(approval, messages, update);
        if (approved.state.phase !== 'confirmed') return finish(approved.state);
      }
    }
    const main = await runStep(
      {
        ...common,
        role,
        fn: request.fn,
        args: request.args as readonly unknown[],
        value: request.value ?? 0n,
        kind: 'main',
      },
      messages,
      update,
    );
    if (main.state.phase !== 'confirmed' || main.hash === null) {
      // A revert means the chain is not what the page showed (e.g. claimed from another device), and
      // a transaction mined with status 0 changed nothing but the gas money: refresh what the flow
      // reads so the page shows the chain as it is, never the call as if it went through.
      if (main.state.phase === 'failed' && (main.state.reason !== null || main.hash !== null)) {
        await Promise.all(refreshKeys(request, desired, account).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
      return finish(main.state);
    }

    update({ ...main.state, phase: 'indexing', messageKey: messages.indexingId ?? DEFAULT_TX_MESSAGES.indexingId });
    const indexed = await waitForIndexing(main.hash);
    await Promise.all(refreshKeys(request, desired, account).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return finish(indexed ? main.state : { ...main.state, noteKey: DEFAULT_TX_MESSAGES.indexingDelayedId });
  } catch (error) {
    return finish(failure(error, messages, 'main', null, desired));
  }
}

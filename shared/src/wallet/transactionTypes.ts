import type { QueryKey } from '@tanstack/react-query';
import type { TokenRole } from '@prds/shared/chains';
import type { ContractRef, FunctionArgs, Role, RoleOf, WriteFunctionName } from '../contracts/contractTypes';

/** Where a transaction is: each phase has a message the calling flow may word its own way. */
export type TxPhase = 'checking' | 'approving' | 'waitingWallet' | 'pending' | 'indexing' | 'confirmed' | 'failed' | 'cancelled';

/**
 * Message keys of one flow. The spec words them differently per flow (claim: 'Transaction
 * Cancelled', issue: 'Transaction cancelled'), so confirmed / failed / cancelled are the flow's own;
 * the rest default to the `tx.*` keys. (Named `…Id` so the locale key scan sees each literal.)
 */
export interface TxMessages {
  readonly confirmedId: string;
  readonly failedId: string;
  readonly cancelledId: string;
  readonly checkingId?: string;
  readonly approvingId?: string;
  readonly waitingWalletId?: string;
  readonly pendingId?: string;
  readonly indexingId?: string;
  /** 'Insufficient Funds' by default: the wallet cannot pay for gas. */
  readonly insufficientFundsId?: string;
  /** No wallet, or not on the desired chain. */
  readonly notConnectedId?: string;
  /** A revert's custom-error name → the flow's message for it (e.g. `AlreadyClaimed: { id: 'claim.oncePerUser' }`). */
  readonly revert?: Readonly<Partial<Record<string, { readonly id: string }>>>;
}

export const DEFAULT_TX_MESSAGES = {
  checkingId: 'tx.checking',
  approvingId: 'tx.approving',
  waitingWalletId: 'tx.waitingWallet',
  pendingId: 'tx.pending',
  indexingId: 'tx.indexing',
  insufficientFundsId: 'tx.insufficientFunds',
  notConnectedId: 'tx.notConnected',
  notAvailableId: 'wallet.notAvailable',
  indexingDelayedId: 'tx.indexingDelayed',
  /** Mined with status 0 after using all its gas: nothing changed, the gas was paid. */
  outOfGasId: 'tx.outOfGas',
  /** Mined with status 0 (reverted on chain): nothing changed, the gas was paid. */
  revertedOnChainId: 'tx.revertedOnChain',
} as const;

export interface TxState {
  readonly phase: TxPhase;
  /** 'approve' while the token approval runs before the main call. */
  readonly step: 'approve' | 'main';
  readonly messageKey: string;
  readonly values?: Readonly<Record<string, string>>;
  readonly hash: string | null;
  readonly explorerUrl: string | null;
  /** Decoded revert reason, or the wallet's words, for a failure. */
  readonly reason: string | null;
  /** A second line, e.g. 'tx.indexingDelayed'. */
  readonly noteKey?: string;
}

/** The token (role) a call spends: approved to the called contract with the maximum uint256 when short. */
export type SpentToken = TokenRole;

/** The NFT (role) a call takes from the caller: the License, which the marketplace holds in escrow for a listing. */
export type MovedNft = Extract<Role, 'license'>;

/**
 * What the called contract must be allowed first: to spend `amount` of a token (approved with the
 * maximum uint256 when the allowance is short), or to move the caller's NFTs of a collection
 * (ERC-721 `setApprovalForAll`, asked once, only while it is not granted).
 */
export type TransactionApproval = { readonly token: SpentToken; readonly amount: bigint } | { readonly nft: MovedNft };

export interface TransactionRequest<
  C extends ContractRef = ContractRef,
  F extends WriteFunctionName<RoleOf<C>> = WriteFunctionName<RoleOf<C>>,
> {
  /** The contract called, by role ('markets'), or a devnet-only one from `optionalContract`. */
  readonly contract: C;
  readonly fn: F;
  readonly args: FunctionArgs<RoleOf<C>, F>;
  readonly value?: bigint;
  /** What to allow first; several in order (an issue that spends the pay token and stakes the License). */
  readonly approve?: TransactionApproval | readonly TransactionApproval[];
  /** Queries of the shared data cache to refresh once the api has indexed the transaction. */
  readonly invalidate?: readonly QueryKey[];
}

export interface TxResult {
  readonly ok: boolean;
  readonly phase: TxPhase;
  readonly hash: string | null;
}

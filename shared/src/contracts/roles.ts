import { DEPLOYED_ROLES, type OptionalRole, type Role } from '@prds/contracts/chains';
import type { ChainId } from '../chains/chains';
import { desireChainIdAtom } from '../state/atoms';
import { prdsStore } from '../state/store';
import type { CheckedContract } from './contractTypes';

// The eager half of the contract registry: which roles a chain has, without ABIs or addresses
// (those load with the wallet's lazy chunk).

/** True where the role is deployed on the chain: every required role on a chain of ours, a devnet-only one where it exists. */
export function hasRole(
  chainId: ChainId,
  role: Role,
  deployed: Readonly<Record<number, readonly Role[]>> = DEPLOYED_ROLES,
): boolean {
  return deployed[Number(chainId)]?.includes(role) ?? false;
}

/**
 * A devnet-only contract (e.g. the pay token's faucet) where the chain has it, else null: the only way
 * to name one in a read or a transaction, so a page cannot offer it where it is absent (BSC).
 */
export function optionalContract<R extends OptionalRole>(
  role: R,
  chainId: ChainId = prdsStore.get(desireChainIdAtom),
  deployed: Readonly<Record<number, readonly Role[]>> = DEPLOYED_ROLES,
): CheckedContract<R> | null {
  // The one place a checked reference is made: after the check.
  return hasRole(chainId, role, deployed) ? ({ role, chainId } as CheckedContract<R>) : null;
}

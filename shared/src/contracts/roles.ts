import { DEPLOYED_OPTIONAL_ROLES, type OptionalRole } from '@prds/contracts/chains';
import type { ChainId } from '@prds/shared/chains';
import { desireChainIdAtom } from '@prds/shared/state';
import { prdsStore } from '@prds/shared/state';
import type { CheckedContract } from './contractTypes';

/**
 * A devnet-only contract (e.g. the pay token's faucet) where the chain has it, else null: the only way
 * to name one in a read or a transaction, so a page cannot offer it where it is absent (BSC). Eager and
 * small: it reads the roles per chain (no ABIs, no addresses; those load with the wallet's chunk).
 */
export function optionalContract<R extends OptionalRole>(
  role: R,
  chainId: ChainId = prdsStore.get(desireChainIdAtom),
  deployed: Readonly<Record<number, readonly OptionalRole[]>> = DEPLOYED_OPTIONAL_ROLES,
): CheckedContract<R> | null {
  // The one place a checked reference is made: after the check.
  return deployed[Number(chainId)]?.includes(role) ? ({ role, chainId } as CheckedContract<R>) : null;
}

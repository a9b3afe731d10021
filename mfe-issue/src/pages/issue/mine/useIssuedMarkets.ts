import { fetchIssued, type IssuedMarketsQuery } from '@prds/shared/issue';
import { keepPreviousData, queryKeys, useQuery } from '@prds/shared/query';
import { readContract, useWallet } from '@prds/shared/wallet';
import { issueQueryKeys } from '../../../api';

/** One page of the connected account's markets (`/api/issued`), by tab; nothing without a wallet. */
export function useIssuedMarkets(query: IssuedMarketsQuery) {
  const { account, isConnected } = useWallet();
  return useQuery({
    queryKey: issueQueryKeys.issued(account, query),
    queryFn: () => {
      if (account === null) throw new Error('no account');
      return fetchIssued(account, query);
    },
    enabled: isConnected && account !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The account's free balance in the Markets contract (Markets.creditOf): released margin and the fees
 * paid to it, which `withdraw` sends to its wallet. Read from the chain, under the account's chain
 * key, so a transaction's refresh re-reads it.
 */
export function useFreeBalance() {
  const { account, isConnected, desiredChainId } = useWallet();
  return useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'markets', 'credit', account ?? 'none'),
    queryFn: () => {
      if (account === null) throw new Error('no account');
      return readContract('markets', 'creditOf', [account], desiredChainId);
    },
    enabled: isConnected && account !== null,
  });
}

/** A License's markets left (License.info().availableTimes), read from the chain now. */
export async function readAvailableTimes(licenseId: string): Promise<number> {
  return Number((await readContract('license', 'info', [BigInt(licenseId)])).availableTimes);
}

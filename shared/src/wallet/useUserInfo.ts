import { skipToken, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@prds/shared/http';
import { EMPTY_USER_INFO, fetchUserInfo, type UserInfo } from '@prds/shared/http';
import { queryKeys } from '@prds/shared/query';
import { useWallet } from './useWallet';

export interface UserInfoView<T> {
  /** The selected part of the account's `/api/user/info`; of an empty answer while none is known. */
  readonly data: T;
  readonly isLoading: boolean;
  readonly error: unknown;
  readonly refetch: () => void;
}

export interface UserInfoOptions<T> {
  /** Picks what the caller shows (spec §3's fundData or statics, one token's balance…); it re-renders only when that changes. */
  readonly select: (info: UserInfo) => T;
}

/**
 * The connected account's `/api/user/info` (spec §3's fundData and statics), from the page's one data
 * cache: one query per account and chain, so another account's funds never show, and a transaction's
 * invalidation of the account refetches it. fetchUserInfo keeps to one request at a time (spec §7).
 */
export function useUserInfo(): UserInfoView<UserInfo>;
export function useUserInfo<T>(options: UserInfoOptions<T>): UserInfoView<T>;
export function useUserInfo<T>(options?: UserInfoOptions<T>): UserInfoView<T | UserInfo> {
  const { account, isConnected, desiredChain } = useWallet();
  const select = options?.select;
  const query = useQuery({
    queryKey: queryKeys.userInfo(account, desiredChain.chainId),
    queryFn: account === null ? skipToken : () => fetchUserInfo(getApiClient(), { account, chainType: desiredChain.chainType }),
    enabled: isConnected,
    staleTime: 15_000,
    select,
  });
  return {
    data: query.data ?? (select ? select(EMPTY_USER_INFO) : EMPTY_USER_INFO),
    isLoading: query.isLoading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

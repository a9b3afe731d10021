import { accountAtom, fundDataAtom, staticsAtom } from '../state/atoms';
import { prdsStore, type PrdsStore } from '../state/store';
import { getApiClient } from './apiClient';
import type { HttpClient } from './createHttpClient';
import { fetchUserInfo, type UserInfo, type UserInfoRequest } from './fetchUserInfo';

export interface RefreshUserInfoOptions {
  readonly store?: PrdsStore;
  readonly client?: HttpClient;
}

/**
 * Fetches the user's funds and statics (single-flight) and puts them in fundDataAtom and staticsAtom,
 * unless the wallet switched to another account while the answer was on its way.
 */
export async function refreshUserInfo(
  request: UserInfoRequest,
  { store = prdsStore, client = getApiClient() }: RefreshUserInfoOptions = {},
): Promise<UserInfo> {
  const info = await fetchUserInfo(client, request);
  const current = store.get(accountAtom);
  if (current === null || current.toLowerCase() === request.account.toLowerCase()) {
    store.set(fundDataAtom, info.fundData);
    store.set(staticsAtom, info.statics);
  }
  return info;
}

import type { FundItem, UserInfoBody, UserInfoExtra } from '@prds/api-schema';
import type { ApiEnvelope, HttpClient } from './createHttpClient';

export const USER_INFO_PATH = '/api/user/info';

/** One entry of the `/api/user/info` fund list (spec §3 "fundData"): symbol, address, decimals, balance. */
export type { FundItem };

/** `/api/user/info` `extra` (spec §3 "statics"): the user's cash and portfolio value. */
export type Statics = UserInfoExtra['statics'];

export type UserInfoRequest = UserInfoBody;

export interface UserInfo {
  readonly fundData: readonly FundItem[];
  readonly statics: Statics;
}

/** What the page shows while an account's answer is not known (not connected, loading, failed). */
export const EMPTY_USER_INFO: UserInfo = { fundData: [], statics: { cash: '0', portfolio: '0' } };

interface InFlight {
  readonly key: string;
  readonly promise: Promise<UserInfo>;
}

// Spec §7: only one user-info fetch runs at a time, per client.
const inFlight = new WeakMap<HttpClient, InFlight>();

function toUserInfo(envelope: ApiEnvelope<unknown, unknown>): UserInfo {
  const fundData = Array.isArray(envelope.data) ? (envelope.data as FundItem[]) : [];
  // The api answers the statics as `extra.statics` ({ cash, portfolio }, token units as strings).
  const extra = typeof envelope.extra === 'object' && envelope.extra !== null ? envelope.extra : {};
  const statics = 'statics' in extra && typeof extra.statics === 'object' && extra.statics !== null ? extra.statics : {};
  const cash = 'cash' in statics ? String(statics.cash) : '0';
  const portfolio = 'portfolio' in statics ? String(statics.portfolio) : '0';
  return { fundData, statics: { cash, portfolio } };
}

/**
 * POSTs `/api/user/info`. Callers asking for the same account and chain while a fetch runs share
 * it; a caller asking for a different one waits for the running fetch to settle and then starts
 * its own, so two never run at once.
 */
export function fetchUserInfo(client: HttpClient, request: UserInfoRequest): Promise<UserInfo> {
  const key = `${request.account.toLowerCase()}|${request.chainType}`;
  const running = inFlight.get(client);
  if (running && running.key === key) return running.promise;

  const start = () =>
    client.post<ApiEnvelope<unknown, unknown>>(USER_INFO_PATH, { account: request.account, chainType: request.chainType });
  const promise = (running ? running.promise.then(start, start) : start()).then(toUserInfo);
  const entry: InFlight = { key, promise };
  inFlight.set(client, entry);
  const clear = () => {
    if (inFlight.get(client) === entry) inFlight.delete(client);
  };
  promise.then(clear, clear);
  return promise;
}

import type { AlertsData, AlertsExtra } from '@prds/api-schema';
import type { ApiEnvelope, HttpClient } from '@prds/shared/http';
import { getApiClient } from '@prds/shared/http';
import { queryKeys } from '@prds/shared/query';
import type { AlertItem } from './liveEvents';

export interface AlertsAnswer {
  /** Newest first. */
  readonly list: readonly AlertItem[];
  /** The api's "now" (chain time) when it answered. */
  readonly now: number;
  /** When the next alert falls due (chain time), or null. */
  readonly nextAt: number | null;
}

/**
 * Under the account's key: a transaction of that account, and the stream's `alert` event, refresh it.
 * Asked again this often too, since alerts fall due as the chain's clock moves (a market's last hour).
 */
export const alertsQueryKey = (account: string) => [...queryKeys.account(account), 'alerts'] as const;
export const ALERTS_REFRESH_MS = 60_000;

/** `/api/user/alerts`: the account's alerts that are due, newest first. */
export async function fetchAlerts(account: string, client: HttpClient = getApiClient()): Promise<AlertsAnswer> {
  const answer = await client.post<ApiEnvelope<AlertsData, Partial<AlertsExtra> | null>>('/api/user/alerts', {
    account: account.toLowerCase(),
  });
  return {
    list: answer.data.list,
    now: answer.extra?.now ?? Math.floor(Date.now() / 1000),
    nextAt: answer.extra?.nextAt ?? null,
  };
}

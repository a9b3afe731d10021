/**
 * Spec §8 reloads the page on a 401/403 answer (debounced). When the api keeps refusing, each reload
 * meets another 401 and the page would reload forever. The guard keeps the spec's reload but counts
 * the reloads it caused in the tab's session storage (it survives the reload, and is per tab): after
 * `maxReloads` within `windowMs` it stops and reports instead, so the page can show an error with a
 * retry. A retry the user asks for starts the count afresh.
 */

export const AUTH_RELOAD_STORAGE_KEY = 'prds.authReloads';
/** Reloads allowed within the window; the next refusal shows the error instead. */
export const AUTH_RELOAD_LIMIT = 2;
export const AUTH_RELOAD_WINDOW_MS = 60_000;

/** The part of `Storage` the guard uses (sessionStorage in the page). */
export interface ReloadLog {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AuthReloadGuardOptions {
  readonly reload: () => void;
  /** Called instead of reloading once the limit is reached. */
  readonly onBlocked: () => void;
  readonly log?: ReloadLog | null;
  readonly now?: () => number;
  readonly maxReloads?: number;
  readonly windowMs?: number;
}

function readTimes(log: ReloadLog): number[] {
  try {
    const parsed: unknown = JSON.parse(log.getItem(AUTH_RELOAD_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((time): time is number => typeof time === 'number' && Number.isFinite(time))
      : [];
  } catch {
    return [];
  }
}

/** The session storage of the page, or null where there is none or it refuses access. */
export function sessionReloadLog(): ReloadLog | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** What a 401/403 triggers: reload while under the limit, else `onBlocked`. */
export function createAuthReloadGuard({
  reload,
  onBlocked,
  log = sessionReloadLog(),
  now = Date.now,
  maxReloads = AUTH_RELOAD_LIMIT,
  windowMs = AUTH_RELOAD_WINDOW_MS,
}: AuthReloadGuardOptions): () => void {
  return () => {
    // Without storage the count cannot survive a reload: never reload rather than risk a loop.
    if (log === null) {
      onBlocked();
      return;
    }
    const at = now();
    const recent = readTimes(log).filter((time) => at - time < windowMs && time <= at);
    if (recent.length >= maxReloads) {
      onBlocked();
      return;
    }
    try {
      log.setItem(AUTH_RELOAD_STORAGE_KEY, JSON.stringify([...recent, at]));
    } catch {
      onBlocked();
      return;
    }
    reload();
  };
}

/** Forgets the reloads counted so far (the user asked to try again). */
export function clearAuthReloads(log: ReloadLog | null = sessionReloadLog()): void {
  try {
    log?.removeItem(AUTH_RELOAD_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}

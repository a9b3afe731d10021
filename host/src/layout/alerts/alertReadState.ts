import { useCallback, useSyncExternalStore } from 'react';

/** Where the keys of an account's read alerts live (LIVE contract): per account, in this browser. */
export const alertReadStorageKey = (account: string) => `prds_alerts_read:${account.toLowerCase()}`;

/** Enough for months of alerts; the oldest are forgotten first. */
export const MAX_READ_KEYS = 500;

const EMPTY: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
let cached: { raw: string | null; keys: ReadonlySet<string> } = { raw: null, keys: EMPTY };

function readRaw(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<string> {
  if (raw === null) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? new Set(value.filter((key): key is string => typeof key === 'string')) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The read keys of an account (one Set per stored value, so React sees no change while there is none). */
export function readAlertKeys(account: string): ReadonlySet<string> {
  const raw = readRaw(alertReadStorageKey(account));
  if (raw !== cached.raw) cached = { raw, keys: parse(raw) };
  return cached.keys;
}

/** Adds `keys` to the account's read keys; false when the browser would not store them. */
export function markAlertsRead(account: string, keys: readonly string[]): boolean {
  const known = readAlertKeys(account);
  if (keys.every((key) => known.has(key))) return true;
  const next = [...known, ...keys.filter((key) => !known.has(key))].slice(-MAX_READ_KEYS);
  try {
    window.localStorage.setItem(alertReadStorageKey(account), JSON.stringify(next));
  } catch {
    return false;
  } finally {
    for (const listener of listeners) listener();
  }
  return true;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of this site marked alerts read: this one follows.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The account's read alert keys, kept in step with this tab's and other tabs' changes. */
export function useAlertReadState(account: string) {
  const read = useSyncExternalStore(
    subscribe,
    () => readAlertKeys(account),
    () => EMPTY,
  );
  const markRead = useCallback((keys: readonly string[]) => markAlertsRead(account, keys), [account]);
  return { read, markRead };
}

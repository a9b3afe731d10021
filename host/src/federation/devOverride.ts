import { isRemoteName, type RemoteName } from '@prds/shared/routes';
import type { VisitorStore } from './rollout/visitorStore';

/**
 * The dev override (`pnpm dev <remote>`): a remote loaded from a developer's local dev server instead
 * of its release.
 *
 *   ?remote-dev=mfe_market@http://127.0.0.1:3001/mf-manifest.json
 *   ?remote-dev=mfe_market@http://127.0.0.1:3001/mf-manifest.json,mfe_claim@http://localhost:3005/remoteEntry.js
 *   ?remote-dev=off                                        forgets every override
 *
 * Several remotes are comma-separated or repeated params. A valid override is kept in storage
 * (VisitorStore, its own key) until cleared, so reloads and navigation keep it; one in a later query
 * replaces that remote's only. Only development builds read any of this (remoteLoader.ts), and only
 * loopback origins are accepted: a link cannot make someone's page load code from elsewhere.
 */
export const REMOTE_DEV_PARAM = 'remote-dev';

/** The value of `remote-dev` that forgets every override. */
export const REMOTE_DEV_CLEAR = 'off';

export interface DevOverride {
  readonly remote: RemoteName;
  /** The remote's mf-manifest.json or remote entry (.js) on the dev server, normalized. */
  readonly url: string;
  /** The dev server's origin, which the badge names. */
  readonly origin: string;
}

export type DevRefusalReason = 'missing-at' | 'unknown-remote' | 'not-url' | 'not-http' | 'not-loopback' | 'not-entry';

/** A value the page did not act on, and why (the badge shows it, the console says it). */
export interface DevRefusal {
  readonly value: string;
  readonly reason: DevRefusalReason;
}

export interface RemoteDevQuery {
  /** `off` was among the values: the kept overrides are forgotten (before the listed ones apply). */
  readonly clear: boolean;
  readonly overrides: readonly DevOverride[];
  readonly refused: readonly DevRefusal[];
}

/** What a page load runs with: the overrides in force, and what it refused from its query or storage. */
export interface DevOverrideState {
  readonly active: readonly DevOverride[];
  readonly refused: readonly DevRefusal[];
}

export const NO_DEV_OVERRIDES: DevOverrideState = { active: [], refused: [] };

export function isDevRefusal(item: DevOverride | DevRefusal): item is DevRefusal {
  return 'reason' in item;
}

/** 127.0.0.0/8, localhost and [::1], as the URL parser writes them (it turns `127.1` into `127.0.0.1`). */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** A remote's manifest or its entry script: what the federation runtime can register. */
function namesAnEntry(pathname: string): boolean {
  return pathname.endsWith('/mf-manifest.json') || (pathname.endsWith('.js') && pathname.length > 4);
}

/** One `<container>@<url>` item. */
export function parseRemoteDevItem(item: string): DevOverride | DevRefusal {
  const value = item.trim();
  const at = value.indexOf('@');
  if (at < 0) return { value, reason: 'missing-at' };
  const remote = value.slice(0, at).trim();
  if (!isRemoteName(remote)) return { value, reason: 'unknown-remote' };
  let url: URL;
  try {
    url = new URL(value.slice(at + 1).trim());
  } catch {
    return { value, reason: 'not-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { value, reason: 'not-http' };
  if (!isLoopbackHost(url.hostname)) return { value, reason: 'not-loopback' };
  if (!namesAnEntry(url.pathname)) return { value, reason: 'not-entry' };
  return { remote, url: url.href, origin: url.origin };
}

/**
 * One `remote-dev` value: comma-separated items, or `off`. Empty items (a trailing comma) are skipped;
 * a remote named twice takes the last.
 */
export function parseRemoteDev(value: string): RemoteDevQuery {
  let clear = false;
  const overrides = new Map<RemoteName, DevOverride>();
  const refused: DevRefusal[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    if (item.toLowerCase() === REMOTE_DEV_CLEAR) {
      clear = true;
      continue;
    }
    const parsed = parseRemoteDevItem(item);
    if (isDevRefusal(parsed)) refused.push(parsed);
    else overrides.set(parsed.remote, parsed);
  }
  return { clear, overrides: [...overrides.values()], refused };
}

/** Every `remote-dev` param of a page's query string, in order; null when it has none. */
export function readRemoteDevQuery(search: string): RemoteDevQuery | null {
  const values = new URLSearchParams(search).getAll(REMOTE_DEV_PARAM);
  if (values.length === 0) return null;
  const parsed = values.map(parseRemoteDev);
  const overrides = new Map<RemoteName, DevOverride>();
  for (const override of parsed.flatMap((p) => p.overrides)) overrides.set(override.remote, override);
  return {
    clear: parsed.some((p) => p.clear),
    overrides: [...overrides.values()],
    refused: parsed.flatMap((p) => p.refused),
  };
}

/**
 * The overrides this page load runs with: storage's, changed by the query (cleared by `off`, then
 * each valid item replacing its remote's), and written back. A kept value that no longer passes (its
 * remote renamed, storage edited by hand) is refused like a query's and forgotten.
 */
export function applyRemoteDev(search: string, store: VisitorStore): DevOverrideState {
  const query = readRemoteDevQuery(search);
  const kept = new Map<RemoteName, DevOverride>();
  const refused: DevRefusal[] = [];
  const stored = store.storedDevOverrides();
  if (!query?.clear) {
    for (const [remote, url] of Object.entries(stored)) {
      const parsed = parseRemoteDevItem(`${remote}@${url}`);
      if (isDevRefusal(parsed)) refused.push(parsed);
      else kept.set(parsed.remote, parsed);
    }
  }
  for (const override of query?.overrides ?? []) kept.set(override.remote, override);
  refused.push(...(query?.refused ?? []));
  const next = Object.fromEntries([...kept.values()].map((o) => [o.remote, o.url]));
  if (JSON.stringify(next) !== JSON.stringify(stored)) store.keepDevOverrides(next);
  return { active: [...kept.values()], refused };
}

/** The page's address without its `remote-dev` params: where the badge's way back goes. */
export function withoutRemoteDev(href: string): string {
  const url = new URL(href);
  if (!url.searchParams.has(REMOTE_DEV_PARAM)) return url.href;
  url.searchParams.delete(REMOTE_DEV_PARAM);
  return url.href;
}

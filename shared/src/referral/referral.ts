import { readStorage, removeStorage, writeStorage } from '@prds/shared/chains';

/**
 * The referral a visitor arrived with (`?ref=0x…` on any route), kept in this browser's localStorage
 * until their first buy uses it or it expires, so navigating away from the link does not lose it.
 * The protocol binds a referrer once per account, at its first buy: after that the stored referral
 * has nothing left to do and is cleared.
 */
export const REFERRAL_STORAGE_KEY = 'prds.referral';
/** How long a referral link is remembered without a buy: 30 days. */
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

interface StoredReferral {
  readonly address: `0x${string}`;
  /** Milliseconds since the epoch after which the referral is forgotten. */
  readonly expiresAt: number;
}

/** A referral address as the chain takes it (lowercased), or null when `text` is none or the zero address. */
export function parseReferralAddress(text: string | null | undefined): `0x${string}` | null {
  const value = text?.trim() ?? '';
  if (!ADDRESS.test(value)) return null;
  const lower = value.toLowerCase() as `0x${string}`;
  return lower === ZERO_ADDRESS ? null : lower;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();

/**
 * Remembers the `?ref=` of a URL's query (`location.search`) for REFERRAL_TTL_MS: a newer link
 * replaces an older one. A malformed address, the zero address and the visitor's own (connected)
 * address are not remembered. Returns what was stored, or null when nothing changed.
 */
export function captureReferral(search: string, visitor: string | null = null, now: number = Date.now()): `0x${string}` | null {
  const address = parseReferralAddress(new URLSearchParams(search).get('ref'));
  if (address === null || same(address, visitor)) return null;
  const stored: StoredReferral = { address, expiresAt: now + REFERRAL_TTL_MS };
  writeStorage(REFERRAL_STORAGE_KEY, JSON.stringify(stored));
  return address;
}

/** The remembered referral address, or null (none, unreadable, or expired: an expired one is forgotten). */
export function readReferral(now: number = Date.now()): `0x${string}` | null {
  const raw = readStorage(REFERRAL_STORAGE_KEY);
  if (raw === null) return null;
  let stored: Partial<StoredReferral> | null = null;
  try {
    stored = JSON.parse(raw) as Partial<StoredReferral> | null;
  } catch {
    stored = null;
  }
  const address = parseReferralAddress(typeof stored?.address === 'string' ? stored.address : null);
  if (address === null || typeof stored?.expiresAt !== 'number' || !(now < stored.expiresAt)) {
    removeStorage(REFERRAL_STORAGE_KEY);
    return null;
  }
  return address;
}

/**
 * The referrer `buyer`'s buy carries: the remembered referral, unless there is none or it is the
 * buyer itself (the contract refuses a self-referral); else the zero address.
 */
export function referrerForBuy(buyer: string | null, now: number = Date.now()): `0x${string}` {
  const address = readReferral(now);
  return address === null || same(address, buyer) ? ZERO_ADDRESS : address;
}

/** True when the remembered referral is `account`'s own link (a buy then goes without a referrer). */
export function isOwnReferral(account: string | null, now: number = Date.now()): boolean {
  return same(readReferral(now), account);
}

/** Forgets the referral: called once a buy has carried it (the chain binds it at the first buy). */
export function clearReferral(): void {
  removeStorage(REFERRAL_STORAGE_KEY);
}

/**
 * The link to share for a page: `href` without any `ref` it arrived with (someone else's referral
 * is never passed on), with `ref=<sharer>` when a wallet is connected.
 */
export function shareLink(href: string, sharer: string | null): string {
  const url = new URL(href);
  url.searchParams.delete('ref');
  if (sharer !== null && parseReferralAddress(sharer) !== null) url.searchParams.set('ref', sharer);
  return url.toString();
}

/**
 * The visitor's rollout key as a first-party cookie, beside the page's storage (visitorStore.ts), so
 * the web server (scripts/serve.mjs) picks each remote's release for the visitor with the same bucket
 * the page uses. One cookie, `prds_rollout`: the bucket key (the wallet last connected, else the
 * install id), then the named cohorts joined, then the versions that failed in this browser with
 * when the page stops avoiding them (`!<remote>@<version>~<ms, base 36>`), separated by '|' —
 * `0b7c…-…|internal|!mfe_claim@0.1.0+b2~mbx2k1`. Without the last, the server would keep hinting a
 * release the page no longer loads.
 *
 * Not HttpOnly (the page reads and writes it), SameSite=Lax, Path=/, 400 days (the longest a browser
 * keeps a cookie), Secure on https. The server sets it again on every page it answers, so a browser
 * that caps cookies written by script (Safari: 7 days) keeps it.
 *
 * No imports: the server loads this file with the workspace's swc, outside the page's build.
 */
export const ROLLOUT_COOKIE = 'prds_rollout';

/** 400 days: Chromium's upper bound on a cookie's lifetime. */
export const ROLLOUT_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export const ADDRESS = /^0x[0-9a-f]{40}$/;
export const INSTALL_ID = /^[0-9a-f-]{16,64}$/;
export const COHORT = /^[0-9a-z][0-9a-z._:-]{0,63}$/;
/** `remote@version` of a version that failed (visitorStore.ts's table key). */
const BAD_VERSION = /^[a-z_][a-z0-9_]{0,63}@[0-9A-Za-z.+-]{1,128}$/;
/** At most this many failed versions ride in the cookie (the ones avoided longest). */
export const MAX_BAD_IN_COOKIE = 8;

/** What a rollout cookie says: whose bucket, and the named cohorts joined. */
export interface RolloutCookie {
  /** The install id, or null when the key is a wallet. */
  readonly installId: string | null;
  /** The wallet last connected (lowercase), or null. */
  readonly account: string | null;
  readonly cohorts: readonly string[];
  /** Versions that failed in this browser (`remote@version`) → until when (ms) the page avoids them. */
  readonly bad: Readonly<Record<string, number>>;
}

/** The cookie's value for a bucket key (a wallet address or an install id), cohorts and failed versions. */
export function rolloutCookieValue(
  key: string,
  cohorts: readonly string[] = [],
  bad: Readonly<Record<string, number>> = {},
): string {
  const failed = Object.entries(bad)
    .filter(([name, until]) => BAD_VERSION.test(name) && Number.isSafeInteger(until) && until > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_BAD_IN_COOKIE)
    .map(([name, until]) => `!${name}~${until.toString(36)}`);
  return [key, ...cohorts.filter((c) => COHORT.test(c)), ...failed].join('|');
}

/** Reads a cookie value; null when it is malformed (then it counts as absent). */
export function parseRolloutCookieValue(value: string): RolloutCookie | null {
  const [key = '', ...rest] = value.split('|');
  const cohorts = [...new Set(rest.filter((c) => COHORT.test(c)))];
  const bad: Record<string, number> = {};
  for (const item of rest) {
    const match = /^!([^~]+)~([0-9a-z]{1,11})$/.exec(item);
    const until = match ? parseInt(match[2] ?? '', 36) : NaN;
    if (match?.[1] && BAD_VERSION.test(match[1]) && Number.isSafeInteger(until)) bad[match[1]] = until;
  }
  const lower = key.toLowerCase();
  if (ADDRESS.test(lower)) return { installId: null, account: lower, cohorts, bad };
  if (INSTALL_ID.test(key)) return { installId: key, account: null, cohorts, bad };
  return null;
}

/** The rollout cookie of a `Cookie` request header (or `document.cookie`), parsed; null when absent or malformed. */
export function readRolloutCookie(cookieHeader: string | undefined | null): RolloutCookie | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== ROLLOUT_COOKIE) continue;
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return parseRolloutCookieValue(value);
  }
  return null;
}

/** A `Set-Cookie` header value (or a `document.cookie` assignment) that stores `value`. */
export function rolloutCookieHeader(value: string, secure: boolean): string {
  return [
    `${ROLLOUT_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${ROLLOUT_COOKIE_MAX_AGE_S}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** `<input type="datetime-local">` values ↔ unix seconds, in the browser's time zone. */

const two = (n: number) => String(n).padStart(2, '0');

export function toDateTimeLocal(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Unix seconds, or null for an empty or malformed value. */
export function fromDateTimeLocal(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export type KnownAtError = 'empty' | 'future' | 'beforeCreation' | 'afterConfirmation';

/** What each known-at error says, for the issuer's early confirmation and a challenge alike. */
export const KNOWN_AT_ERROR_MESSAGE = {
  empty: { id: 'market.resolution.knownAtError.empty' },
  future: { id: 'market.resolution.knownAtError.future' },
  beforeCreation: { id: 'market.resolution.knownAtError.beforeCreation' },
  afterConfirmation: { id: 'market.resolution.knownAtError.afterConfirmation' },
} as const satisfies Record<KnownAtError, { id: string }>;

/**
 * When the outcome became known: never before the market was created, never after `latest` (chain
 * now for an early confirmation, the confirmation time for a challenge's counter-claim).
 */
export function checkKnownAt(
  knownAt: number | null,
  bounds: { readonly createdAt: number; readonly latest: number; readonly latestIs: 'now' | 'confirmation' },
): KnownAtError | null {
  if (knownAt === null) return 'empty';
  if (knownAt < bounds.createdAt) return 'beforeCreation';
  if (knownAt > bounds.latest) return bounds.latestIs === 'now' ? 'future' : 'afterConfirmation';
  return null;
}

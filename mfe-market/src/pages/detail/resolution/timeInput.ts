/** When an outcome became known (an early confirmation's time, a challenge's counter-claim), in unix seconds. */

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

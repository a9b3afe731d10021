import { isHttpError } from '@prds/shared';

/**
 * The api answers 404 marketNotFound for an id it has never seen, and 400 invalidMarketId for one that
 * cannot be a market id at all (`/detail/abc`): both mean there is no such market to show.
 */
export function isMarketMissing(error: unknown): boolean {
  if (!isHttpError(error)) return false;
  return (
    error.apiKey === 'api.error.marketNotFound' ||
    error.code === 40402 ||
    error.apiKey === 'api.error.invalidMarketId' ||
    error.code === 40004
  );
}

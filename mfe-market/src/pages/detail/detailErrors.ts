import { isHttpError } from '@prds/shared/http';

/**
 * Whether `/detail/:id` names something that can be a market: a positive whole number in decimal,
 * no leading zero, within the api's range (api MarketIdInput: `^[1-9][0-9]{0,15}$` and a safe
 * integer). Anything else (`/detail/abc`, `/detail/0`, `/detail/1.5`) can never be a market, so the page
 * says so without asking the api (which would refuse the body as a whole with a bare 400).
 */
export function isMarketIdText(id: string): boolean {
  return /^[1-9][0-9]{0,15}$/.test(id) && Number.isSafeInteger(Number(id));
}

/**
 * The api answers 404 marketNotFound for an id it has never seen, and 400 invalidMarketId for one that
 * cannot be a market id at all: both mean there is no such market to show.
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

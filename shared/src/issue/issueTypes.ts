/**
 * The api's issuing answers as types only (api/README "Calls"): `/api/issue/submit-underlying`,
 * `/api/config/issue` and `/api/issued`, for the issue remote's form and its 'My markets'. The calls
 * two remotes make have their one fetcher in @prds/shared (issuedApi.ts, markets/marketApi.ts).
 */

import type { IssueConfigData, IssuedBody, IssuedExtra, IssuedItem, SubmitData } from '@prds/api-schema';

/** One market as `/api/issued` answers it: the market's summary plus what its issuer needs to act on it. */
export type IssuedMarket = IssuedItem;
/** `/api/issued`'s body without the account. */
export type IssuedMarketsQuery = Omit<IssuedBody, 'account'>;
/** `/api/issued`'s extra: the chain's now, the account's markets per tab, its margin still frozen. */
export type IssuedMarketsExtra = IssuedExtra;
/** `/api/issue/submit-underlying`'s answer: approved with the hash the issue transaction carries, or held ('audit'). */
export type SubmittedMetadata = SubmitData;
/** `/api/config/issue`: the protocol's parameters, the categories, the pay tokens and the texts' length limits. */
export type IssueConfig = IssueConfigData;

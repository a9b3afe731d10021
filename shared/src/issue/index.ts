// `@prds/shared/issue`: Issuing (types, and the issuer's markets).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Issuing (types only: the fetchers live in the issue remote)
export type { IssuedMarket, IssuedMarketsQuery, IssuedMarketsExtra, SubmittedMetadata, IssueConfig } from './issueTypes';
export { fetchIssued, issuedQueryKey, type IssuedPage } from './issuedApi';

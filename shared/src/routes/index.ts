// `@prds/shared/routes`: Every path once, and the remotes that serve them.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Routes: every path once, and the remotes that serve them
export {
  ROUTES,
  paths,
  PORTFOLIO_TABS,
  type RouteName,
  type PortfolioTab,
  type MarketListParams,
  type LicenseMarketParams,
  type PathId,
} from './paths';
export { REMOTE_NAMES, isRemoteName, type RemoteName } from './remoteNames';

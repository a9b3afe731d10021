// `@prds/shared/licenses`: Licenses (types only: the fetchers live in the License remote).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Licenses (types only: the fetchers live in the License remote, so none of it is in a first render)
export type {
  LicenseType,
  LicenseState,
  LicenseRelation,
  LicenseMarketKind,
  LicenseMarketSort,
  LicenseEventKind,
  LicenseView,
  LicenseSale,
  LicenseSaleType,
  LicensePacket,
  LicensePackets,
  LicenseEventView,
  LicenseMarketQuery,
  LicenseMarketPage,
  AccountLicensesPage,
  AccountLicensesQuery,
  LicenseTransactionsPage,
  LicenseTransactionsQuery,
} from './licenseTypes';

// `@prds/shared/format`: Numbers and date-times in the page language.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Formatters
// Numbers and date-times in the page language: pages take them from useFormat() (or formatFor(locale)),
// so the locale-free functions below stay inside this package.
export { useFormat, formatFor, type Format } from './useFormat';
export { formatProbe } from './formatDateTime';
export { DEFAULT_DECIMALS } from './formatAmount';
export { fromUnits } from './fromUnits';
export { toBigNumber, INVALID_NUMBER, type Numeric } from './bigNumber';

// Used by other domains of @prds/shared (not the pages).
export { formatAmount } from './formatAmount';

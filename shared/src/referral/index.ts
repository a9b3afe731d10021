// `@prds/shared/referral`: Referral: the `?ref` a visitor arrived with, kept until their first buy.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Referral: the `?ref` a visitor arrived with, kept until their first buy (localStorage, 30 days).
export {
  REFERRAL_STORAGE_KEY,
  REFERRAL_TTL_MS,
  ZERO_ADDRESS,
  parseReferralAddress,
  captureReferral,
  readReferral,
  referrerForBuy,
  isOwnReferral,
  clearReferral,
  shareLink,
} from './referral';
export { ReferralCapture } from './ReferralCapture';

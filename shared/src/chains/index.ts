// `@prds/shared/chains`: Chains, tokens and the environment the page runs in (app env, browser storage and settings).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// The public API of @prds/shared. Host and remotes import only from here.

// Chains and tokens
export {
  CHAINS,
  CHAIN_IDS,
  ACTIVE_CHAINS,
  isChainId,
  toChainId,
  getChainConfig,
  type ChainConfig,
  type ChainId,
  type ChainType,
  type NativeCurrency,
  type AppEnv,
} from './chains';
export { getAppEnv, getActiveChains, getDefaultChainId, API_BASE_URL } from './appEnv';
export { PLATFORM_TOKEN, PAY_TOKEN, TOKENS, MAX_UINT256, type TokenInfo, type TokenRole } from './tokens';
// The browser's storage and settings, read safely (absent on the server)
export { readStorage, matchesMedia, browserLanguages } from '../browserEnv';

// Used by other domains of @prds/shared (not the pages).
export { windowWidth } from '../browserEnv';
export { writeStorage } from '../browserEnv';
export { removeStorage } from '../browserEnv';
export { readEnv } from './buildEnv';

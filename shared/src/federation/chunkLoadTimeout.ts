import limits from './chunkLoadTimeout.json';

/**
 * Spec §9's chunk load time-out. Webpack's `chunkLoadTimeout` (shared/webpack/createConfig.cjs, which
 * reads the same JSON) and the host's remote manifest and entry fetches all use it, so a hanging
 * chunk or remote ends in its fallback instead of an endless spinner.
 *
 * A module of its own (`@prds/shared/chunkLoadTimeout`): the host's federation runtime plugin runs
 * before any shared module exists, so it cannot import the package's main entry.
 */
export const CHUNK_LOAD_TIMEOUT_MS: number = limits.chunkLoadTimeoutMs;

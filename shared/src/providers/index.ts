// `@prds/shared/providers`: The providers every page renders inside (the host's shell, a remote's dev harness, tests).
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// Providers and identity
export { AppProviders, type AppProvidersProps } from './AppProviders';

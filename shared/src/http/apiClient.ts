import { API_BASE_URL } from '@prds/shared/chains';
import { atom, prdsStore } from '@prds/shared/state';
import { clearAuthReloads, createAuthReloadGuard } from './authReloadGuard';
import { createHttpClient, type HttpClient } from './createHttpClient';

/**
 * True once the api kept answering 401/403 after the page reloaded for it (spec §8) twice within a
 * minute: the shell shows an error with a retry instead of reloading again.
 */
export const authRefusedAtom = atom(false);

/** The user's retry after the api refused the session: a fresh count, and one more reload. */
export function retryAfterAuthRefused(): void {
  clearAuthReloads();
  window.location.reload();
}

let client: HttpClient | null = null;

/** The page's client for the configured api; made on first use so tests and SSR never touch `window`. */
export function getApiClient(): HttpClient {
  client ??= createHttpClient({
    baseURL: API_BASE_URL,
    reload: createAuthReloadGuard({
      reload: () => window.location.reload(),
      onBlocked: () => prdsStore.set(authRefusedAtom, true),
    }),
  });
  return client;
}

import { API_BASE_URL } from '../chains/appEnv';
import { createHttpClient, type HttpClient } from './createHttpClient';

let client: HttpClient | null = null;

/** The page's client for the configured api; made on first use so tests and SSR never touch `window`. */
export function getApiClient(): HttpClient {
  client ??= createHttpClient({ baseURL: API_BASE_URL });
  return client;
}

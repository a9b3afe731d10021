// `@prds/shared/http`: The HTTP client, its errors and /api/user/info.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// HTTP
export {
  createHttpClient,
  HTTP_TIMEOUT_MS,
  RELOAD_DEBOUNCE_MS,
  type ApiEnvelope,
  type FetchLike,
  type HttpClient,
  type HttpClientOptions,
} from './createHttpClient';
export { HttpError, isHttpError, type HttpErrorKind, type HttpErrorInit } from './HttpError';
export {
  fetchUserInfo,
  USER_INFO_PATH,
  EMPTY_USER_INFO,
  type UserInfo,
  type UserInfoRequest,
  type FundItem,
  type Statics,
} from './fetchUserInfo';
export { getApiClient, authRefusedAtom, retryAfterAuthRefused } from './apiClient';

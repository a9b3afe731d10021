/**
 * The api's error catalogue: every failure a call can answer, with a stable numeric code (the first
 * three digits are the HTTP status), a message key the front end maps to locale text, and the HTTP
 * status from the spec's §8 list. Public calls never answer 401/403: the client reloads the page on
 * those. Codes and keys are a contract with the front end; add new ones, never renumber.
 */
export const ERRORS = {
  badRequest: { code: 40000, key: "api.error.badRequest", status: 400, message: "The request could not be read" },
  invalidBody: { code: 40001, key: "api.error.invalidBody", status: 400, message: "The request body is not valid" },
  invalidJson: { code: 40002, key: "api.error.invalidJson", status: 400, message: "The request body is not valid JSON" },
  invalidAddress: {
    code: 40003,
    key: "api.error.invalidAddress",
    status: 400,
    message: "Not a valid address (EIP-55 checksum failed)",
  },
  invalidMarketId: { code: 40004, key: "api.error.invalidMarketId", status: 400, message: "Not a valid market id" },
  unsupportedMediaType: {
    code: 40005,
    key: "api.error.unsupportedMediaType",
    status: 400,
    message: "Send the body as application/json",
  },
  multipartRequired: {
    code: 40006,
    key: "api.error.multipartRequired",
    status: 400,
    message: "Send the evidence as multipart/form-data",
  },
  accountOrTokenRequired: {
    code: 40007,
    key: "api.error.accountOrTokenRequired",
    status: 400,
    message: "Give an account or a tokenId",
  },
  invalidTimeRange: { code: 40008, key: "api.error.invalidTimeRange", status: 400, message: "'from' must not be after 'to'" },
  invalidUrl: { code: 40009, key: "api.error.invalidUrl", status: 400, message: "The request's path could not be read" },

  routeNotFound: { code: 40401, key: "api.error.routeNotFound", status: 404, message: "No such call" },
  marketNotFound: { code: 40402, key: "api.error.marketNotFound", status: 404, message: "No such market" },
  licenseNotFound: { code: 40403, key: "api.error.licenseNotFound", status: 404, message: "No such License" },
  evidenceNotFound: { code: 40404, key: "api.error.evidenceNotFound", status: 404, message: "No such evidence" },
  metadataNotFound: { code: 40405, key: "api.error.metadataNotFound", status: 404, message: "No such market metadata" },

  methodNotAllowed: { code: 40501, key: "api.error.methodNotAllowed", status: 405, message: "This call only accepts POST" },
  chainNotSupported: { code: 40601, key: "api.error.chainNotSupported", status: 406, message: "This api serves another chain" },
  requestTimeout: {
    code: 40801,
    key: "api.error.requestTimeout",
    status: 408,
    message: "The request did not arrive in time",
  },

  bodyTooLarge: { code: 41301, key: "api.error.bodyTooLarge", status: 413, message: "The request body is too large" },
  fileTooLarge: { code: 41302, key: "api.error.fileTooLarge", status: 413, message: "The image is larger than 2 MiB" },
  uriTooLong: { code: 41401, key: "api.error.uriTooLong", status: 414, message: "The request's path is too long" },

  contentRefused: { code: 42201, key: "api.error.contentRefused", status: 422, message: "The market's content is not allowed" },
  metadataRejected: {
    code: 42202,
    key: "api.error.metadataRejected",
    status: 422,
    message: "This market's metadata was rejected in review",
  },
  eventEmpty: { code: 42203, key: "api.error.eventEmpty", status: 422, message: "Event is empty" },
  optionsEmpty: { code: 42204, key: "api.error.optionsEmpty", status: 422, message: "Options cannot be empty" },
  optionsTooFew: { code: 42205, key: "api.error.optionsTooFew", status: 422, message: "There cannot be less than two options" },
  optionEmpty: { code: 42206, key: "api.error.optionEmpty", status: 422, message: "Option content cannot be empty" },
  optionRepeated: { code: 42207, key: "api.error.optionRepeated", status: 422, message: "Option content cannot be repeated" },
  optionsTooMany: { code: 42208, key: "api.error.optionsTooMany", status: 422, message: "Too many options" },
  categoryUnknown: { code: 42209, key: "api.error.categoryUnknown", status: 422, message: "Unknown category" },
  urlInvalid: { code: 42210, key: "api.error.urlInvalid", status: 422, message: "The URL must be an http(s) URL" },
  imageInvalid: {
    code: 42211,
    key: "api.error.imageInvalid",
    status: 422,
    message: "The image must be a PNG, JPEG or WebP file",
  },
  evidenceEmpty: { code: 42212, key: "api.error.evidenceEmpty", status: 422, message: "Evidence needs an image or a text" },
  textInvalid: {
    code: 42213,
    key: "api.error.textInvalid",
    status: 422,
    message: "The text contains characters that are not allowed",
  },
  metadataMismatch: {
    code: 42214,
    key: "api.error.metadataMismatch",
    status: 422,
    message: "These texts are not the ones this market's issuer put on chain",
  },
  rolloutOriginRefused: {
    code: 42216,
    key: "api.error.rolloutOriginRefused",
    status: 422,
    message: "Rollout reports are taken from the site's own pages only",
  },

  rateLimited: { code: 42901, key: "api.error.rateLimited", status: 429, message: "Too many requests, try again shortly" },
  streamLimit: {
    code: 42902,
    key: "api.error.streamLimit",
    status: 429,
    message: "Too many live streams are open from this address",
  },
  headersTooLarge: {
    code: 43101,
    key: "api.error.headersTooLarge",
    status: 431,
    message: "The request's headers are too large",
  },
  internal: { code: 50001, key: "api.error.internal", status: 500, message: "Something went wrong on our side" },
  chainUnavailable: { code: 50301, key: "api.error.chainUnavailable", status: 503, message: "The chain node cannot be reached" },
} as const satisfies Record<string, { code: number; key: `api.error.${string}`; status: number; message: string }>;

export type ErrorName = keyof typeof ERRORS;

/** Extra detail an error answer carries in `extra` beside the English message. */
export interface ErrorDetails {
  /** The body field at fault, as a dotted path (`options.1`). */
  field?: string;
  /** Machine-readable detail (the moderation reason key, the failing fields, limits). */
  details?: Record<string, unknown> | ReadonlyArray<Record<string, unknown>>;
}

/** A failure a handler reports on purpose; the error handler answers it in the envelope. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly entry: (typeof ERRORS)[ErrorName];
  readonly statusCode: number;
  readonly extra: ErrorDetails;

  constructor(name: ErrorName, extra: ErrorDetails = {}, message?: string) {
    const entry = ERRORS[name];
    super(message ?? entry.message);
    this.entry = entry;
    this.statusCode = entry.status;
    this.extra = extra;
  }
}

export function apiError(name: ErrorName, extra: ErrorDetails = {}, message?: string): ApiError {
  return new ApiError(name, extra, message);
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, ERRORS, type ErrorDetails, type ErrorName } from "./errors";
import type { ErrorEnvelopeBody } from "@prds/api-schema";
import { CALL_PATHS } from "./call";
import type { MissLimiter } from "./misses";
import { SECURITY_HEADERS } from "./securityHeaders";

export function errorBody(error: ApiError): ErrorEnvelopeBody {
  return {
    code: error.entry.code,
    msg: error.entry.key,
    data: null,
    extra: { message: error.message, ...error.extra },
  };
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).type("application/json; charset=utf-8").send(errorBody(error));
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** `/options/1` → `options.1`; a missing property is named by Ajv in params.missingProperty. */
function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const missing = issue.params.missingProperty;
  if (issue.keyword === "required" && typeof missing === "string") return path ? `${path}.${missing}` : missing;
  return path || "body";
}

function validationError(issues: readonly ValidationIssue[]): ApiError {
  const details = issues.map((issue) => ({ field: fieldOf(issue), message: issue.message ?? issue.keyword }));
  const first = details[0];
  const message = first ? `${first.field}: ${first.message}` : ERRORS.invalidBody.message;
  return new ApiError("invalidBody", { field: first?.field ?? "body", details }, message);
}

/** Fastify's and its plugins' own error codes, mapped onto the catalogue. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "bodyTooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupportedMediaType",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "badRequest",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalidJson",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalidJson",
  FST_REQ_FILE_TOO_LARGE: "fileTooLarge",
  FST_PARTS_LIMIT: "bodyTooLarge",
  FST_FILES_LIMIT: "bodyTooLarge",
  FST_FIELDS_LIMIT: "bodyTooLarge",
  FST_PROTO_VIOLATION: "invalidBody",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "multipartRequired",
  FST_INVALID_JSON_FIELD_ERROR: "invalidBody",
  // Fastify's router, through the frameworkErrors option (its default answers outside the envelope).
  FST_ERR_BAD_URL: "invalidUrl",
  FST_ERR_MAX_PARAM_LENGTH: "uriTooLong",
  FST_ERR_ASYNC_CONSTRAINT: "badRequest",
};

/** Any thrown value as a catalogue error; only what we cannot name is a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (Array.isArray(e.validation)) return validationError(e.validation);
  if (typeof e.code === "string") {
    const name = FASTIFY_CODES[e.code];
    if (name) return new ApiError(name);
  }
  if (error instanceof SyntaxError) return new ApiError("invalidJson");
  if (e.statusCode === 429) return new ApiError("rateLimited");
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    // A client error from a plugin we have no entry for: never a 401/403, never a 500.
    const detail: ErrorDetails = { details: { code: e.code ?? null } };
    return e.statusCode === 413 ? new ApiError("bodyTooLarge", detail) : new ApiError("badRequest", detail);
  }
  return new ApiError("internal");
}

/**
 * Fastify's frameworkErrors option: a path the router cannot decode (`/%`, `/%E0%A4%A`) or a
 * parameter over its length limit is answered in the envelope with its stable code; the path is
 * never echoed.
 */
export function frameworkErrorHandler(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  // Fastify answers these outside any route: no hook runs, so the headers are set here.
  void reply.headers(SECURITY_HEADERS);
  void sendError(reply, toApiError(error));
}

export function installErrorHandling(app: FastifyInstance, misses: MissLimiter): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiErr = toApiError(error);
    if (apiErr.entry.status >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    // Never a stack, an internal message or the request itself in the answer.
    return sendError(reply, apiErr);
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    if (CALL_PATHS.has(path) && request.method !== "POST") {
      void reply.header("allow", "POST");
      return sendError(reply, new ApiError("methodNotAllowed"));
    }
    // Counted: an address that keeps asking for what does not exist is slowed down (misses.ts).
    return sendError(reply, await misses.miss(request));
  });
}

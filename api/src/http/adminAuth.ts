import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { apiError } from "./errors";

export const ADMIN_TOKEN_HEADER = "x-admin-token";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * The review calls' guard: the configured admin token in the x-admin-token header, compared in
 * constant time (over digests, so lengths leak nothing either). A missing or wrong token answers
 * as if the call did not exist — 404, never 401/403, which the client turns into a page reload —
 * and it is checked before the body is read, so nothing about the call leaks.
 */
export function adminGuard(configured: string | null) {
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[ADMIN_TOKEN_HEADER];
    const ok =
      configured !== null && typeof given === "string" && given !== "" && timingSafeEqual(digest(given), digest(configured));
    // Word for word what an unknown route answers.
    if (!ok)
      throw apiError("routeNotFound", {
        details: { method: request.method, path: (request.url.split("?")[0] ?? "").slice(0, 200) },
      });
  };
}

import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ApiError } from "./errors";
import type { MissLimiter } from "./misses";

export const ADMIN_TOKEN_HEADER = "x-admin-token";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * The review calls' guard: the configured admin token in the x-admin-token header, compared in
 * constant time (over digests, so lengths leak nothing either). A missing or wrong token answers
 * exactly what an unknown route answers — 404, never 401/403, which the client turns into a page
 * reload — and counts as a miss like an unknown route: past the miss budget the address gets 429
 * for every try, the right token included, so the token cannot be guessed faster than the budget.
 * It runs before the body is read, so nothing about the call leaks.
 */
export function adminGuard(configured: string | null, misses: MissLimiter) {
  return async (request: FastifyRequest): Promise<void> => {
    if (await misses.blocked(request)) throw new ApiError("rateLimited");
    const given = request.headers[ADMIN_TOKEN_HEADER];
    const ok =
      configured !== null && typeof given === "string" && given !== "" && timingSafeEqual(digest(given), digest(configured));
    if (!ok) throw await misses.miss(request);
  };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors";

/**
 * Requests that find nothing — unknown routes, and the admin calls without the right token, which
 * answer exactly as unknown routes do — are counted per client address; past `max` in a window the
 * address gets 429 for every such request (even with the right token) until the window ends. Token
 * guessing and route scanning are slowed to `max` tries a window, and the two stay indistinguishable.
 */
export interface MissLimiter {
  /** The error to answer for a miss: 404 routeNotFound, or 429 once the address is over its budget. */
  miss(request: FastifyRequest): Promise<ApiError>;
  /** True while the address is over its budget (checked before an admin token is compared). */
  blocked(request: FastifyRequest): Promise<boolean>;
}

export function createMissLimiter(app: FastifyInstance, max: number, windowMs: number): MissLimiter {
  const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `miss|${request.ip}` });
  return {
    async miss(request) {
      const state = await limit(request);
      return !state.isAllowed && state.isExceeded ? new ApiError("rateLimited") : new ApiError("routeNotFound");
    },
    async blocked(request) {
      const state = await limit(request, { increment: false });
      return !state.isAllowed && state.remaining <= 0 && state.ttl > 0;
    },
  };
}

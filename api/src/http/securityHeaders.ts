import type { FastifyInstance } from "fastify";

/**
 * Sent with every answer of the api (JSON and evidence images alike; a route that sets its own value,
 * as the evidence image does with its sandboxing CSP, keeps it). The api serves data, never a page:
 * nothing may load from it as a document, frame it or sniff a type into its answers, and no
 * referrer leaves it.
 */
export const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
} as const satisfies Record<string, string>;

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) void reply.header(name, value);
    }
    return payload;
  });
}

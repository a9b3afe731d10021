import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Who may keep a read call's answer: `public` — the same for everyone who sends the same body
 * (markets, a market's trades and odds history); `private` — an account's own answer (its
 * balances, positions, history), kept by that browser only, never by a shared cache.
 */
export type CachePolicy = "public" | "private";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set by registerCall for read calls: the answer carries an ETag and revalidates. */
    cache?: CachePolicy;
  }
}

/** Both make a keeper revalidate every time: the ETag turns an unchanged answer into a bodiless 304. */
const CACHE_CONTROL: Record<CachePolicy, string> = {
  public: "no-cache",
  private: "private, no-cache",
};

/**
 * Conditional answers for the read calls: a strong ETag from the answer's bytes (sha-256), and
 * `If-None-Match` with that tag answers 304 with no body. The tag is computed on the JSON before it
 * is compressed; a compressed answer carries it with the coding appended (`"…-br"`), since its bytes
 * differ, and a request naming either form matches (the stored copy it names is still current).
 *
 * The calls are POSTs (ARCHITECTURE: every call POST with a JSON body), which browsers do not store
 * or revalidate on their own: the 304 serves a client that keeps the tag and sends it back. A 304 to
 * a POST departs from RFC 9110 §13.1.2 (412 for methods other than GET/HEAD); these calls are safe
 * reads, and only a client that chose to send If-None-Match ever gets one.
 *
 * Only 200 answers of calls registered with a cache policy take part: errors, writes (issue, upload,
 * reports, admin) and the evidence image (its own immutable caching) are left as they are.
 */
export function installConditionalAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const policy = request.routeOptions.config.cache;
    if (policy === undefined || reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const tag = `"${createHash("sha256").update(payload).digest("base64url")}"`;
    void reply.header("cache-control", CACHE_CONTROL[policy]);
    const matched = matchingTag(request, tag);
    if (matched === null) {
      void reply.header("etag", tag);
      return payload;
    }
    // The 304 names the tag the client holds: that stored copy (in whichever coding) is current.
    void reply.code(304).header("etag", matched);
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    return null;
  });

  // After the compression hook (added per route as routes are declared, so this one comes later):
  // a coded answer's bytes are another representation, so its strong tag says which coding.
  app.addHook("onRoute", (route) => {
    if (route.config?.cache === undefined) return;
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [
      ...hooks,
      async (_request, reply, payload) => {
        const tag = reply.getHeader("etag");
        const coding = reply.getHeader("content-encoding");
        if (reply.statusCode === 200 && typeof tag === "string" && typeof coding === "string" && coding !== "identity")
          void reply.header("etag", `${tag.slice(0, -1)}-${coding}"`);
        return payload;
      },
    ];
  });
}

/**
 * The If-None-Match entry that names this answer, or null. RFC 9110 §13.1.2 compares weakly (a W/
 * prefix is ignored); `*` matches any current answer; a coding suffix we added is ignored too.
 */
function matchingTag(request: FastifyRequest, tag: string): string | null {
  const header = request.headers["if-none-match"];
  if (header === undefined) return null;
  if (header.trim() === "*") return tag;
  for (const entry of header.split(",")) {
    const sent = entry.trim();
    const opaque = sent.replace(/^W\//, "").replace(/-(?:br|gzip)"$/, '"');
    if (opaque === tag) return sent;
  }
  return null;
}

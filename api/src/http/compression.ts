import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Answers smaller than this go as they are: below ~1 KiB the codec's framing eats most of the gain. */
export const COMPRESS_THRESHOLD = 1024;

/** What the api answers that is worth compressing: its JSON (images are compressed already). */
const COMPRESSIBLE = /^application\/json(?:;|$)|^text\//;

/**
 * br or gzip, as the request's Accept-Encoding prefers, on JSON answers of COMPRESS_THRESHOLD bytes
 * or more (@fastify/compress, as the site's static server does). Brotli at quality 4, the plugin's
 * default: close to gzip's speed with smaller answers. Evidence images keep their bytes.
 *
 * Every JSON answer names Accept-Encoding in Vary, compressed or not (under the threshold, or asked
 * without br/gzip), so no cache hands one client's coding to another. The plugin's hook is added to
 * each route as it is declared, so this runs before the routes are registered.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) appendVary(reply, "accept-encoding");
    return payload;
  });
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    // Answers only: request bodies stay as sent (small JSON, checked against the body limit as is).
    globalDecompression: false,
  });
}

/** Adds a field name to Vary, keeping what is there (CORS names Origin). */
function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const fields = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (fields.some((name) => name === "*" || name.toLowerCase() === field)) return;
  void reply.header("vary", [...fields, field].join(", "));
}

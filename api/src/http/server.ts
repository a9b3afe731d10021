import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Chain } from "../chain/chain";
import type { ApiConfig } from "../config";
import type { Db } from "../db/connect";
import { installCompression } from "./compression";
import { installConditionalAnswers } from "./conditional";
import { clientErrorHandler, createHttpServer } from "./connections";
import { createContext } from "./context";
import { frameworkErrorHandler, installErrorHandling, sendError } from "./errorHandler";
import { ApiError } from "./errors";
import { createMissLimiter } from "./misses";
import { installSecurityHeaders } from "./securityHeaders";
import { ErrorEnvelope } from "@prds/api-schema";
import { registerAdmin } from "./routes/admin";
import { startContentSweep } from "./contentSweep";
import { EVIDENCE_UPLOAD_PATH, registerEvidence } from "./routes/evidence";
import { registerIssue } from "./routes/issue";
import { registerLicenses } from "./routes/licenses";
import { registerMarket } from "./routes/market";
import { registerMarketList } from "./routes/markets";
import { registerStatus } from "./routes/status";
import { registerPortfolio } from "./routes/portfolio";
import { registerRollout } from "./routes/rollout";
import { registerStream } from "./routes/stream";
import { registerUser } from "./routes/user";

export interface ServerOptions {
  db: Db;
  chain: Chain;
  config: ApiConfig;
  logger?: boolean;
}

/** JSON bodies are small (filters, ids, a market's metadata); only the evidence upload is larger. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The api's HTTP server (not listening; main.ts listens): every call POST with a JSON body, answered
 * in the `{ code, msg, data, extra }` envelope, schemas declared once for validation, serialization
 * and the OpenAPI document at GET /api/openapi.json.
 */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db, chain, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Behind a reverse proxy (PRDS_TRUST_PROXY) the client address comes from its X-Forwarded-For.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Time-outs and connection caps (connections.ts): a slow or greedy client is dropped in seconds.
    serverFactory: (handler) => createHttpServer(handler, config),
    // Whatever Fastify or Node would answer in their own shape is answered in the envelope.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ajv: {
      customOptions: {
        // Bodies are JSON: a string where a number belongs is an error, not something to coerce.
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: true,
        allErrors: false,
        // The evidence form's file part, for the OpenAPI document (multipart parts are checked by hand).
        formats: { binary: true },
      },
    },
  });

  installSecurityHeaders(app);
  // Before any route is declared: both add their hooks to each route as it is declared, the
  // compressor's first, so an answer is tagged (and answered 304) before it is compressed.
  await installCompression(app);
  installConditionalAnswers(app);
  installJsonBody(app);
  installBodyTimeout(app, config.bodyTimeoutMs);
  app.addSchema(ErrorEnvelope);

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: false,
    methods: ["GET", "POST"],
    // A client that keeps an answer's ETag sends it back and reads the new one (conditional.ts).
    allowedHeaders: ["content-type", "if-none-match"],
    exposedHeaders: ["etag"],
    maxAge: 600,
    // An OPTIONS without the preflight headers gets an empty 204, not the plugin's text/plain 400.
    strictPreflight: false,
  });
  const redis = config.redisUrl ? sharedLimitStore(app, config.redisUrl) : null;
  await app.register(rateLimit, {
    // Every limit (calls, misses, rollout reports) in one store: this process's memory, or Redis
    // shared by every api process (PRDS_REDIS_URL). A Redis that does not answer lets requests
    // through (logged) rather than failing them: the reverse proxy's limits still hold.
    ...(redis ? { redis, nameSpace: "prds-rate-", skipOnError: true } : {}),
    // Not per route: one hook at the root runs before every route's own hooks (the admin token
    // check) and before the not-found handler, so every request counts, whatever it finds.
    global: false,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    // Thrown into the error handler, which answers the 429 envelope.
    errorResponseBuilder: () => new ApiError("rateLimited"),
  });
  app.addHook("onRequest", app.rateLimit());
  const misses = createMissLimiter(app, config.missLimitMax, config.rateLimitWindowMs);
  installErrorHandling(app, misses);
  await app.register(multipart, {
    // Route-level limits are set where the parts are read (evidence upload).
    limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 4, parts: 5, fieldSize: 16 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "PRDS prediction-market api",
        version: "1.0.0",
        description:
          "Every call is POST with a JSON body and answers { code, msg, data, extra }; code 0 is success. " +
          "Failures carry a stable code, a message key in msg and the English text in extra.message.",
      },
      tags: [
        { name: "markets" },
        { name: "licenses" },
        { name: "user" },
        { name: "issue" },
        { name: "evidence" },
        { name: "status" },
        { name: "rollout" },
        { name: "live" },
      ],
    },
  });

  const ctx = createContext(db, chain, config, app.log);
  const stopSweep = startContentSweep(db, config, app.log);
  app.addHook("onClose", async () => stopSweep());
  registerStatus(app, ctx);
  registerMarketList(app, ctx);
  registerMarket(app, ctx);
  registerLicenses(app, ctx);
  registerUser(app, ctx);
  registerPortfolio(app, ctx);
  registerIssue(app, ctx);
  registerEvidence(app, ctx);
  registerAdmin(app, ctx, misses);
  registerRollout(app, ctx);
  await registerStream(app, ctx);

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.ready();
  return app;
}

/**
 * The Redis connection the rate limits are kept in, closed with the server. Short time-outs and one
 * retry per command (the plugin's advice): a limit check must not hold a request for long.
 */
function sharedLimitStore(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { connectTimeout: 1_000, commandTimeout: 1_000, maxRetriesPerRequest: 1 });
  let lastLogged = 0;
  redis.on("error", (error: Error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    app.log.error({ err: error }, "the shared rate-limit store (PRDS_REDIS_URL) does not answer; limits are not counted");
  });
  app.addHook("onClose", async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * JSON bodies: a missing or empty body is `{}` (spec §7: the client sends an empty object for a
 * missing body); otherwise Fastify's own parser, which refuses prototype poisoning.
 */
function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, {});
    parse(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    if (request.method !== "POST") return;
    // The multipart parser is registered for the evidence upload alone; other calls take JSON.
    if (request.isMultipart() && request.routeOptions.url !== EVIDENCE_UPLOAD_PATH) throw new ApiError("unsupportedMediaType");
    if (request.body === undefined || request.body === null) request.body = {};
  });
}

/**
 * A JSON call's body must arrive within `timeoutMs` of its headers (at most 64 KiB: a client that
 * needs longer is dribbling it to hold the connection). Past it the call answers 408 and the
 * connection is closed. The evidence upload (up to 2 MiB, multipart) is bounded by the server's
 * whole-request time-out instead (connections.ts).
 */
function installBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook("onRequest", async (request, reply) => {
    const raw = request.raw;
    const declared = Number(raw.headers["content-length"] ?? 0);
    const hasBody = declared > 0 || raw.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete || request.routeOptions.url === EVIDENCE_UPLOAD_PATH) return;
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent) return;
      void reply.header("connection", "close");
      reply.raw.once("finish", () => raw.socket?.destroy());
      void sendError(reply, new ApiError("requestTimeout"));
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once("end", clear);
    raw.once("close", clear);
  });
}

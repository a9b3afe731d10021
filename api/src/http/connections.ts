import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyServerFactoryHandler } from "fastify";
import type { ApiConfig } from "../config";
import { ApiError, type ErrorName } from "./errors";
import { errorBody } from "./errorHandler";
import { SECURITY_HEADERS } from "./securityHeaders";

export type ConnectionLimits = Pick<
  ApiConfig,
  "headersTimeoutMs" | "requestTimeoutMs" | "idleTimeoutMs" | "keepAliveTimeoutMs" | "maxConnectionsPerIp" | "maxConnections"
>;

/**
 * The api's HTTP server, built so that slow or numerous clients cannot exhaust it: headers must
 * arrive within headersTimeoutMs and a whole request within requestTimeoutMs (checked every second,
 * not Node's default 30 s), a silent connection is closed after idleTimeoutMs, and one address may
 * hold at most maxConnectionsPerIp connections (further ones are closed at once). A JSON body's own
 * time-out (bodyTimeoutMs) is a hook in server.ts. Behind a reverse proxy every connection comes
 * from the proxy: set PRDS_MAX_CONNECTIONS_PER_IP=0 there and let the proxy cap each client (README).
 */
export function createHttpServer(handler: FastifyServerFactoryHandler, limits: ConnectionLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // No 'timeout' listener: Node destroys a socket idle this long.
  server.setTimeout(limits.idleTimeoutMs);
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;

  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (limits.maxConnectionsPerIp > 0 && count > limits.maxConnectionsPerIp) {
      // No request has been read yet, so there is nothing to answer: the connection is refused.
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return server;
}

/** A raw HTTP/1.1 error answer in the envelope, for failures that happen before Fastify has a request. */
export function rawErrorResponse(name: ErrorName): string {
  const error = new ApiError(name);
  const body = JSON.stringify(errorBody(error));
  const headers = [
    `HTTP/1.1 ${error.statusCode} ${http.STATUS_CODES[error.statusCode] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...Object.entries(SECURITY_HEADERS).map(([key, value]) => `${key}: ${value}`),
  ];
  return `${headers.join("\r\n")}\r\n\r\n${body}`;
}

/** Node's parser errors, answered in the envelope (Fastify's default answers its own JSON shape). */
const CLIENT_ERRORS: Record<string, ErrorName> = {
  ERR_HTTP_REQUEST_TIMEOUT: "requestTimeout",
  HPE_HEADER_OVERFLOW: "headersTooLarge",
  HPE_URI_TOO_LONG: "uriTooLong",
};

/**
 * Fastify's clientErrorHandler: a request Node could not parse (malformed, headers over the limit,
 * not complete within requestTimeoutMs) gets the envelope with a stable code, never an echo of what
 * was sent, and the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) socket.end(rawErrorResponse(CLIENT_ERRORS[error.code ?? ""] ?? "badRequest"));
  socket.destroySoon();
}

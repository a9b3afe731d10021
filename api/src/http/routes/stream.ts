import type { FastifyInstance } from "fastify";
import { AlertsBody, AlertsData, AlertsExtra, EmptyBody, NoExtra, StreamQuery, StreamStatusData } from "@prds/api-schema";
import { registerCall, ERROR_ENVELOPE_REF } from "../call";
import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { addressOf } from "../inputs";
import { SECURITY_HEADERS } from "../securityHeaders";
import { visitorKey } from "../visitorKey";
import { accountAlerts } from "../../stream/alerts";
import { StreamHub } from "../../stream/hub";

export const STREAM_PATH = "/api/stream";

/**
 * The live product (issue 28): GET /api/stream, the Server-Sent Events a page follows for the
 * markets it shows and its account; /api/user/alerts, an account's alerts; /api/stream/status, this
 * process's streams and events for monitoring. The stream itself lives in api/src/stream.
 */
export async function registerStream(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new StreamHub(ctx, ctx.config.stream);
  await hub.start();
  app.addHook("onClose", async () => hub.close());

  app.get(
    STREAM_PATH,
    {
      schema: {
        summary: "Live events for the markets a page shows and its account (Server-Sent Events)",
        description:
          "Events: hello, market (a /api/markets list item), trade (a /api/market/trades item), position, claimable, " +
          "alert, resync, heartbeat. Each batch ends with an id; a client that reconnects with Last-Event-ID (or ?since=) is replayed " +
          "what it missed while the changes are kept (PRDS_STREAM_RETENTION_S, 15 minutes by default), or told to resync. " +
          "A heartbeat event (data {}, the last id) every PRDS_STREAM_HEARTBEAT_MS, announced in hello's heartbeatSeconds: " +
          "a stream silent for longer is broken. Errors before the stream starts answer the JSON envelope.",
        tags: ["live"],
        querystring: StreamQuery,
        response: {
          200: {
            description: "text/event-stream",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          "4xx": ERROR_ENVELOPE_REF,
          "5xx": ERROR_ENVELOPE_REF,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { markets?: string; account?: string; since?: string };
      const markets = [
        ...new Set(
          (query.markets ?? "")
            .split(",")
            .filter((id) => id !== "")
            .map(Number),
        ),
      ];
      const account = query.account ? addressOf(query.account, "account") : null;
      const resume = request.headers["last-event-id"] ?? query.since;
      const since = typeof resume === "string" && /^[0-9]{1,15}$/.test(resume) ? Number(resume) : null;
      const visitor = visitorKey(request.ip);
      if (!hub.admits(visitor)) throw new ApiError("streamLimit");

      // The response is written by the hub from here on; CORS and the security headers set so far go with it.
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      reply.hijack();
      reply.raw.writeHead(200, {
        ...headers,
        ...SECURITY_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      // Heartbeats keep it alive; the server's idle time-out is for request/answer connections.
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);
      reply.raw.write("retry: 3000\n\n");
      await hub.attach(reply.raw, { markets, account, visitor }, since);
    },
  );

  registerCall(
    app,
    {
      path: "/api/user/alerts",
      cache: "private",
      summary: "An account's alerts now: deadlines near, results confirmed, challenges, votes, claims",
      description:
        "Kinds: closingSoon (a held market stops trading within 1 hour), resultConfirmed, challengeOpened (a held or issued market), " +
        "voteOpened / voteEndsSoon (within 1 day), claimable, confirmWindowOpened / confirmWindowEndsSoon (the issuer's). " +
        "Times are chain time; nextAt is when the next one falls due with nothing else changing.",
      tags: ["user"],
      body: AlertsBody,
      data: AlertsData,
      extra: AlertsExtra,
    },
    async (body) => {
      const alerts = await accountAlerts(ctx, addressOf(body.account, "account"));
      return { data: { list: alerts.list }, extra: { now: alerts.now, nextAt: alerts.nextAt } };
    },
  );

  registerCall(
    app,
    {
      path: "/api/stream/status",
      summary: "This api process's live streams: open, events sent, streams dropped or refused",
      tags: ["live"],
      body: EmptyBody,
      data: StreamStatusData,
      extra: NoExtra,
    },
    async () => ({
      data: { open: hub.open, ...hub.metrics, lastChange: hub.lastChange },
      extra: null,
    }),
  );
}

import type { Static, TSchema } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { Envelope } from "@prds/api-schema";
import type { CachePolicy } from "./conditional";

/** Paths of every POST call (but the secret ones), so a GET on one answers 405 rather than 404. */
export const CALL_PATHS = new Set<string>();

export interface CallSpec<B extends TSchema, D extends TSchema, E extends TSchema> {
  path: `/api/${string}`;
  summary: string;
  description?: string;
  tags: string[];
  body: B;
  data: D;
  extra: E;
  /** Runs before the body is parsed or validated (the admin token check). */
  onRequest?: onRequestAsyncHookHandler;
  /**
   * A guarded call (admin): another method answers 404 as an unknown route does, not 405, and the
   * public OpenAPI document leaves it out, so nothing tells it apart from a path that does not exist.
   */
  secret?: boolean;
  /**
   * A read call whose 200 answer carries an ETag and answers a matching If-None-Match with 304
   * (conditional.ts); `private` for an account's own answers. Writes leave it out.
   */
  cache?: CachePolicy;
}

export interface CallResult<D extends TSchema, E extends TSchema> {
  data: Static<D>;
  extra: Static<E>;
}

/** An answer already serialized with the call's schema, kept by a cache and sent as is. */
export class Serialized {
  constructor(readonly json: string) {}
}

export interface CallTools<D extends TSchema, E extends TSchema> {
  /** The answer's envelope serialized once, for a cache to hand to many requests. */
  serialize(result: CallResult<D, E>): Serialized;
}

/** Shared schema id of the error envelope (added once by the server). */
export const ERROR_ENVELOPE_REF = Type.Unsafe<unknown>({ $ref: "ErrorEnvelope#" });

/**
 * Registers one POST call: the body schema validates the request, the envelope schema serializes the
 * answer, and both land in the OpenAPI document. Handlers return data and extra; the envelope
 * (`code` 0, `msg` "success") is added here, and failures are thrown as ApiError.
 */
export function registerCall<B extends TSchema, D extends TSchema, E extends TSchema>(
  app: FastifyInstance,
  spec: CallSpec<B, D, E>,
  handler: (body: Static<B>, request: FastifyRequest, tools: CallTools<D, E>) => Promise<CallResult<D, E> | Serialized>,
): void {
  if (!spec.secret) CALL_PATHS.add(spec.path);
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    spec.path,
    {
      ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
      ...(spec.cache ? { config: { cache: spec.cache } } : {}),
      schema: {
        ...(spec.secret ? { hide: true } : {}),
        summary: spec.summary,
        description: spec.description,
        tags: spec.tags,
        body: spec.body,
        response: { 200: Envelope(spec.data, spec.extra), "4xx": ERROR_ENVELOPE_REF, "5xx": ERROR_ENVELOPE_REF },
      },
    },
    async (request, reply) => {
      const envelope = (result: CallResult<D, E>) => ({
        code: 0 as const,
        msg: "success",
        data: result.data,
        extra: result.extra,
      });
      const tools: CallTools<D, E> = {
        serialize: (result) => {
          const json = reply.serialize(envelope(result));
          return new Serialized(typeof json === "string" ? json : Buffer.from(json as ArrayBuffer).toString("utf8"));
        },
      };
      // The body schema has validated the request body before the handler runs.
      const result = await handler(request.body as Static<B>, request, tools);
      if (result instanceof Serialized) return reply.type("application/json; charset=utf-8").send(result.json);
      return envelope(result);
    },
  );
}

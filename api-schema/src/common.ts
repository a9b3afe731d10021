import { Type, type Static, type TSchema } from "@sinclair/typebox";

/**
 * Building blocks every call's schema uses. Each schema is declared once and serves request
 * validation (Ajv), response serialization (fast-json-stringify) and the OpenAPI document.
 *
 * Nullable primitives are written as `type: [T, "null"]` rather than `anyOf`: fast-json-stringify
 * serializes a type list directly but has to try each branch of an anyOf, which is slow.
 */
type Primitive = "string" | "integer" | "number" | "boolean";
interface PrimitiveOf {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
}

export function Nullable<P extends Primitive>(type: P, options: Record<string, unknown> = {}) {
  return Type.Unsafe<PrimitiveOf[P] | null>({ ...options, type: [type, "null"] });
}

export const Address = Type.String({
  pattern: "^0x[0-9a-fA-F]{40}$",
  description: "An EVM address; answered lowercase. Mixed case must carry a valid EIP-55 checksum.",
  examples: ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"],
});
export const Bytes32 = Type.String({ pattern: "^0x[0-9a-fA-F]{64}$", description: "32 bytes as 0x-hex (a hash)" });
export const TxHash = Type.String({ pattern: "^0x[0-9a-fA-F]{64}$", description: "A transaction hash" });

/** Amounts are answered as decimal strings of 18-decimal token units (wei), never as numbers. */
export const Amount = Type.String({ pattern: "^[0-9]+$", description: "Token units (18 decimals) as a decimal string" });
/** A signed amount (profit). */
export const SignedAmount = Type.String({ pattern: "^-?[0-9]+$", description: "Signed token units as a decimal string" });
export const NullableAmount = Nullable("string", { pattern: "^[0-9]+$", description: "Token units, or null" });
export const NullableSignedAmount = Nullable("string", { pattern: "^-?[0-9]+$", description: "Signed token units, or null" });
/** A ratio such as odds or an implied probability: a decimal string, rounded down to 6 places. */
export const Ratio = Type.String({ pattern: "^[0-9]+(\\.[0-9]+)?$", description: "Decimal ratio, rounded down to 6 places" });
/** A ratio that may be undefined (no stake), described for the OpenAPI document. */
export function NullableRatio(description: string) {
  return Nullable("string", {
    pattern: "^[0-9]+(\\.[0-9]+)?$",
    description: `${description}; a decimal rounded down to 6 places`,
  });
}
export const UnixTime = Type.Integer({ minimum: 0, description: "Unix seconds (chain time)" });
export const NullableTime = Nullable("integer", { description: "Unix seconds, or null" });

/** Market ids come as an integer or a decimal string; answered as a string. */
export const MarketIdInput = Type.Union(
  [Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ pattern: "^[1-9][0-9]{0,15}$" })],
  { description: "Market id: a positive integer or its decimal string" },
);
export const MarketId = Type.String({ pattern: "^[0-9]+$", description: "Market id as a decimal string" });
export const TokenIdInput = Type.Union(
  [Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ pattern: "^(0|[1-9][0-9]{0,15})$" })],
  { description: "License token id: an integer or its decimal string" },
);
export const TokenId = Type.String({ pattern: "^[0-9]+$", description: "License token id as a decimal string" });

export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: "1-based page" })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20, description: "Rows per page (≤ 100)" }),
  ),
};

export function PagedList<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
}
/** One page of a list as a PagedList answers it (the pages' type; the api builds it from the schema). */
export interface Paged<T> {
  readonly list: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * Every answer as the pages read it before they know which: `code` 0 with the call's data and extra
 * (Envelope), or a failure's code, message key and details (ErrorEnvelope).
 */
export interface ApiEnvelope<TData = unknown, TExtra = unknown> {
  readonly code: number;
  readonly msg?: string;
  readonly data: TData;
  readonly extra?: TExtra;
}

/** The success envelope: `code` 0, `msg` "success". */
export function Envelope<D extends TSchema, E extends TSchema>(data: D, extra: E) {
  return Type.Object({
    code: Type.Literal(0),
    msg: Type.String(),
    data,
    extra,
  });
}

/** Every failure: a stable code ≠ 0, a message key, null data, the English text and details in extra. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: "Stable error code (see the error catalogue)" }),
    msg: Type.String({ description: "Message key, e.g. api.error.invalidBody" }),
    data: Type.Null(),
    extra: Type.Object(
      {
        message: Type.String({ description: "English text of the error" }),
        field: Type.Optional(Type.String({ description: "The body field at fault" })),
        details: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: true },
    ),
  },
  { $id: "ErrorEnvelope" },
);
export type ErrorEnvelopeBody = Static<typeof ErrorEnvelope>;

export const NoExtra = Type.Null();
export const EmptyBody = Type.Object({}, { description: "No fields (an empty object, or no body at all)" });

/**
 * What a page reads: a schema's type made deeply readonly (answers sit in the page's one data cache
 * and are never changed in place). The api builds its answers with the plain `Static` types.
 */
export type Answer<S extends TSchema> = DeepReadonly<Static<S>>;
type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The list an issuer files a market under; one home, shared with the front end. */
export { MARKET_CATEGORIES as CATEGORIES, type MarketCategory as Category } from "@prds/contracts/metadata";

/** The 12 languages of the front end (locales/). */
export const LANGUAGES = ["en", "zh", "ko", "fr", "ru", "de", "es", "ar", "ja", "th", "ms", "vi"] as const;
export type Language = (typeof LANGUAGES)[number];

export function StringEnum<T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: "string", enum: [...values] });
}

/** One of `values`, or null (a type list, like Nullable, so serialization stays direct). */
export function NullableEnum<T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number] | null>({ ...options, type: ["string", "null"], enum: [...values, null] });
}

/**
 * @prds/api-schema: the api's bodies and answers, declared once as TypeBox schemas. The api
 * validates, serializes and documents (`/api/openapi.json`) every call with them; the pages read
 * the same answers through their types (`import type`), so an answer is typed in one place.
 * Value imports from here bring TypeBox: the pages take values only from `@prds/api-schema/literals`.
 */
export * from "./literals";
export * from "./common";
export * from "./markets";
export * from "./market";
export * from "./user";
export * from "./licenses";
export * from "./issue";
export * from "./evidence";
export * from "./rollout";
export * from "./portfolio";
export * from "./live";

import { metadataHash } from "@prds/contracts/actions";
import type { MarketMetadataInput } from "@prds/contracts/metadata";
import { ADMIN_TOKEN, type HttpHarness } from "./http";

/** What the http-moderation*.test.ts files submit and how they count what is stored. */
export const NOW = 1_800_000_000;

export interface Submitted {
  status: "approved" | "audit";
  hash: string | null;
  reason: string | null;
  event: string;
  options: string[];
  category: string;
}

export function body(event: string, patch: Record<string, unknown> = {}) {
  return {
    event,
    options: ["Yes", "No"],
    category: "other",
    description: "",
    resolutionSource: "",
    url: "",
    content: "",
    language: "en",
    ...patch,
  };
}
export const submitTo = (h: HttpHarness, b: Record<string, unknown>) => h.post<Submitted>("/api/issue/submit-underlying", b);
/** The hash the api answers for a submission: every shown field, normalized (@prds/contracts). */
export const hashOf = (b: Record<string, unknown>) => metadataHash(b as unknown as MarketMetadataInput).toLowerCase();
export const admin = { "x-admin-token": ADMIN_TOKEN };
export const metadataCountOf = async (h: HttpHarness) =>
  Number(
    (
      await h.db.kysely
        .selectFrom("market_metadata")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

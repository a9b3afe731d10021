import { getAddress } from "ethers";
import { apiError } from "./errors";

/**
 * Checks the schemas cannot express. An address in mixed case carries an EIP-55 checksum, and a
 * wrong one means a mistyped address: refused rather than silently lowercased. Addresses are
 * stored and answered lowercase.
 */
export function addressOf(input: string, field: string): string {
  const lower = input.toLowerCase();
  const mixed = input.slice(2) !== lower.slice(2) && input.slice(2) !== input.slice(2).toUpperCase();
  if (mixed) {
    try {
      getAddress(input);
    } catch {
      throw apiError("invalidAddress", { field });
    }
  }
  return lower;
}

export function optionalAddress(input: string | undefined, field: string): string | null {
  return input === undefined ? null : addressOf(input, field);
}

/** A market id from a body (integer or decimal string, already pattern-checked). */
export function marketIdOf(input: number | string, field = "id"): number {
  const id = typeof input === "number" ? input : Number(input);
  if (!Number.isSafeInteger(id) || id < 1) throw apiError("invalidMarketId", { field });
  return id;
}

export function tokenIdOf(input: number | string): number {
  const id = typeof input === "number" ? input : Number(input);
  if (!Number.isSafeInteger(id) || id < 0) throw apiError("invalidBody", { field: "tokenId" }, "tokenId: not a valid token id");
  return id;
}

export function pageOf(body: { page?: number; pageSize?: number }): { page: number; pageSize: number; offset: number } {
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

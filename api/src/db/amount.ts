import type { Dialect } from "./connect";

/** uint256 has at most 78 decimal digits. */
export const AMOUNT_DIGITS = 78;
const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * An amount as stored: PostgreSQL keeps NUMERIC(78,0) (a decimal string in and out); SQLite keeps
 * text zero-padded to 78 digits so that text order is numeric order.
 */
export function toDbAmount(dialect: Dialect, value: bigint): string {
  if (value < 0n || value > MAX_UINT256) throw new RangeError(`amount out of uint256 range: ${value}`);
  return dialect === "sqlite" ? value.toString().padStart(AMOUNT_DIGITS, "0") : value.toString();
}

/** Reads an amount from either dialect (padded text, numeric string). */
export function fromDbAmount(stored: string | number | bigint): bigint {
  return BigInt(stored);
}

/** A stored amount as the api answers it: a plain decimal string of token units. */
export function amountText(stored: string | number | bigint): string {
  return BigInt(stored).toString();
}

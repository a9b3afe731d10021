import { parseUnits } from "ethers";
import type { enums } from "@prds/contracts";
import { postJson, type ApiAnswer } from "./apiProcess";

/** Units, names and the api transport the protocol driver and suites share (helpers/protocol.ts re-exports them). */

export const u = (amount: number | string): bigint => parseUnits(String(amount), 18);
export const HOUR = 3600;
export const DAY = 24 * HOUR;

/** A 1×1 PNG: the smallest image the evidence upload accepts. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export type MarketStateName = (typeof enums.IMarketsTypes.MarketState)[number];
export type ChallengeStatusName = (typeof enums.IMarketsTypes.ChallengeStatus)[number];
export type LicenseStateName = (typeof enums.LicenseMarketplace.LicenseState)[number];
export type LicenseTypeName = (typeof enums.ILicense.LicenseType)[number];

/** A transaction as mined: its hash and block (what get-trans-status and waitForBlock take). */
export interface Tx {
  hash: string;
  blockNumber: number;
  status: number;
}

// ------------------------------------------------------------------ api transport

/** How the driver and the suites reach an api: a base URL on 127.0.0.1 (in-process or child process). */
export interface ApiClient {
  baseUrl: string;
  post<T = unknown>(route: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  /** A multipart POST: text fields plus at most one file. */
  upload<T = unknown>(
    route: string,
    fields: Record<string, string>,
    file?: { field: string; filename: string; type: string; bytes: Uint8Array },
  ): Promise<ApiAnswer<T>>;
  /** Answers `data` of a call that must succeed (HTTP 200, code 0); throws with the answer otherwise. */
  ok<T = unknown>(route: string, body?: unknown): Promise<T>;
}

export function apiClient(baseUrl: string): ApiClient {
  const post = <T>(route: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> =>
    postJson<T>(baseUrl, route, body, headers);
  return {
    baseUrl,
    post,
    upload: async <T>(
      route: string,
      fields: Record<string, string>,
      file?: { field: string; filename: string; type: string; bytes: Uint8Array },
    ): Promise<ApiAnswer<T>> => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append(file.field, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.filename);
      const response = await fetch(`${baseUrl}${route}`, { method: "POST", body: form });
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) as ApiAnswer<T>["body"] };
      } catch {
        throw new Error(`POST ${route} (multipart) → ${response.status}, not JSON: ${text.slice(0, 300)}`);
      }
    },
    ok: async <T>(route: string, body: unknown = {}): Promise<T> => {
      const answer = await post<T>(route, body);
      if (answer.status !== 200 || answer.body.code !== 0) {
        throw new Error(`POST ${route} ${JSON.stringify(body)} → HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return answer.body.data;
    },
  };
}

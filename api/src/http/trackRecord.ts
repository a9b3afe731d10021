import { fromDbAmount } from "../db/amount";
import type { Db } from "../db/connect";
import { sum } from "./pricing";
import type { TrackRecordBody } from "@prds/api-schema";

/**
 * An issuer's record from its markets' stored phases (settled on chain): how many it issued, how
 * they ended, how many drew a challenge and how many results a challenge or a vote overturned.
 * Amounts are added up here rather than in SQL, because SQLite keeps them as text.
 */
export async function trackRecord(db: Db, account: string): Promise<TrackRecordBody> {
  const rows = await db.kysely
    .selectFrom("markets")
    .select(["phase", "challenge_count", "overturned", "bond_state", "volume", "issuer_fee"])
    .where("issuer", "=", account)
    .execute();
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  return {
    account,
    issued: rows.length,
    running: count((r) => !["Final", "Cancelled", "Void", "Invalid"].includes(r.phase)),
    finished: count((r) => r.phase === "Final"),
    cancelled: count((r) => r.phase === "Cancelled"),
    void: count((r) => r.phase === "Void"),
    invalid: count((r) => r.phase === "Invalid"),
    challenged: count((r) => r.challenge_count > 0),
    overturned: count((r) => r.overturned === 1),
    bondsSlashed: count((r) => r.bond_state === "slashed"),
    volume: sum(rows.map((r) => fromDbAmount(r.volume))).toString(),
    issuerFees: sum(rows.map((r) => fromDbAmount(r.issuer_fee ?? "0"))).toString(),
  };
}
